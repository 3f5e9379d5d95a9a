import type { DatabaseSync } from 'node:sqlite'
import type { CoreEventName } from '../../../shared/model/core-events'
import { AppError } from '../../../shared/model/app-error'
import { AlertPrefs, type WatchState } from '../../../shared/model/order-watch'
import { OrderFilters } from '../../../shared/model/order'
import type { ActiveSession } from '../connection/connection'
import type { CoreContext, Feature } from '../context'
import { uiLanguage } from '../system/feature'
import { alertsFor } from './alerts'
import { OrderActions } from './order-actions'
import { OrderQueries } from './order-queries'
import { openOrdersDb } from './orders-db'
import { draftFromBasket } from '../../../shared/model/draft-from-basket'
import type { DraftsPort } from './drafts-port'
import { ResultCache } from './result-cache'
import { ServiceError } from '../service/service-error'
import type { ExternalLinks } from '../system/external-links'
import { StatusStore } from './status-store'
import { OrderWatcher, type PollOutcome } from './watcher'

interface OrdersOptions {
  /**
   * For "Reorder": the baskets feature creates the local draft. Wired in core/index.ts; without
   * it the reorder channel says the feature is not available.
   */
  drafts?: DraftsPort
  /** Jitter source of the watcher's backoff (tests pin it). */
  random?: () => number
  /** The core's event bus: an `outbox.changed` (a draft being submitted) makes the watcher quick. */
  subscribe?: (listener: (event: CoreEventName) => void) => () => void
  /** The external link policy's scope: shipments shown are reported, and it decides what may open. */
  links?: ExternalLinks
  /** The shell's browser opener (absent in plain tests: nothing opens). */
  openExternal?: (url: string) => Promise<boolean>
}

interface OrdersFeature extends Feature {
  /** Call right after an order was submitted: the watcher polls soon and quickly for a while. */
  nudge(): void
}

interface ProfileOrders {
  session: ActiveSession
  db: DatabaseSync
  store: StatusStore
  /** Whether this service offers the cancel route (our sandbox); asked once per session. */
  cancelByApi: Promise<boolean> | null
  queries: OrderQueries
  actions: OrderActions
  watcher: OrderWatcher
}

const ALERT_PREFS_KEY = 'orders.alertPrefs'
const filtersKey = (profileId: string) => `orders.filters:${profileId}`

/**
 * Orders: list and detail (with offline copies), resubmit / cancel / reorder, and the watcher that
 * turns status changes into desktop alerts and `orders.changed` events, for the active profile.
 */
export function ordersFeature(ctx: CoreContext, opts: OrdersOptions = {}): OrdersFeature {
  const { connection, clock } = ctx
  let current: ProfileOrders | null = null
  let wanted: ActiveSession | null = null
  let switching: Promise<void> = Promise.resolve()
  let stopped = false
  let lastCounts = { open: -1, attention: -1 }
  /** The profile whose orders were open last in this run (null after signing out). */
  let lastProfileId: string | null = null

  const offBus = opts.subscribe?.((event) => {
    if (event === 'outbox.changed') current?.watcher.nudge()
  })

  const unsubscribe = connection.onChange((session) => {
    if (session === wanted) {
      // Same profile: only the online state (or user) changed.
      if (current?.session === session) current.watcher.setOnline(connection.online)
      return
    }
    wanted = session
    switching = switching.then(() => open(session)).catch((err) => ctx.log.error('orders: could not open the profile', err))
    return switching
  })

  async function close(): Promise<void> {
    const old = current
    current = null
    if (!old) return
    await old.watcher.stop()
    old.db.close()
  }

  async function open(session: ActiveSession | null): Promise<void> {
    await close()
    if (!session) lastProfileId = null
    if (!session || stopped || session !== wanted) return
    // Signing in, or switching to another profile, starts from what the service shows now: what
    // changed since that profile was last used would come as a flood. Reopened at app start, or the
    // same profile edited, the watcher announces what changed meanwhile.
    const silentStart = !session.resumed && session.profile.id !== lastProfileId
    lastProfileId = session.profile.id
    const db = openOrdersDb(session.profileDir)
    const store = new StatusStore(db, clock)
    const note = { noteSuccess: () => connection.noteSuccess(), noteFailure: (e: unknown) => connection.noteFailure(e) }
    const queries = new OrderQueries({ client: session.client, cache: new ResultCache(db), clock, ...note })
    const watcher = new OrderWatcher({
      client: session.client,
      store,
      clock,
      log: ctx.log,
      isOnline: () => connection.online,
      ...note,
      onPoll: (o) => announce(session, o),
      silentFirstPoll: silentStart,
      random: opts.random,
    })
    const actions = new OrderActions({ client: session.client, queries, ...note, acknowledge: (o) => store.acknowledge(o), nudge: () => watcher.nudge() })
    current = { session, db, store, cancelByApi: null, queries, actions, watcher }
    lastCounts = { open: -1, attention: -1 }
    watcher.start()
  }

  function announce(session: ActiveSession, o: PollOutcome): void {
    if (!o.baseline) {
      const prefs = alertPrefs()
      // The window's language first: the user chose it, and may read another than the account's.
      const locale = uiLanguage(ctx) ?? session.user?.locale
      for (const alert of alertsFor(o.changes, { locale, prefs, now: clock.now(), reasons: o.reasons })) ctx.notifier.show(alert)
    }
    if (o.changes.length || o.open !== lastCounts.open || o.attention !== lastCounts.attention) {
      lastCounts = { open: o.open, attention: o.attention }
      ctx.emit('orders.changed', { changes: o.baseline ? [] : o.changes, open: o.open, attention: o.attention, at: new Date(clock.now()).toISOString() })
    }
  }

  function alertPrefs(): AlertPrefs {
    const parsed = AlertPrefs.safeParse(ctx.settings.get<unknown>(ALERT_PREFS_KEY, {}))
    return parsed.success ? parsed.data : AlertPrefs.parse({})
  }

  /** The active profile's orders, once any profile switch under way has finished. */
  async function need(): Promise<ProfileOrders> {
    await switching
    if (!current) {
      connection.require()
      throw new AppError('internal', 'The orders of this connection are not open yet; try again in a moment.')
    }
    return current
  }

  /**
   * Cancelling is not an API operation of the service (spec 3): only a service that says it offers
   * our cancel route (the sandbox's GET /sandbox/capabilities) is asked through the API. A 404 (the
   * real service) is kept as the answer; a failure to reach it is asked again next time.
   */
  function cancelByApi(p: ProfileOrders): Promise<boolean> {
    p.cancelByApi ??= p.session.client.call('getSandboxCapabilities').then(
      (c) => c.cancelOrder,
      (err: unknown) => {
        if (!(err instanceof ServiceError && ['not_found', 'forbidden', 'unauthorized', 'bad_response', 'validation'].includes(err.code))) p.cancelByApi = null
        return false
      },
    )
    return p.cancelByApi
  }

  function webOrderUrl(session: ActiveSession, id: number): string {
    // The web interface's order page: our assumption (SERVICE_ASSUMPTIONS.webOrderPath).
    return `${session.profile.webUrl.replace(/\/+$/, '')}/orders/${encodeURIComponent(String(id))}`
  }

  function watchState(): WatchState {
    if (!current) return { phase: 'no_profile', open: 0, attention: 0, lastPollAt: null, nextPollAt: null, lastError: null, recent: [] }
    const w = current.watcher
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
    return { phase: w.phase, ...current.store.counts(), lastPollAt: iso(w.lastPollAt), nextPollAt: iso(w.nextPollAt), lastError: w.lastError, recent: current.store.recent() }
  }

  return {
    handlers: {
      'orders.list': async ({ filters, page, perPage }) => (await need()).queries.list(filters, page, perPage),
      'orders.get': async ({ id }) => {
        const detail = await (await need()).queries.get(id)
        opts.links?.noteShipments(detail.order.shipments)
        return detail
      },
      'orders.resubmit': async ({ id }) => (await need()).actions.resubmit(id),
      'orders.cancel': async ({ id }) => {
        const p = await need()
        if (!(await cancelByApi(p))) {
          throw new AppError('conflict', `This service cancels orders in its web interface, not through the API: open order ${id} at ${webOrderUrl(p.session, id)}.`)
        }
        return p.actions.cancel(id)
      },
      'orders.cancelMode': async () => {
        const p = await need()
        return { mode: (await cancelByApi(p)) ? ('api' as const) : ('web' as const), webUrl: p.session.profile.webUrl }
      },
      'orders.openInWebInterface': async ({ id }) => {
        const p = await need()
        const url = webOrderUrl(p.session, id)
        if (!opts.openExternal || !opts.links?.allows(url)) return { opened: false, url }
        return { opened: await opts.openExternal(url), url }
      },
      'orders.reorder': async ({ id }) => {
        const p = await need()
        if (!opts.drafts) throw new AppError('internal', 'Reordering is not available in this build: the draft baskets module is missing.')
        const order = await p.queries.fetch(id)
        const draft = await opts.drafts.createDraft(order.organisation, draftFromBasket(order, 'reorder'))
        return { draftId: draft.id, lines: draft.lineCount }
      },
      'orders.filters': () => {
        const s = connection.require()
        const parsed = OrderFilters.safeParse(ctx.settings.get<unknown>(filtersKey(s.profile.id), {}))
        return parsed.success ? parsed.data : OrderFilters.parse({})
      },
      'orders.saveFilters': (filters) => {
        const s = connection.require()
        ctx.settings.set(filtersKey(s.profile.id), filters)
        return filters
      },
      'orders.alertPrefs': () => alertPrefs(),
      'orders.setAlertPrefs': (prefs) => {
        ctx.settings.set(ALERT_PREFS_KEY, prefs)
        ctx.emit('orders.alertPrefsChanged', prefs)
        return prefs
      },
      'orders.watchState': async () => {
        await switching
        return watchState()
      },
      'orders.pollNow': async () => {
        const p = await need()
        await p.watcher.pollNow()
        return watchState()
      },
    },
    nudge: () => current?.watcher.nudge(),
    async stop() {
      stopped = true
      unsubscribe()
      offBus?.()
      await switching
      await close()
    },
  }
}
