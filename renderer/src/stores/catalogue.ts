import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { Product } from '../../../shared/api'
import type { DraftView } from '../../../shared/ipc/channels/baskets'
import type {
  CatalogueQuery,
  CatalogueSearchResult,
  CatalogueStatus,
  Facet,
  ImageKind,
  ProductGroupSummary,
  ProductSummary,
  SyncProgress,
} from '../../../shared/ipc/channels/catalogue'
import { syncUnderWay } from '../../../shared/ipc/channels/catalogue'
import { api, toApiError, type ApiError } from '../services/api'
import { createPagedRows } from './paged-rows'

/** Rows fetched per request: a few screenfuls of the virtual list. */
const PAGE_SIZE = 100
/** How often a partial answer (a first sync still landing) is asked again while the sync goes on. */
const PARTIAL_REFRESH_MS = 2000
const PROGRESS_SHOWN_EVERY_MS = 250
/**
 * The vendors' and types' counts are asked once the answers have stopped changing this long (the
 * rep paused): on a large catalogue they cost a broad query tens of ms, too much for every keystroke.
 */
const FACET_COUNTS_AFTER_MS = 300

const SCAN_ADDS_KEY = 'wd.catalogue.scanAddsToBasket'

/** The catalogue view's query, filters and sort (shared/model: the core keeps the last one). */
export type { CatalogueQuery }

/** The vendors' and types' counts for the list shown; 'counting' until they come, 'none' when there are none to show. */
export type ShownFacetCounts = { vendors: ReadonlyMap<number, number>; types: ReadonlyMap<number, number> } | 'counting' | 'none'

/** What a scanned SKU found: one product, several (same SKU, other vendors), or none. */
type ScanOutcome = { sku: string; matches: ProductSummary[] }

function readScanAdds(): boolean {
  try {
    return localStorage.getItem(SCAN_ADDS_KEY) === 'true'
  } catch {
    return false
  }
}

/**
 * The catalogue as the views show it. Search answers come from the core's local index (or the
 * service's own search while nothing is local yet); the result list is virtual, so only the pages
 * of rows scrolled into view are fetched (offset/limit), and the total comes with every answer.
 * Sync state follows the core's `catalogue.syncProgress` events.
 */
export const useCatalogueStore = defineStore('catalogue', () => {
  const params = ref<CatalogueQuery>({ query: '', vendor: [], type: [], sort: 'relevance' })
  const total = ref(0)
  const source = ref<CatalogueSearchResult['source']>('local')
  const matchKinds = ref<CatalogueSearchResult['matchKinds']>({ exact: 0, prefix: 0, text: 0 })
  const pricesAsOf = ref<string | null>(null)
  /** Set when the answer searched only what a first sync has landed so far. */
  const partial = ref<CatalogueSearchResult['partial'] | null>(null)
  /** The query the rows shown belong to (the box may already hold a newer one). */
  const answeredQuery = ref<string | null>(null)
  const searchError = shallowRef<ApiError | null>(null)

  const status = ref<CatalogueStatus | null>(null)
  const statusError = shallowRef<ApiError | null>(null)
  const syncError = shallowRef<ApiError | null>(null)
  const vendors = ref<Facet[]>([])
  const types = ref<Facet[]>([])
  const facetCounts = shallowRef<ShownFacetCounts>('counting')
  const scanAddsToBasket = ref(readScanAdds())
  watch(scanAddsToBasket, (v) => {
    try {
      localStorage.setItem(SCAN_ADDS_KEY, String(v))
    } catch {
      /* storage unavailable: the choice lasts for this session */
    }
  })

  const syncing = computed(() => status.value?.syncing ?? false)
  const progress = computed<SyncProgress | null>(() => status.value?.progress ?? null)
  // A first sync stopped part-way has products that answer searches: not "never downloaded".
  const neverSynced = computed(() => status.value !== null && status.value.lastSyncAt === null && status.value.products === 0 && !status.value.landed)

  const rows = createPagedRows<ProductSummary, CatalogueSearchResult>({
    pageSize: PAGE_SIZE,
    fetch: (page) => {
      const p = params.value
      return api.catalogue.search({
        query: p.query,
        vendor: p.vendor.length ? p.vendor : undefined,
        type: p.type.length ? p.type : undefined,
        sort: p.sort,
        offset: page * PAGE_SIZE,
        limit: PAGE_SIZE,
      })
    },
    rowsOf: (res) => res.items,
    // Answers for other parameters never get here (a new search resets the rows), so params.value is what was asked.
    onAnswer: (res) => {
      total.value = res.total
      source.value = res.source
      matchKinds.value = res.matchKinds
      pricesAsOf.value = res.pricesAsOf
      partial.value = res.partial ?? null
      answeredQuery.value = params.value.query
      searchError.value = null
      countFacetsSoon(res)
    },
    onError: (err, page) => {
      searchError.value = toApiError(err)
      if (page === 0) {
        total.value = 0
        answeredQuery.value = params.value.query
      }
    },
    // Far-away pages are let go, so scrolling through a large catalogue keeps memory flat.
    keepAround: 5,
  })
  const { rowAt, ensureRange } = rows
  const searching = rows.loading
  let off: (() => void) | null = null
  /** When a partial answer was last asked again as more of a first sync landed. */
  let partialAskedAt = 0

  /** Follows sync progress; loads status and filters, and the search last left. Safe to call again (e.g. on every visit). */
  async function init(): Promise<void> {
    off ??= api.on('catalogue.syncProgress', (p) => onProgress(p))
    await Promise.all([loadStatus(), loadFacets(), restoreQuery()])
  }

  /** The query kept by the core was read for this profile (after a reload, the store starts empty). */
  let restored = false
  /** A search was asked since: what the rep typed meanwhile wins over the query kept. */
  let asked = false
  async function restoreQuery(): Promise<void> {
    if (restored) return
    try {
      const kept = await api.catalogue.lastQuery()
      restored = true
      if (!asked) params.value = kept
    } catch {
      /* nothing kept to read (no profile yet): the search starts empty */
    }
  }

  function dispose(): void {
    off?.()
    off = null
    if (shownLater) clearTimeout(shownLater)
    shownLater = null
    if (countTimer) clearTimeout(countTimer)
    countTimer = null
    countedFor = null
  }

  /** Progress while a sync runs is shown a few times a second, not at every page: typing meanwhile keeps the frames. */
  let shownLater: ReturnType<typeof setTimeout> | null = null
  let latest: SyncProgress | null = null
  const show = (p: SyncProgress, running: boolean) => {
    if (status.value) status.value = { ...status.value, syncing: running, progress: p }
  }

  function onProgress(p: SyncProgress): void {
    const running = syncUnderWay(p.phase)
    latest = p
    if (!running) {
      if (shownLater) clearTimeout(shownLater)
      shownLater = null
      show(p, false)
    } else if (!status.value?.syncing || status.value.progress?.phase !== p.phase) {
      show(p, true)
    } else {
      shownLater ??= setTimeout(() => {
        shownLater = null
        // A sync's last word clears this timer, so what is shown here is a sync under way.
        if (latest) show(latest, true)
      }, PROGRESS_SHOWN_EVERY_MS)
    }
    // While a first sync lands, the answer shown follows the pages landing (every few seconds at most),
    // also one given before any had landed ("The catalogue is empty"), and so do the vendors and types
    // named in it and how much has landed ("Partly downloaded: 9,000 of 20,000", not "Never downloaded").
    const firstSync = status.value?.lastSyncAt === null
    if (running && (partial.value || firstSync) && Date.now() - partialAskedAt > PARTIAL_REFRESH_MS) {
      partialAskedAt = Date.now()
      void search()
      void loadFacets()
      void loadStatus()
    }
    if (!running) {
      // The local catalogue changed (or the attempt ended): new counts, filters and results.
      void loadStatus()
      void loadFacets()
      if (p.phase === 'done') void search()
    }
  }

  async function loadStatus(): Promise<void> {
    try {
      status.value = await api.catalogue.status()
      statusError.value = null
    } catch (err) {
      statusError.value = toApiError(err)
    }
  }

  async function loadFacets(): Promise<void> {
    try {
      const f = await api.catalogue.facets()
      vendors.value = f.vendors
      types.value = f.types
    } catch {
      /* filters are a help: the search's own error says what is wrong */
    }
  }

  /** What the counts shown were asked for (query, filters, and the catalogue's state); a new answer for the same asks nothing again. */
  let countedFor: string | null = null
  let countTimer: ReturnType<typeof setTimeout> | null = null
  let countSeq = 0
  /** The counts of an answered search, asked once the answers pause; "…" meanwhile. */
  function countFacetsSoon(res: CatalogueSearchResult): void {
    const { query, vendor, type } = params.value
    const key = JSON.stringify([query.trim(), vendor, type, res.pricesAsOf, res.source, res.partial?.products ?? null])
    if (key === countedFor) return
    countedFor = key
    countSeq++
    facetCounts.value = 'counting'
    if (countTimer) clearTimeout(countTimer)
    countTimer = setTimeout(() => {
      countTimer = null
      const seq = countSeq
      api.catalogue
        .facetCounts({ query, vendor: vendor.length ? vendor : undefined, type: type.length ? type : undefined })
        .then((counts) => {
          if (seq !== countSeq) return
          const shown = (list: { id: number; count: number }[]) => new Map(list.map((f) => [f.id, f.count]))
          facetCounts.value = counts ? { vendors: shown(counts.vendors), types: shown(counts.types) } : 'none'
        })
        .catch(() => {
          // The counts are a help: the filters still work without them.
          if (seq === countSeq) facetCounts.value = 'none'
        })
    }, FACET_COUNTS_AFTER_MS)
  }

  /** Runs the search for `next` (or again for the current parameters) from the first row. */
  async function search(next?: Partial<CatalogueQuery>): Promise<void> {
    if (next) {
      asked = true
      params.value = { ...params.value, ...next }
      // Kept by the core, as the orders list's filters are: a reload or a restart finds this search again.
      void api.catalogue.rememberQuery(params.value).catch(() => {})
    }
    await rows.reload()
  }

  function reset(): void {
    params.value = { query: '', vendor: [], type: [], sort: 'relevance' }
    restored = false
    asked = false
    rows.reset()
    total.value = 0
    answeredQuery.value = null
    partial.value = null
    status.value = null
    vendors.value = []
    types.value = []
    countSeq++
    countedFor = null
    facetCounts.value = 'counting'
  }

  /** The palette's search: the first rows of the tiered order, apart from the catalogue view's list. */
  async function quickSearch(query: string, limit: number): Promise<ProductSummary[]> {
    return (await quickMatches(query, limit)).items
  }

  /** A search box's first matches, how many match in all, and whether they come from a first sync still landing. */
  async function quickMatches(query: string, limit: number): Promise<Pick<CatalogueSearchResult, 'items' | 'total' | 'partial'>> {
    const res = await api.catalogue.search({ query, limit })
    return { items: res.items, total: res.total, partial: res.partial }
  }

  async function lookupSku(sku: string): Promise<ScanOutcome> {
    return { sku, matches: await api.catalogue.lookupSku({ sku }) }
  }

  async function sync(): Promise<void> {
    syncError.value = null
    // The first progress event may come before the answer: show "syncing" at once.
    if (status.value) status.value = { ...status.value, syncing: true }
    try {
      // A failed run is not thrown: why comes back in the status's lastFailure.
      await api.catalogue.sync()
    } catch (err) {
      syncError.value = toApiError(err)
    } finally {
      await loadStatus()
    }
  }

  async function cancelSync(): Promise<void> {
    try {
      await api.catalogue.cancelSync()
    } catch (err) {
      syncError.value = toApiError(err)
    }
  }

  async function setRefreshHours(hours: number): Promise<void> {
    try {
      status.value = await api.catalogue.setRefreshHours({ hours })
    } catch (err) {
      syncError.value = toApiError(err)
    }
  }

  const product = (id: number): Promise<Product> => api.catalogue.product({ id })
  const image = async (productId: number, kind: ImageKind): Promise<string | null> => (await api.catalogue.image({ productId, kind })).dataUrl
  /** Summaries of the products with these ids that the local catalogue holds; the channel takes 1000 ids a call. */
  async function summaries(ids: readonly number[]): Promise<ProductSummary[]> {
    const out: ProductSummary[] = []
    for (let i = 0; i < ids.length; i += 1000) out.push(...(await api.catalogue.summaries({ ids: ids.slice(i, i + 1000) })))
    return out
  }
  const productGroups = (): Promise<ProductGroupSummary[]> => api.catalogue.productGroups()
  const productGroup = (id: number) => api.catalogue.productGroup({ id })
  /** Datasheets and guides open in the system browser, never in the app's window. */
  const openDocument = async (url: string): Promise<{ opened: boolean }> => api.system.openExternal({ url })
  /** Adds to the current draft basket (a new one is started when there is none). */
  /** Into the given draft, or the current one (started if there is none). */
  const addToBasket = (productId: number, quantity = 1, draftId?: string): Promise<DraftView> => api.baskets.addLine({ productId, quantity, draftId })
  /** Several lines into the current draft (started with the first if there is none). */
  async function addManyToBasket(rows: { productId: number; sku: string; quantity: number }[]): Promise<DraftView> {
    const [first, ...rest] = rows
    if (!first) throw new Error('Nothing to add')
    const draft = await api.baskets.addLine({ productId: first.productId, quantity: first.quantity })
    return rest.length ? api.baskets.importLines({ id: draft.id, rows: rest }) : draft
  }

  return {
    params,
    total,
    source,
    matchKinds,
    pricesAsOf,
    partial,
    answeredQuery,
    searching,
    searchError,
    status,
    statusError,
    syncError,
    vendors,
    types,
    facetCounts,
    scanAddsToBasket,
    syncing,
    progress,
    neverSynced,
    init,
    dispose,
    loadStatus,
    loadFacets,
    search,
    rowAt,
    ensureRange,
    reset,
    lookupSku,
    quickSearch,
    quickMatches,
    sync,
    cancelSync,
    setRefreshHours,
    product,
    summaries,
    image,
    productGroups,
    productGroup,
    addToBasket,
    addManyToBasket,
    openDocument,
  }
})
