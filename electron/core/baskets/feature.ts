import type { OutboxCounts } from '../../../shared/model/outbox'
import { AppError } from '../../../shared/model/app-error'
import { serviceOf, type ActiveSession } from '../connection/connection'
import { ProfileScoped } from '../connection/profile-scoped'
import { requireProductionConfirmed } from '../connection/production-guard'
import type { CoreContext, Feature } from '../context'
import { openBasketStore, type BasketStore } from './basket-store'
import { damagedDraftsNotice } from './drafts-damaged-alert'
import { exportDrafts, importDrafts } from './drafts-file'
import { Drafts } from './drafts'
import { Outbox } from './outbox'
import { sentBasketsAlert, type SentBasket } from './sent-alert'
import { unsentBasketsAlert, type UnsentBasket } from './unsent-alert'
import { uiLanguage } from '../system/feature'
import { previewImport } from './paste-import'
import { emptyCatalogue, refreshEstimates, type PriceCatalogue } from './price-catalogue'
import { referenceData } from './reference-data'
import { assertFullyRead } from '../service/fully-read'
import { ServerBaskets } from './server-baskets'
import { draftFromBasket } from '../../../shared/model/draft-from-basket'
import { DraftDoc, draftTitle } from '../../../shared/model/draft'
import type { DraftsPort } from '../orders/drafts-port'
import type { TemplateDraftsPort } from '../reorder/template-drafts-port'
import { unreadFields } from '../../../shared/api'

interface BasketsOptions {
  /** The cached catalogue of the active profile (the catalogue feature's reader). */
  catalogue?: () => PriceCatalogue | null
  /** Whether the rep sees the window (the shell's); absent: always. Out of sight, a basket sent, or one that needs the rep, is a desktop alert. */
  windowInSight?: () => boolean
  /** The rep paused desktop alerts (the orders' alert preferences, where "paused" is kept). */
  alertsPaused?: () => boolean
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

/** The baskets feature as the core wires it: its channels, and the typed ports other features are given. */
export interface BasketsFeature extends Feature, DraftsPort, TemplateDraftsPort {
  current(): ProfileBaskets | null
  /** The active profile's outbox counts (no_profile without one). */
  outboxCounts(): OutboxCounts
}

/**
 * Baskets: local drafts (per profile, offline), the outbox that submits them exactly once, and the
 * organisation's server-side baskets. The outbox follows the connection: it runs for the active
 * profile and is kicked whenever the service becomes reachable again.
 */
export function basketsFeature(ctx: CoreContext, opts: BasketsOptions = {}): BasketsFeature {
  let lastCounts = ''
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
    /** Baskets this pass of the outbox sent, or could not send, while the window was out of sight: said together when it ends. */
    const unsaid: SentBasket[] = []
    /** By draft: a basket is one line of the alert. */
    const unsaidUnsent = new Map<string, UnsentBasket>()
    const outOfSight = () => !(opts.windowInSight?.() ?? true)
    /** Each draft's changes, counted: an editor tells its own saves' echo from others' changes by them. */
    const revisions = new Map<string, number>()
    const revision = (draftId: string) => revisions.get(draftId) ?? 0
    const changed = (draftId: string | null) => {
      if (draftId !== null) revisions.set(draftId, revision(draftId) + 1)
      if (scope.held() !== p) return
      // The line count travels along, so the header's badge follows an edit without a listing of every draft.
      const lineCount = draftId === null ? null : (store.get(draftId)?.doc.line_items.length ?? null)
      ctx.emit('baskets.changed', draftId === null ? { draftId, lineCount } : { draftId, lineCount, revision: revision(draftId) })
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
      changed,
      // Said to the window only for the profile shown (as changes are); with the window out of sight
      // (closed to the tray), said by a desktop alert once the pass is over.
      sent: (rec) => {
        if (rec.orderId === null) return
        if (scope.held() === p) ctx.emit('outbox.sent', { draftId: rec.id, title: draftTitle(rec.doc), orderId: rec.orderId })
        if (outOfSight()) unsaid.push({ title: draftTitle(rec.doc), purchaseOrder: rec.doc.purchase_order_number.trim(), orderId: rec.orderId })
      },
      // The window shows these itself; out of sight, the rep is told what to do.
      unsent: (rec, why) => {
        if (outOfSight()) unsaidUnsent.set(rec.id, { draftId: rec.id, title: draftTitle(rec.doc), why, error: rec.error })
      },
      passed: () => {
        if (!unsaid.length && !unsaidUnsent.size) return
        const sent = unsaid.splice(0)
        const unsent = [...unsaidUnsent.values()]
        unsaidUnsent.clear()
        if (opts.alertsPaused?.()) return
        // The window's language first, as for order alerts: the rep chose it.
        const locale = uiLanguage(ctx) ?? p.session.user?.locale
        if (sent.length) ctx.notifier.show(sentBasketsAlert(sent, locale, p.profileId))
        if (unsent.length) ctx.notifier.show(unsentBasketsAlert(unsent, locale, p.profileId))
      },
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
      revision,
    })
    return p
  }

  const retire = async (p: ProfileBaskets) => {
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

  /** The baskets of the active profile, opened synchronously so a handler can use them at once. */
  const scope = new ProfileScoped<ProfileBaskets>(ctx.connection, 'baskets', ctx.log, {
    open: (session) => {
      lastCounts = ''
      return open(session)
    },
    opened: (p, session) => {
      emitCounts(p)
      p.outbox.start()
      warm(p, session)
    },
    close: (p) => {
      lastCounts = ''
      return retire(p)
    },
    changed: (p, session) => {
      // The service can only change with the session (a profile edited to another one); the
      // other news (online, acting organisation) leaves it as it is.
      if (p.session !== session) {
        p.session = session
        p.store.holdService(serviceOf(session.profile))
      }
      if (ctx.connection.online) {
        p.outbox.online()
        warm(p, session)
      }
    },
  })

  const require = (): ProfileBaskets => {
    ctx.connection.require()
    const p = scope.current()
    if (!p) throw new AppError('internal', 'The drafts of this connection could not be opened.')
    return p
  }
  const server = () => new ServerBaskets(ctx.connection.require().client)

  return {
    current: () => scope.held(),
    createDraft: async (organisation, doc) => {
      const draft = await require().drafts.create(organisation, DraftDoc.partial().parse(doc))
      return { id: draft.id, lineCount: draft.lineCount }
    },
    outboxCounts: () => require().drafts.outboxCounts(),
    draft: (id) => require().drafts.get(id),
    startDraft: async (organisation, doc) => {
      const drafts = require().drafts
      const draft = await drafts.create(organisation, DraftDoc.partial().parse(doc))
      drafts.setCurrent(draft.id)
      return drafts.refreshEstimate(draft.id)
    },
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
      'baskets.editLine': ({ id, key, patch }) => require().drafts.editLine(id, key, patch),
      'baskets.removeLine': ({ id, key }) => require().drafts.removeLine(id, key),
      'baskets.restoreLine': ({ id, line, index }) => require().drafts.restoreLine(id, line, index),
      'baskets.moveLine': ({ id, key, to }) => require().drafts.moveLine(id, key, to),
      'baskets.previewImport': async ({ text, locale }) => {
        const rows = await previewImport(text, locale, catalogue())
        // While the user looks at the preview, the products it found are read ahead for "add".
        scope.held()?.drafts.prefetch(rows.flatMap((r) => (r.status === 'ok' ? [r.matches[0]!.id] : [])))
        return rows
      },
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
      'baskets.serverList': (q) => server().list(q),
      'baskets.serverGet': async ({ id }) => {
        const basket = await server().get(id)
        return { basket, unread: unreadFields(basket) }
      },
      'baskets.serverSave': ({ id, patch, lines }) => server().save(id, patch, lines),
      'baskets.serverAddLine': ({ id, sku, productId, quantity }) => server().addLine(id, { sku, productId, quantity }),
      'baskets.serverSubmit': ({ id }) => {
        requireProductionConfirmed(ctx.connection.active()?.profile)
        return server().submit(id)
      },
      'baskets.workOffline': async ({ id }) => {
        const p = require()
        const basket = await server().get(id)
        if (basket.status !== 'DRAFT') throw new AppError('conflict', 'This basket has already been submitted.')
        assertFullyRead(basket, `Basket ${basket.id}`)
        const doc = await refreshEstimates(catalogue(), draftFromBasket(basket, 'copy'))
        return p.drafts.create(basket.organisation, doc, basket.id)
      },
    },
    start: () => scope.start(),
    stop: () => scope.stop(),
  }
}
