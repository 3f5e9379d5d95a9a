import type { DatabaseSync } from 'node:sqlite'
import { leftOutOf, PER_PAGE_MAX } from '../../../shared/api'
import type { CoreEventName } from '../../../shared/model/core-events'
import { AppError } from '../../../shared/model/app-error'
import { AlertPrefs, type WatchState } from '../../../shared/model/order-watch'
import { ViewState } from '../store/view-state'
import { OrderFilters, SavedOrderFilters, type OrderRow, type OrdersIndexProblem, type OrdersIndexState } from '../../../shared/model/order'
import type { ActiveSession } from '../connection/connection'
import { ProfileScoped } from '../connection/profile-scoped'
import { outOfReach } from '../connection/reachability'
import { credentialsRefusal } from '../connection/session'
import { isSignedOut } from '../../../shared/model/connection'
import type { CoreContext, Feature } from '../context'
import { uiLanguage } from '../system/feature'
import { alertsFor, alertsPaused } from './alerts'
import { OrderActions } from './order-actions'
import { OrderQueries, toIndexed } from './order-queries'
import { openOrdersDb } from './orders-db'
import { OrdersIndex, type ReadPage } from './orders-index'
import { ordersCsv, ordersXlsx } from './order-export'
import { draftFromBasket } from '../../../shared/model/draft-from-basket'
import type { DraftsPort } from './drafts-port'
import { ResultCache } from './result-cache'
import type { OrdersSeenPort } from '../reorder/orders-seen-port'
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
  /** The shell's save dialog: writes the file where the user chose; null when cancelled. */
  saveFile?: (suggestedName: string, bytes: Uint8Array) => Promise<string | null>
  /** The shell's printer: a self-contained HTML page to PDF bytes (Electron's printToPDF; Chromium's in the harness). */
  printPdf?: (html: string) => Promise<Uint8Array>
  /** The external link policy's scope: shipments shown are reported, and it decides what may open. */
  links?: ExternalLinks
  /** The shell's browser opener (absent in plain tests: nothing opens). */
  openExternal?: (url: string) => Promise<boolean>
}

interface OrdersFeature extends Feature, OrdersSeenPort {
  /** Call right after an order was submitted: the watcher polls soon and quickly for a while. */
  nudge(): void
  /** The rep paused desktop alerts (the tray's "Pause alerts", or for a while): other features' alerts keep quiet too. */
  alertsPaused(): boolean
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
  index: OrdersIndex
  /** Why the last copy of the history into the index did not finish (null once one did). */
  indexProblem: OrdersIndexProblem | null
  /** Organisation names (for the index's text search), read once per session. */
  orgNames: Map<number, string>
  organisationName: (id: number) => string | undefined
}

const ALERT_PREFS_KEY = 'orders.alertPrefs'
const savedFiltersKey = (profileId: string) => `orders.savedFilters:${profileId}`
/** The index is refreshed in the background when a list is asked this long after its last refresh. */
const INDEX_FRESH_MS = 60_000

/**
 * Orders: list and detail (with offline copies), resubmit / cancel / reorder, and the watcher that
 * turns status changes into desktop alerts and `orders.changed` events, for the active profile.
 */
export function ordersFeature(ctx: CoreContext, opts: OrdersOptions = {}): OrdersFeature {
  const { connection, clock } = ctx
  let lastCounts = { open: -1, attention: -1 }
  /** The profile whose orders were open last in this run (a removed profile never comes back under its id). */
  let lastProfileId: string | null = null

  // Each session has its own orders (a profile edited to another account is another one); its
  // database opens once the last session's watcher has stopped writing to it.
  const scope = new ProfileScoped<ProfileOrders>(connection, 'orders', ctx.log, {
    per: 'session',
    openAfterClose: true,
    open: (session) => open(session),
    close: (old) => close(old),
    // Same session: only the online state, the credentials (or user) changed.
    changed: (p) => {
      p.watcher.setOnline(connection.online)
      retryIndex(p)
    },
    opened: (p) => void syncIndex(p),
  })
  scope.start()

  const offBus = opts.subscribe?.((event) => {
    if (event === 'outbox.changed') scope.current()?.watcher.nudge()
  })

  /** The list's filters, kept per profile across reloads and restarts. */
  const keptFilters = new ViewState(ctx.settings, clock, 'orders.filters', OrderFilters, () => OrderFilters.parse({}))

  async function close(old: ProfileOrders): Promise<void> {
    keptFilters.flush()
    await old.watcher.stop()
    old.db.close()
  }

  function open(session: ActiveSession): ProfileOrders {
    // Signing in, or switching to another profile, starts from what the service shows now: what
    // changed since that profile was last used would come as a flood. Reopened at app start, or the
    // same profile edited, the watcher announces what changed meanwhile.
    const silentStart = !session.resumed && session.profile.id !== lastProfileId
    lastProfileId = session.profile.id
    const db = openOrdersDb(session.profileDir)
    const store = new StatusStore(db, clock)
    const index = new OrdersIndex(db, () => clock.now())
    const orgNames = new Map<number, string>()
    const organisationName = (id: number) => orgNames.get(id)
    const queries = new OrderQueries({ client: session.client, cache: new ResultCache(db), clock, index, isOnline: () => connection.online, organisationName })
    const watcher = new OrderWatcher({
      client: session.client,
      store,
      clock,
      log: ctx.log,
      isOnline: () => connection.online,
      onPoll: (o) => announce(session, o),
      // Every poll, changes or not: the views' "Last checked" follows the polls as they happen.
      onState: () => {
        const p = scope.held()
        if (p?.watcher === watcher) ctx.emit('orders.watchChanged', watchStateOf(p))
      },
      silentFirstPoll: silentStart,
      random: opts.random,
    })
    const actions = new OrderActions({ client: session.client, queries, acknowledge: (o) => store.acknowledge(o), nudge: () => watcher.nudge() })
    lastCounts = { open: -1, attention: -1 }
    watcher.start()
    return { session, db, store, cancelByApi: null, queries, actions, watcher, index, indexProblem: null, orgNames, organisationName }
  }

  /** Brings a profile's index up to date (by default the active one's). */
  async function syncIndex(p: ProfileOrders | null = scope.held()): Promise<void> {
    if (!p) return
    const { session, index } = p
    const read: ReadPage = async (page, perPage, since) => {
      // Revalidated: the refresh after each poll costs a 304 when no order was placed since, not the day's orders again.
      const res = await session.client.list('listOrders', { query: { page, per_page: perPage, sort_by: ['+date'], start_date: since ?? undefined }, revalidate: true })
      return { orders: res.items.map(toIndexed), pages: res.pages }
    }
    try {
      if (!p.orgNames.size) for (const o of await connection.organisations()) p.orgNames.set(o.id, o.name)
    } catch {
      /* names are a bonus: references and PO numbers are found without them */
    }
    try {
      await index.sync(read, p.organisationName)
      p.indexProblem = null
      if (scope.held() === p) ctx.emit('orders.indexChanged', indexState(p))
    } catch (err) {
      // The service client reports reachability itself; only what is not the service's answer is logged.
      if (!(err instanceof ServiceError) && !credentialsRefusal(err)) ctx.log.error('orders: could not update the local orders index', err)
      // The view says why the copy stopped instead of "copying…" for ever.
      const problem = indexProblemOf(err)
      if (scope.held() === p && problem !== p.indexProblem) {
        p.indexProblem = problem
        ctx.emit('orders.indexChanged', indexState(p))
      }
    }
  }

  /**
   * A copy that stopped is tried again once what stopped it is gone: the service answers again, or
   * takes the credentials again (a request of the session succeeded). A new session (the profile
   * edited, its secret entered again) starts its own copy when it opens.
   */
  function retryIndex(p: ProfileOrders): void {
    if (p.indexProblem === null || !connection.online) return
    if (p.indexProblem === 'credentials' ? connection.credentials !== 'accepted' : isSignedOut(connection.credentials)) return
    void syncIndex(p)
  }

  /**
   * An index not refreshed for a while is brought up to date in the background (orders placed
   * elsewhere since); the list answers at once from what it holds, and `orders.indexChanged` lets
   * the view read again. Offline, a new query (its first page, not a scroll) also tries again: its
   * success brings the app back online.
   */
  function freshIndex(p: ProfileOrders, page: number): void {
    const s = p.index.state()
    const stale = !connection.online || s.syncedAt === null || clock.now() - s.syncedAt >= INDEX_FRESH_MS
    if (s.complete && stale && page === 1) void syncIndex(p)
  }

  /** Every order matching the filters: from the index once complete, else page by page from the service. */
  async function everyRow(p: ProfileOrders, filters: OrderFilters): Promise<OrderRow[]> {
    freshIndex(p, 1)
    if (p.index.state().complete) return p.index.all(filters)
    const rows: OrderRow[] = []
    for (let page = 1; ; page++) {
      const res = await p.queries.list(filters, page, PER_PAGE_MAX)
      rows.push(...res.rows)
      if (page >= res.pages || !res.rows.length) return rows
    }
  }

  function indexState(p: ProfileOrders): OrdersIndexState {
    const s = p.index.state()
    return { complete: s.complete, count: s.count, syncedAt: s.syncedAt === null ? null : new Date(s.syncedAt).toISOString(), problem: p.indexProblem }
  }

  function announce(session: ActiveSession, o: PollOutcome): void {
    const p = scope.held()
    if (p?.session === session) {
      // The index first: a view told of the change reads the new status.
      if (o.changes.length) p.index.applyChanges(o.changes, o.reasons)
      // New orders (placed here or elsewhere) join the index: every order starts open, so a poll lists
      // it; the index is read again only then (a status change alone is applied above, no bytes).
      if (p.index.state().complete && p.index.lacksAny(o.listed)) void syncIndex(p)
    }
    if (!o.baseline) {
      const prefs = alertPrefs()
      // The window's language first: the user chose it, and may read another than the account's.
      const locale = uiLanguage(ctx) ?? session.user?.locale
      for (const alert of alertsFor(o.changes, { locale, prefs, now: clock.now(), reasons: o.reasons, profileId: session.profile.id })) ctx.notifier.show(alert)
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
    const current = await scope.ready()
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
    const current = scope.current()
    if (!current) return { phase: 'no_profile', open: 0, attention: 0, counted: false, lastPollAt: null, nextPollAt: null, lastError: null, recent: [] }
    return watchStateOf(current)
  }

  function watchStateOf(p: ProfileOrders): WatchState {
    const w = p.watcher
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
    return { phase: w.phase, ...p.store.counts(), counted: p.store.hasBaseline(), lastPollAt: iso(w.lastPollAt), nextPollAt: iso(w.nextPollAt), lastError: w.lastError, recent: p.store.recent() }
  }

  return {
    handlers: {
      'orders.list': async ({ filters, page, perPage }) => {
        const p = await need()
        freshIndex(p, page)
        return p.queries.list(filters, page, perPage)
      },
      'orders.listIds': async ({ filters }) => {
        const p = await need()
        return p.index.state().complete ? { ids: p.index.ids(filters) } : null
      },
      'orders.rowsById': async ({ ids }) => ({ rows: (await need()).index.rows(ids) }),
      'orders.get': async ({ id }) => {
        const detail = await (await need()).queries.get(id)
        if (detail.order) opts.links?.noteShipments(detail.order.shipments)
        return detail
      },
      'orders.resubmit': async ({ id }) => (await need()).actions.resubmit(id),
      'orders.cancel': async ({ id }) => {
        const p = await need()
        if (!(await cancelByApi(p))) {
          throw new AppError('conflict', `This service cancels orders in its web interface, not through the API: open order ${id} at ${webOrderUrl(p.session, id)}.`).because({ code: 'cancelInWebOnly' })
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
      'orders.reorder': async ({ id, name }) => {
        const p = await need()
        if (!opts.drafts) throw new AppError('internal', 'Reordering is not available in this build: the draft baskets module is missing.')
        const order = await p.queries.forReorder(id)
        const doc = draftFromBasket(order, 'reorder')
        const draft = await opts.drafts.createDraft(order.organisation, name ? { ...doc, name } : doc)
        return { draftId: draft.id, lines: draft.lineCount, leftOut: leftOutOf(order, 'line_items') }
      },
      'orders.filters': () => keptFilters.read(connection.require().profile.id),
      'orders.saveFilters': (next) => {
        keptFilters.remember(connection.require().profile.id, next)
        return next
      },
      'orders.savedFilters': () => {
        const s = connection.require()
        const parsed = SavedOrderFilters.safeParse(ctx.settings.get<unknown>(savedFiltersKey(s.profile.id), []))
        return parsed.success ? parsed.data : []
      },
      'orders.setSavedFilters': (list) => {
        const s = connection.require()
        ctx.settings.set(savedFiltersKey(s.profile.id), list)
        return list
      },
      'orders.alertPrefs': () => alertPrefs(),
      'orders.setAlertPrefs': (prefs) => {
        ctx.settings.set(ALERT_PREFS_KEY, prefs)
        ctx.emit('orders.alertPrefsChanged', prefs)
        return prefs
      },
      'orders.watchState': async () => {
        await scope.ready()
        return watchState()
      },
      'orders.export': async ({ filters, format, labels }) => {
        const p = await need()
        if (!opts.saveFile) throw new AppError('internal', 'Saving files is not available here.')
        const rows = await everyRow(p, filters)
        const input = { rows, labels, organisationName: (id: number) => p.organisationName(id) ?? String(id) }
        const bytes = format === 'csv' ? ordersCsv(input) : await ordersXlsx(input)
        const day = new Date(clock.now()).toISOString().slice(0, 10)
        return { path: await opts.saveFile(`orders-${day}.${format}`, bytes), count: rows.length }
      },
      'orders.savePdf': async ({ html, fileName }) => {
        if (!opts.printPdf || !opts.saveFile) throw new AppError('internal', 'Printing to PDF is not available here.')
        const bytes = await opts.printPdf(html)
        return { path: await opts.saveFile(fileName, bytes) }
      },
      'orders.indexState': async () => indexState(await need()),
      'orders.refreshIndex': async () => {
        const p = await need()
        await syncIndex(p)
        return indexState(p)
      },
      'orders.pollNow': async () => {
        const p = await need()
        await p.watcher.pollNow()
        // "Check now" also brings the index up to date: new orders are in the list when it answers.
        await syncIndex(p)
        return watchState()
      },
    },
    nudge: () => scope.current()?.watcher.nudge(),
    alertsPaused: () => alertsPaused(alertPrefs(), clock.now()),
    ordersOpened: () => {
      const p = scope.current()
      return p ? new ResultCache(p.db).orders() : []
    },
    async stop() {
      offBus?.()
      await scope.stop()
      keptFilters.flush()
    },
  }
}

/** Why a copy of the order history stopped, as the view says it. */
function indexProblemOf(err: unknown): OrdersIndexProblem {
  if (credentialsRefusal(err)) return 'credentials'
  if (outOfReach(err)) return 'unreachable'
  return 'failed'
}
