import type { OutboxCounts } from '../../../shared/ipc/channels/baskets'
import { AppError } from '../../../shared/ipc/contract-kit'
import { serviceOf, type ActiveSession } from '../connection/connection'
import { requireProductionConfirmed } from '../connection/production-guard'
import type { CoreContext, Feature } from '../context'
import { openBasketStore, type BasketStore } from './basket-store'
import { damagedDraftsNotice } from './drafts-damaged-alert'
import { exportDrafts, importDrafts } from './drafts-file'
import { Drafts } from './drafts'
import { Outbox } from './outbox'
import { previewImport } from './paste-import'
import { emptyCatalogue, refreshEstimates, type PriceCatalogue } from './price-catalogue'
import { referenceData } from './reference-data'
import { assertFullyRead, draftFromBasket, ServerBaskets } from './server-baskets'
import { unreadFields } from '../../../shared/api'

interface BasketsOptions {
  /** The cached catalogue of the active profile (the catalogue feature's reader). */
  catalogue?: () => PriceCatalogue | null
  concurrency?: number
  retryBaseMs?: number
}

interface ProfileBaskets {
  profileId: string
  /** The profile's current session: a profile edited to another account is a new session on the same drafts. */
  session: ActiveSession
  store: BasketStore
  drafts: Drafts
  outbox: Outbox
}

/**
 * Baskets: local drafts (per profile, offline), the outbox that submits them exactly once, and the
 * organisation's server-side baskets. The outbox follows the connection: it runs for the active
 * profile and is kicked whenever the service becomes reachable again.
 */
export function basketsFeature(ctx: CoreContext, opts: BasketsOptions = {}): Feature & { current(): ProfileBaskets | null } {
  let active: ProfileBaskets | null = null
  let lastCounts = ''
  let unsubscribe: (() => void) | null = null
  /** The stores of the profile last left, closing. */
  let retiring: Promise<void> = Promise.resolve()
  const catalogue = () => opts.catalogue?.() ?? emptyCatalogue

  const emitCounts = (p: ProfileBaskets) => {
    const counts: OutboxCounts = p.drafts.outboxCounts()
    const key = JSON.stringify(counts)
    if (key === lastCounts) return
    lastCounts = key
    ctx.emit('outbox.changed', counts)
  }

  const open = (session: ActiveSession): ProfileBaskets => {
    const { store, movedAside } = openBasketStore(session.profileDir, () => ctx.clock.now())
    if (movedAside) {
      ctx.log.error('the drafts file was damaged; it was moved aside and an empty one started', { movedAside })
      ctx.notifier.show(damagedDraftsNotice(session.user?.locale, movedAside, ctx.clock.now()))
    }
    store.holdService(serviceOf(session.profile))
    const p = {} as ProfileBaskets
    const changed = (draftId: string | null) => {
      if (active !== p) return
      // The line count travels along, so the header's badge follows an edit without a listing of every draft.
      const lineCount = draftId === null ? null : (store.get(draftId)?.doc.line_items.length ?? null)
      ctx.emit('baskets.changed', { draftId, lineCount })
      emitCounts(p)
    }
    p.profileId = session.profile.id
    p.session = session
    p.store = store
    p.outbox = new Outbox({
      store,
      client: () => (ctx.connection.active() === p.session ? p.session.client : null),
      service: () => serviceOf(p.session.profile),
      clock: ctx.clock,
      log: ctx.log,
      noteSuccess: () => ctx.connection.noteSuccess(),
      noteFailure: (err) => ctx.connection.noteFailure(err),
      changed,
      concurrency: opts.concurrency,
      retryBaseMs: opts.retryBaseMs,
    })
    p.drafts = new Drafts({
      store,
      catalogue,
      actingOrganisation: () => p.session.actingOrganisation?.id ?? p.session.user?.organisation ?? null,
      changed,
      service: () => serviceOf(p.session.profile),
      kickOutbox: () => p.outbox.kick(),
    })
    return p
  }

  const retire = async (p: ProfileBaskets | null) => {
    if (!p) return
    await p.outbox.stop()
    p.store.close()
  }

  const referenceFor = (p: ProfileBaskets, organisation: number | null) => {
    const s = ctx.connection.active()
    return referenceData(
      {
        store: p.store,
        client: s?.client ?? null,
        current: () => ctx.connection.active() === s,
        noteSuccess: () => ctx.connection.noteSuccess(),
        noteFailure: (err) => ctx.connection.noteFailure(err),
      },
      organisation,
    )
  }

  /**
   * While online, the lists a draft is filled from are fetched ahead, so drafting works offline
   * later. That includes the organisations (the connection caches them): a draft's organisation
   * is checked against them, offline too. Once per session and organisation (every half hour at
   * most): a new session may be another account's, or another service's.
   */
  let warmed: { session: ActiveSession | null; org: number | null; at: number } = { session: null, org: null, at: 0 }
  const warm = (p: ProfileBaskets, session: ActiveSession) => {
    if (!ctx.connection.online) return
    const org = session.actingOrganisation?.id ?? session.user?.organisation ?? null
    if (warmed.session === session && warmed.org === org && ctx.clock.now() - warmed.at < 30 * 60_000) return
    warmed = { session, org, at: ctx.clock.now() }
    const failed = (err: unknown) => ctx.log.warn('could not prefetch the baskets reference lists', { message: (err as Error).message })
    ctx.connection.organisations().catch(failed)
    referenceFor(p, org).catch(failed)
  }

  /** Opens the baskets of the active profile (synchronously, so a handler can use them at once). */
  const follow = (session: ActiveSession | null): ProfileBaskets | null => {
    if (session && active?.profileId === session.profile.id) {
      // The service can only change with the session (a profile edited to another one); the
      // other news (online, acting organisation) leaves it as it is.
      if (active.session !== session) {
        active.session = session
        active.store.holdService(serviceOf(session.profile))
      }
      if (ctx.connection.online) {
        active.outbox.online()
        warm(active, session)
      }
      return active
    }
    const old = active
    active = null
    lastCounts = ''
    retiring = retire(old)
    if (!session) return null
    const p = open(session)
    active = p
    emitCounts(p)
    p.outbox.start()
    warm(p, session)
    return p
  }

  const require = (): ProfileBaskets => {
    const s = ctx.connection.active()
    if (!s) throw new AppError('no_profile', 'No connection is active. Connect to your account or explore with demo data first.')
    return active?.profileId === s.profile.id ? active : follow(s)!
  }
  const server = () => new ServerBaskets(ctx.connection.require().client)
  /** Server calls report their outcome so the online state follows real traffic. */
  const online = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      const r = await fn()
      ctx.connection.noteSuccess()
      return r
    } catch (err) {
      ctx.connection.noteFailure(err)
      throw err
    }
  }

  return {
    current: () => active,
    handlers: {
      'baskets.list': () => require().drafts.list(),
      'baskets.get': ({ id }) => require().drafts.get(id),
      'baskets.create': ({ organisation, doc }) => require().drafts.create(organisation, doc),
      'baskets.remove': ({ id }) => ({ removed: require().drafts.remove(id) }),
      'baskets.setCurrent': ({ id }) => ({ currentId: require().drafts.setCurrent(id) }),
      'baskets.update': ({ id, patch }) => require().drafts.update(id, patch),
      'baskets.setOrganisation': async ({ id, organisation }) => {
        const orgs = await ctx.connection.organisations()
        if (!orgs.some((o) => o.id === organisation)) throw new AppError('not_found', 'That organisation is not one you can act for.', { organisation: 'Not one of your organisations' })
        return require().drafts.setOrganisation(id, organisation)
      },
      'baskets.addLine': ({ draftId, sku, productId, quantity }) => require().drafts.addLine(draftId, { sku, productId, quantity }),
      'baskets.updateLine': ({ id, key, patch }) => require().drafts.updateLine(id, key, patch),
      'baskets.removeLine': ({ id, key }) => require().drafts.removeLine(id, key),
      'baskets.restoreLine': ({ id, line, index }) => require().drafts.restoreLine(id, line, index),
      'baskets.moveLine': ({ id, key, to }) => require().drafts.moveLine(id, key, to),
      'baskets.previewImport': ({ text }) => previewImport(text, catalogue()),
      'baskets.importLines': ({ id, rows }) => require().drafts.importLines(id, rows),
      'baskets.refreshEstimate': ({ id }) => require().drafts.refreshEstimate(id),
      'baskets.submit': ({ id }) => {
        requireProductionConfirmed(ctx.connection.active()?.profile)
        return require().drafts.submit(id)
      },
      'baskets.acceptPrices': ({ id }) => require().drafts.acceptPrices(id),
      'baskets.editAgain': ({ id }) => require().drafts.editAgain(id),
      'baskets.retry': ({ id }) => require().drafts.retry(id),
      'baskets.useWithService': ({ id }) => require().drafts.useWithService(id),
      'baskets.outbox': () => require().drafts.outboxCounts(),
      'baskets.exportDrafts': () => exportDrafts(require().store, serviceOf(ctx.connection.require().profile), ctx.clock.now()),
      'baskets.importDrafts': ({ text }) => {
        const p = require()
        const s = ctx.connection.require()
        const imported = importDrafts(p.store, text, serviceOf(s.profile), s.actingOrganisation?.id ?? s.user?.organisation ?? null)
        ctx.emit('baskets.changed', { draftId: null })
        return { imported }
      },
      'baskets.referenceData': ({ organisation }) => {
        const s = ctx.connection.active()
        return referenceFor(require(), organisation ?? s?.actingOrganisation?.id ?? s?.user?.organisation ?? null)
      },
      'baskets.productInfo': ({ productId }) => require().drafts.productInfo(productId),
      'baskets.serverList': (q) => online(() => server().list(q)),
      'baskets.serverGet': async ({ id }) => {
        const basket = await online(() => server().get(id))
        return { basket, unread: unreadFields(basket) }
      },
      'baskets.serverSave': ({ id, patch, lines }) => online(() => server().save(id, patch, lines)),
      'baskets.serverAddLine': ({ id, sku, quantity }) => online(() => server().addLine(id, sku, quantity)),
      'baskets.serverSubmit': ({ id }) => {
        requireProductionConfirmed(ctx.connection.active()?.profile)
        return online(() => server().submit(id))
      },
      'baskets.workOffline': async ({ id }) => {
        const p = require()
        const basket = await online(() => server().get(id))
        if (basket.status !== 'DRAFT') throw new AppError('conflict', 'This basket has already been submitted.')
        assertFullyRead(basket)
        const doc = await refreshEstimates(catalogue(), draftFromBasket(basket))
        return p.drafts.create(basket.organisation, doc, basket.id)
      },
    },
    start: () => {
      unsubscribe = ctx.connection.onChange((s) => {
        follow(s)
        return retiring
      })
      follow(ctx.connection.active())
    },
    stop: async () => {
      unsubscribe?.()
      unsubscribe = null
      const p = active
      active = null
      await retire(p)
    },
  }
}
