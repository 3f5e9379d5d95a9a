import { defineStore } from 'pinia'
import { computed, ref, shallowReactive, shallowRef, watch as watchValue } from 'vue'
import {
  AlertPrefs,
  ORDER_ROWS_BY_ID_MAX,
  OrderFilters,
  SavedOrderFilters,
  type OrderDetailResult,
  type OrderListResult,
  type OrderRow,
  type OrdersIndexState,
  type ReorderResult,
  type SavedOrderFilter,
  type WatchState,
} from '../../../shared/ipc/channels/orders'
import { fieldsOf } from '../../../shared/ipc/contract-kit'
import type { Order } from '../../../shared/api'
import { api, toApiError, type ApiError } from '../services/api'
import { useConnectionStore } from './connection'
import { createPagedRows } from './paged-rows'
import { createRowsById } from './rows-by-id'

/** Rows fetched per request: a screenful or two of the virtual table. */
const PAGE_SIZE = 100
/**
 * A list answer still awaited after this long shows as busy. The local index answers in a few
 * milliseconds: a spinner shown and hidden for each would flicker, and each of its transitions
 * forces a layout of the whole page (most of a sort's time to paint before).
 */
const SLOW_ANSWER_MS = 300

/** Runs `fn` once the next frame has been painted (at once where there are no frames). */
function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return fn()
  requestAnimationFrame(() => setTimeout(fn, 0))
}

/**
 * Orders as the views show them. The list is paged on the service (X-Total-Count gives the size
 * of the virtual table, pages are fetched as rows scroll into view); the filters are kept by the
 * core across restarts; offline the core answers the last pages read, with their age. The watch
 * state (open / needing attention, last check) follows the core's `orders.changed` events.
 */
export const useOrdersStore = defineStore('orders', () => {
  /** The filters (and sort) last asked for: what the next change starts from, and what the rows are read by. */
  const filters = ref<OrderFilters>(OrderFilters.parse({}))
  /**
   * The filters the list shows: the asked ones once their first page has answered (or is slow to),
   * so the chips, the sort mark and the rows change in one render. Rendered before the answer, they
   * delayed its paint (the answer waited behind that render) and the page was laid out twice.
   */
  const shownFilters = ref<OrderFilters>(filters.value)
  const showAsked = (): void => {
    if (shownFilters.value !== filters.value) shownFilters.value = filters.value
  }
  const filterErrors = ref<Record<string, string>>({})
  const filtersReady = ref(false)
  const total = ref(0)
  const listError = shallowRef<ApiError | null>(null)
  /**
   * total is the count of this account's list as last answered: false before the first answer
   * (after a change of account too) and once the list's first page failed (listError says why).
   */
  const counted = ref(false)
  /** Age label of the rows shown: set when the core answered from its offline copy. */
  const fromCache = ref(false)
  const fetchedAt = ref<string | null>(null)
  /** No count, and no age, of a list: none was answered (yet), or it failed. */
  function uncount(): void {
    total.value = 0
    counted.value = false
    fromCache.value = false
    fetchedAt.value = null
  }
  const watch = ref<WatchState | null>(null)
  /** Bumped on every `orders.changed`, so an open order detail can reload. */
  const changes = ref(0)
  /** Per page read since the last reload: rows only partly read, and rows too broken to show. */
  const readIssues = shallowReactive(new Map<number, { partial: number; unreadable: number }>())
  const partialCount = computed(() => [...readIssues.values()].reduce((n, p) => n + p.partial, 0))
  const unreadableCount = computed(() => [...readIssues.values()].reduce((n, p) => n + p.unreadable, 0))
  /**
   * Once the local index is complete, the list is also known by the ids of its orders in order
   * (`orders.listIds`), and every order's row is held here by id, read once in the background: a
   * sort or filter only reorders rows already held, and a jump anywhere in 20,000 orders shows its
   * rows in the next frame, with no request. The first page still comes as a page (it paints first).
   */
  const listed = createRowsById<OrderRow>({
    idOf: (r) => r.id,
    fetch: async (ids) => (await api.orders.rowsById({ ids })).rows,
    chunk: ORDER_ROWS_BY_ID_MAX,
    // In the background, a quarter of the most at a time, and none while a sort or filter of the
    // rep's is being answered and painted: a click right after the index completed waited behind a
    // read of 1,000 rows in the core (and their arrival here) before its own answer.
    backgroundChunk: ORDER_ROWS_BY_ID_MAX / 4,
    whenIdle: () => (askingFor === 0 ? Promise.resolve() : new Promise((resolve) => quiet.push(resolve))),
  })
  /** The reload whose first page is not answered and painted yet (0: none): the background reading waits for it. */
  let askingFor = 0
  const quiet: (() => void)[] = []
  function doneAsking(reload: number): void {
    if (askingFor !== reload) return
    askingFor = 0
    for (const go of quiet.splice(0)) go()
  }
  /** A reload's first page has not landed yet: until it has, the ids of the list shown are the old query's. */
  let reloadPending = false
  /** From a reload until the new list's ids are known (or known not to come: no complete index). */
  const listing = ref(false)
  /**
   * The rows are still being read: a new query's slow to answer (a quick one would only flip the
   * table's aria-busy, and render it again, before its answer), or (once known by ids) the rest of the list.
   */
  const busy = computed(() => (listing.value && loading.value) || !listed.filled.value)
  /** The first page of a reload landed (or failed): the old query's ids go, the new ones are asked for. */
  function landed(): void {
    if (!reloadPending) return
    reloadPending = false
    listed.setOrder(null)
    // After the first page is painted: the ids of 20,000 orders take a few ms to read and check,
    // which in the frame of the answer only delayed its paint.
    afterPaint(() => void askOrder())
  }
  // The service counts pages from 1.
  const rows = createPagedRows<OrderRow, OrderListResult>({
    pageSize: PAGE_SIZE,
    fetch: (page) => api.orders.list({ filters: filters.value, page: page + 1, perPage: PAGE_SIZE }),
    rowsOf: (res) => res.rows,
    onAnswer: (res, page) => {
      listed.put(res.rows)
      if (page === 0) {
        landed()
        showAsked()
        counted.value = true
      }
      readIssues.set(page, { partial: res.partial, unreadable: res.unreadable })
      total.value = res.total
      fromCache.value = res.fromCache
      fetchedAt.value = res.fetchedAt
      listError.value = null
    },
    onError: (err, page) => {
      if (page === 0) {
        landed()
        showAsked()
        // The rows of the list before are gone (paged-rows drops them): its count must go too, or
        // the table shows that many rows "Loading…" for ever.
        uncount()
      }
      listError.value = toApiError(err)
    },
  })
  const { refreshVisible } = rows
  /** The row at a position of the list: from its page, else held by id; undefined while on its way. */
  const rowAt = (index: number): OrderRow | undefined => rows.rowAt(index) ?? listed.rowAt(index)
  /**
   * The rows in view, and half a page either way: scrolling on finds its rows already here. Known by
   * ids, the rows held by id answer (those not held yet are read first); else by pages, which stay
   * once read until the next query.
   */
  function ensureRange(start: number, end: number): void {
    const ahead = PAGE_SIZE / 2
    const [from, to] = [Math.max(0, start - ahead), Math.max(start, Math.min(total.value, end + ahead))]
    if (listed.order.value) listed.ensureRange(from, to)
    if (!listed.holds(from, to)) rows.ensureRange(from, to)
  }
  /**
   * The ids of the list, from the complete index (after the first page: that one paints first);
   * asked again when statuses changed (a filtered list may have gained or lost orders). Dropped if a
   * new query came meanwhile.
   */
  async function askOrder(): Promise<void> {
    const mine = reloads
    if (!index.value?.complete || reloadPending) {
      if (!reloadPending) listing.value = false
      return
    }
    const res = await api.orders.listIds({ filters: filters.value }).catch(() => undefined)
    if (mine !== reloads || reloadPending) return
    if (res !== undefined) listed.setOrder(res?.ids ?? null)
    listing.value = false
  }
  /** A reload of the list (new filters or sort) is taking long enough to say so. */
  const loading = ref(false)
  let reloads = 0
  /** One more at every change of account: answers asked for before are another account's. */
  let epoch = 0
  let off: (() => void) | null = null
  let offWatch: (() => void) | null = null
  let offIndex: (() => void) | null = null
  /** The local orders index: once complete, searches and sorts answer from this computer. */
  const index = ref<OrdersIndexState | null>(null)
  /** The user's named filters, one click away. */
  const savedFilters = ref<SavedOrderFilter[]>([])

  /**
   * Another account (another profile, or this one edited to another account) has other orders:
   * nothing of the one before is shown a moment longer, not its count, rows, index, watch state,
   * filters or error. The list view loads the new account's (init) when it shows.
   */
  function forget(): void {
    epoch++
    doneAsking(askingFor)
    reloads++
    reloadPending = false
    rows.reset()
    listed.clear()
    listing.value = false
    loading.value = false
    uncount()
    listError.value = null
    readIssues.clear()
    watch.value = null
    index.value = null
    savedFilters.value = []
    filters.value = OrderFilters.parse({})
    shownFilters.value = filters.value
    filterErrors.value = {}
    filtersReady.value = false
  }
  const connection = useConnectionStore()
  watchValue(
    () => connection.account,
    () => forget(),
  )

  /** Follows `orders.changed` and `orders.watchChanged` (once): counts changes, keeps the watch state and the visible rows fresh. */
  function listen(): void {
    off ??= api.on('orders.changed', (e) => {
      changes.value++
      if (watch.value) watch.value = { ...watch.value, open: e.open, attention: e.attention, counted: true, recent: [...e.changes, ...watch.value.recent].slice(0, 20) }
      if (e.changes.length && filtersReady.value) {
        void refreshVisible()
        void listed.refresh(e.changes.map((c) => c.orderId)).catch(() => {})
        void askOrder()
      }
    })
    // Every poll, changes or not (and a pause offline): "Last checked" is the last poll's, not the last change's.
    offWatch ??= api.on('orders.watchChanged', (state) => {
      if (watch.value) watch.value = state
    })
    offIndex ??= api.on('orders.indexChanged', (e) => {
      const before = index.value
      index.value = e
      // Newly complete, or orders added: the list (its count too) now answers from the index.
      // Also when the rows shown were offline ones: the refresh succeeded, so the service is back.
      if (filtersReady.value && e.complete && (!before?.complete || before.count !== e.count || fromCache.value)) void reload()
    })
  }

  async function refreshIndex(): Promise<void> {
    const mine = epoch
    try {
      const state = await api.orders.indexState()
      if (mine !== epoch) return
      index.value = state
      // The list may have answered before the index's state was known: its ids now.
      if (index.value.complete && !listed.order.value) void askOrder()
    } catch {
      /* the list's own error says what is wrong */
    }
  }

  async function loadSaved(): Promise<void> {
    const mine = epoch
    const saved = await api.orders.savedFilters().catch(() => [])
    if (mine === epoch) savedFilters.value = saved
  }

  /** Replaces the user's named filters; refused lists (a duplicate name) throw with the reason. */
  async function setSaved(next: SavedOrderFilter[]): Promise<void> {
    savedFilters.value = await api.orders.setSavedFilters(SavedOrderFilters.parse(next))
  }

  /**
   * The list view: listening, the saved filters and their first page, and the watch state. With
   * `only` (a grouped alert's "Show these orders"), the list shows exactly those orders instead.
   */
  async function init(opts: { only?: number[] } = {}): Promise<void> {
    listen()
    // The list answers from the index as it is; a refresh in the background adds orders placed
    // elsewhere meanwhile (orders.indexChanged then reloads the list).
    await Promise.all([loadFilters(opts.only), refreshWatch(), refreshIndex(), loadSaved()])
    void api.orders.refreshIndex().catch(() => {})
  }

  function dispose(): void {
    off?.()
    offWatch?.()
    offIndex?.()
    off = null
    offWatch = null
    offIndex = null
  }

  async function loadFilters(only?: number[]): Promise<void> {
    const mine = epoch
    try {
      const kept = await api.orders.filters()
      if (mine !== epoch) return
      filters.value = kept
    } catch (err) {
      if (mine !== epoch) return
      listError.value = toApiError(err)
    }
    if (only) {
      filters.value = onlyThese(only)
      // Remembered like any filters: back from one of those orders, the list still shows them.
      void api.orders.saveFilters(filters.value).catch(() => {})
    }
    shownFilters.value = filters.value
    filtersReady.value = true
    await reload()
  }

  /**
   * Exactly these orders (a grouped alert's), in the sort in use: the other filters go, as a
   * status or a date filter would hide some of them. Shown as a chip, removed like any filter.
   */
  function onlyThese(ids: number[]): OrderFilters {
    return OrderFilters.parse({ ids, sort_by: filters.value.sort_by })
  }

  /** The list open already: it shows exactly these orders now. */
  const showOnly = (ids: number[]): Promise<boolean> => setFilters(onlyThese(ids))

  /** Applies (and remembers) new filters; invalid ones stay in the form with their messages. */
  async function setFilters(next: OrderFilters): Promise<boolean> {
    const parsed = OrderFilters.safeParse(next)
    if (!parsed.success) {
      filterErrors.value = fieldsOf(parsed.error)
      return false
    }
    filterErrors.value = {}
    filters.value = parsed.data
    // Remembered once the list has answered: the settings' durable write (an fsync in the core's
    // thread) must not hold the paint.
    await reload()
    return api.orders.saveFilters(parsed.data).then(
      () => true,
      (err: unknown) => {
        const e = toApiError(err)
        if (e.code !== 'invalid_input') return true
        filterErrors.value = e.fields
        return false
      },
    )
  }

  /**
   * From the first page again. The rows and count shown stay until the answer replaces them: the
   * table then patches the rows in place instead of emptying and rebuilding them (a sort paints in
   * one go, with no blank flash).
   */
  async function reload(): Promise<void> {
    readIssues.clear()
    const mine = ++reloads
    reloadPending = true
    listing.value = true
    askingFor = mine
    const slow = setTimeout(() => {
      if (mine !== reloads) return
      loading.value = true
      // A slow answer (the service, no local index): the choice shows meanwhile, with the spinner.
      showAsked()
    }, SLOW_ANSWER_MS)
    try {
      await rows.reload()
    } finally {
      clearTimeout(slow)
      if (mine === reloads) loading.value = false
      afterPaint(() => doneAsking(mine))
    }
  }

  async function refreshWatch(): Promise<void> {
    const mine = epoch
    try {
      const state = await api.orders.watchState()
      if (mine === epoch) watch.value = state
    } catch {
      /* the list's own error says what is wrong */
    }
  }

  async function pollNow(): Promise<void> {
    watch.value = await api.orders.pollNow()
  }

  const loadPrefs = (): Promise<AlertPrefs> => api.orders.alertPrefs()
  const savePrefs = async (next: AlertPrefs): Promise<void> => void (await api.orders.setAlertPrefs(AlertPrefs.parse(next)))

  const get = (id: number): Promise<OrderDetailResult> => api.orders.get({ id })
  const resubmit = (id: number): Promise<Order> => api.orders.resubmit({ id })
  const cancel = (id: number): Promise<Order> => api.orders.cancel({ id })
  const reorder = (id: number, name?: string): Promise<ReorderResult> => api.orders.reorder(name ? { id, name } : { id })

  return {
    filters,
    shownFilters,
    filterErrors,
    filtersReady,
    total,
    counted,
    partialCount,
    unreadableCount,
    listError,
    loading,
    busy,
    fromCache,
    fetchedAt,
    watch,
    index,
    savedFilters,
    setSaved,
    changes,
    listen,
    init,
    dispose,
    setFilters,
    showOnly,
    reload,
    rowAt,
    ensureRange,
    refreshWatch,
    pollNow,
    loadPrefs,
    savePrefs,
    get,
    resubmit,
    cancel,
    reorder,
  }
})
