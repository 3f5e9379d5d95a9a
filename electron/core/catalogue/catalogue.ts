import { join } from 'node:path'
import type { Product } from '../../../shared/api'
import { CatalogueSearchInput, FacetCountsInput, type CatalogueSearchResult, type FacetCounts } from '../../../shared/model/catalogue-search'
import { syncUnderWay, type CatalogueStatus, type SyncOutcome, type SyncProgress } from '../../../shared/model/catalogue-sync'
import { productSummary, type ImageKind, type MatchKind, type ProductSummary } from '../../../shared/model/product'
import { AppError, type ErrorReport } from '../../../shared/model/app-error'
import { serviceOf, type ActiveSession } from '../connection/connection'
import { ProfileScoped } from '../connection/profile-scoped'
import type { CoreContext } from '../context'
import { ServiceError, SessionEndedError } from '../service/service-error'
import { CatalogueDb } from './catalogue-db'
import { CatalogueQueries, productsWithSku } from './catalogue-queries'
import { fullSync } from './full-sync'
import { ImageCache } from './image-cache'
import { normalizeSku } from './product-row'
import { searchLocal, type SearchQuery } from './search'
import { SearchPressure } from './search-pressure'
import { searchSimilar, similarQuery } from './similar-search'
import { FacetCounter } from './facet-counts'
import { refreshFacetNames, storedFacetNames, withNames } from './facet-names'

/**
 * What other core modules (baskets: SKU resolution, price estimates) read from the local catalogue.
 * Synchronous and local: it answers the same with no network.
 */
export interface CatalogueReader {
  /** Every product with this SKU (case-insensitive, trimmed), most popular first; [] when none or no profile is active. */
  findBySku(sku: string): ProductSummary[]
  /** The full product (every field of spec 2.7) as of the last sync; null if it is not in the local catalogue. */
  getProduct(id: number): Product | null
  /** When the local prices were fetched (ISO 8601); null if the catalogue was never synced. */
  pricesAsOf(): string | null
}

export interface CatalogueOptions {
  /** Refresh at first connection and on the schedule (off in tests that drive syncs themselves). */
  autoSync?: boolean
  /** Pages fetched at once during a sync. */
  concurrency?: number
  /** Products per page (the service's maximum, 1000, unless a test wants more pages). */
  perPage?: number
}

const REFRESH_SETTING = 'catalogue.refreshHours'
const DEFAULT_REFRESH_HOURS = 24
/** After a failed automatic sync, try again this much later (not at once: the service may be struggling). */
const RETRY_AFTER_FAILURE_MS = 15 * 60_000
const SYNC_FAILED = 'The catalogue could not be refreshed.'
/** The schedule is checked at least this often (timers drift across sleep and resume). */
const CHECK_EVERY_MS = 30 * 60_000

interface Bound {
  profileId: string
  profileDir: string
  cdb: CatalogueDb
  queries: CatalogueQueries
  images: ImageCache
  /** The vendors' and types' counts of recent queries (this profile's catalogue). */
  facets: FacetCounter
}

interface RunningSync {
  bound: Bound
  abort: AbortController
  promise: Promise<SyncOutcome>
  progress: SyncProgress | null
}

/**
 * The offline-first catalogue of the active connection profile: a local SQLite index refreshed by
 * full syncs, searched locally, and the service's own text search only while nothing is local yet.
 */
export class Catalogue {
  /** The active profile's catalogue file (each profile has its own). */
  private readonly scope: ProfileScoped<Bound>
  /** Sessions whose vendor and type names were asked for (once each). */
  private namesAsked = new WeakSet<object>()
  private running: RunningSync | null = null
  /** The last sync's failure: the core's or the service's words (for support), its kind and why (for the rep's). */
  private lastFailure: ErrorReport | null = null
  private retryAt = 0
  /** A sync was cut short by the end of its session: the next session takes it up at once. */
  private resumeWanted = false
  private timer: unknown = null
  private stopped = false
  /** Searches and scans under way: a running sync holds back for them. */
  private readonly pressure = new SearchPressure()

  readonly reader: CatalogueReader = {
    findBySku: (sku) => (this.bound ? this.bound.queries.findBySku(sku) : []),
    getProduct: (id) => (this.bound ? this.bound.queries.getProduct(id) : null),
    pricesAsOf: () => this.pricesAsOf(),
  }

  constructor(
    private readonly ctx: CoreContext,
    private readonly opts: CatalogueOptions = {},
  ) {
    this.scope = new ProfileScoped<Bound>(ctx.connection, 'catalogue', ctx.log, {
      open: (s) => this.bind(s),
      close: (b) => this.unbind(b),
      opened: (b, s) => this.followSession(b, s),
      changed: (b, s) => this.followSession(b, s),
    })
  }

  private get bound(): Bound | null {
    return this.scope.current()
  }

  start(): void {
    this.scope.start()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.clearTimer()
    await this.scope.stop()
  }

  status(): CatalogueStatus {
    const b = this.bound
    const last = b?.cdb.lastSyncAt ?? null
    const hours = this.refreshHours()
    // A sync that has said its last word ('done', 'failed', 'cancelled') is over for the views, though
    // it is still winding down (closing its threads): a view reading the status at that word must
    // not show it running, with no later event to say otherwise.
    const progress = this.running?.progress ?? null
    const underWay = this.running !== null && (progress === null || syncUnderWay(progress.phase))
    return {
      products: b?.cdb.productCount ?? 0,
      lastSyncAt: last === null ? null : new Date(last).toISOString(),
      syncing: underWay,
      progress: underWay ? progress : null,
      lastInvalid: b?.cdb.lastInvalid ?? 0,
      partialProducts: b && b.cdb.productCount > 0 ? b.queries.partialCount() : 0,
      landed: b ? this.landed(b) : null,
      lastFailure: this.lastFailure,
      refreshHours: hours,
      nextSyncAt: b && hours > 0 ? new Date(this.nextDue(b)).toISOString() : null,
    }
  }

  /** The products an unfinished first sync has stored so far, which searches already answer from. */
  private landed(b: Bound): CatalogueStatus['landed'] {
    const landing = b.cdb.landing()
    if (!landing || landing.productCount === 0) return null
    const expected = b.cdb.shadow?.totalCount ?? -1
    return { products: landing.productCount, expected: expected >= 0 ? expected : null }
  }

  async search(input: unknown): Promise<CatalogueSearchResult> {
    const q = CatalogueSearchInput.parse(input)
    const answered = this.pressure.begin()
    try {
      return await this.searchNow(q)
    } finally {
      answered()
    }
  }

  private async searchNow(q: SearchQuery): Promise<CatalogueSearchResult> {
    const b = this.require()
    const landing = b.cdb.landing()
    if (landing && landing.productCount > 0) {
      // A first sync under way (or interrupted): what has landed answers, marked as partial.
      const shadow = b.cdb.shadow
      const partial = landing.partial(shadow?.totalCount ?? -1, shadow?.totalPages ?? 0)
      return { ...searchLocal(landing, q, null), ...(partial ? { partial } : {}) }
    }
    if (b.cdb.productCount === 0 && this.ctx.connection.online) {
      const remote = await this.searchService(q).catch((err) => {
        if (err instanceof ServiceError && err.code === 'offline') return null
        throw err
      })
      if (remote) return remote
    }
    const local = searchLocal(b.cdb, q, this.pricesAsOf())
    // Nothing by SKU or text: perhaps a typo ("swtich"), tried only now so found queries cost nothing more.
    if (local.total === 0 && q.query.trim()) return searchSimilar(b.cdb, q, local.pricesAsOf) ?? local
    return local
  }

  async lookupSku(sku: string): Promise<ProductSummary[]> {
    const answered = this.pressure.begin()
    try {
      return await this.lookupSkuNow(sku)
    } finally {
      answered()
    }
  }

  private async lookupSkuNow(sku: string): Promise<ProductSummary[]> {
    const b = this.require()
    const landing = b.cdb.landing()
    if (landing && landing.productCount > 0) {
      // A first sync's landed pages answer a scan; one not landed yet is asked of the service.
      const landed = productsWithSku(landing, sku)
      if (landed.length || !this.ctx.connection.online) return landed
    }
    if (b.cdb.productCount > 0 || !this.ctx.connection.online) return b.queries.findBySku(sku)
    const res = await this.searchService({ query: sku, sort: '-popularity', offset: 0, limit: 100 })
    return res.items.filter((p) => p.match === 'exact')
  }

  async product(id: number): Promise<Product> {
    const b = this.require()
    const local = b.queries.getProduct(id)
    if (local) return local
    if (!this.ctx.connection.online) {
      // Offline after a first sync stopped part-way: the products it landed open too.
      const landed = b.cdb.landing()?.queries.getProduct(id)
      if (landed) return landed
      throw new AppError('not_found', 'This product is not in the catalogue stored on this computer.')
    }
    return this.ctx.connection.require().client.call('getProduct', { params: { id } })
  }

  summaries(ids: readonly number[]): ProductSummary[] {
    return this.require().queries.summaries(ids)
  }

  productGroups() {
    return this.require().queries.productGroups()
  }

  productGroup(id: number) {
    const g = this.require().queries.productGroup(id)
    if (!g) throw new AppError('not_found', 'That product group is not in the catalogue stored on this computer.')
    return g
  }

  /** Vendor and type counts with their names: asked of the service once per profile session, stored for offline. */
  async facets() {
    const b = this.require()
    const session = this.ctx.connection.active()
    let names = storedFacetNames(b.cdb)
    if (session && this.ctx.connection.online && !this.namesAsked.has(session)) {
      this.namesAsked.add(session)
      names = await refreshFacetNames(b.cdb, session.client)
    }
    // A first sync under way (or interrupted): the vendors and types of what has landed, which search answers from.
    const landing = b.cdb.landing()
    return withNames(landing && landing.productCount > 0 ? landing.facets() : b.queries.facets(), names)
  }

  /**
   * The vendors' and types' counts for a query and filters, from what search would read (a first
   * sync's landed pages, else the live catalogue); null while nothing is local (the service's own
   * search answers then, and says no counts). Asked by the view once the rep pauses (FacetCounter).
   */
  async facetCounts(input: unknown): Promise<FacetCounts> {
    const q = FacetCountsInput.parse(input)
    const b = this.require()
    const landing = b.cdb.landing()
    if (landing && landing.productCount > 0) return b.facets.count(landing, q, { gen: null })
    if (b.cdb.productCount === 0) return null
    return b.facets.count(b.cdb, q, { gen: b.cdb.liveGen, similar: (query) => similarQuery(b.cdb, query) })
  }

  async image(productId: number, kind: ImageKind): Promise<{ dataUrl: string | null }> {
    const b = this.require()
    const product = await this.product(productId)
    const url = kind === 'thumb' ? product.thumb_url : product.main_image_url
    if (!url) return { dataUrl: null }
    return { dataUrl: await b.images.dataUrl(productId, kind, url) }
  }

  /**
   * Runs a full sync on demand, or joins the one running. While offline it first asks the service
   * whether it is back (the online state may be a few seconds old); if not, it refuses.
   */
  async sync(): Promise<SyncOutcome> {
    if (this.running) return this.running.promise
    this.require()
    if (!this.ctx.connection.online) await this.ctx.connection.probe()
    return this.startSync()
  }

  /** Starts a full sync now; refused while offline (the stored catalogue stays in use). */
  private startSync(): Promise<SyncOutcome> {
    if (this.running) return this.running.promise
    const b = this.require()
    const session = this.ctx.connection.require()
    if (!this.ctx.connection.online) {
      return Promise.reject(new AppError('offline', 'The catalogue can only be refreshed while the service can be reached; the stored catalogue stays in use.'))
    }
    const abort = new AbortController()
    this.resumeWanted = false
    const run = { bound: b, abort, progress: null } as RunningSync
    run.promise = fullSync({
      cdb: b.cdb,
      client: session.client,
      clock: this.ctx.clock,
      log: this.ctx.log,
      signal: abort.signal,
      concurrency: this.opts.concurrency,
      perPage: this.opts.perPage,
      pressure: this.pressure,
      onProgress: (p) => {
        run.progress = p
        if (this.bound !== b) return
        // The outcome (the one place it is recorded) is in the status before the views hear of it: they read the status then.
        if (p.phase === 'failed') this.lastFailure = p.failure ?? { code: 'internal', message: SYNC_FAILED }
        if (p.phase === 'done') this.lastFailure = null
        this.ctx.emit('catalogue.syncProgress', p)
      },
    }).then(({ error, ...outcome }) => {
      if (this.running === run) this.running = null
      if (outcome.outcome === 'completed') {
        this.retryAt = 0
      } else if (error instanceof SessionEndedError) {
        // The profile's session changed under it (the profile was saved): not the service failing.
        if (this.bound === b) {
          this.resumeWanted = true
          this.lastFailure = null
        }
      } else if (outcome.outcome === 'failed') {
        this.retryAt = this.ctx.clock.now() + RETRY_AFTER_FAILURE_MS
      }
      if (this.bound !== b) b.cdb.close()
      this.arm()
      return outcome
    })
    this.running = run
    return run.promise
  }

  cancelSync(): boolean {
    if (!this.running) return false
    this.running.abort.abort()
    return true
  }

  setRefreshHours(hours: number): CatalogueStatus {
    this.ctx.settings.set(REFRESH_SETTING, hours)
    this.arm()
    return this.status()
  }

  pricesAsOf(): string | null {
    const last = this.bound?.cdb.lastSyncAt ?? null
    return last === null ? null : new Date(last).toISOString()
  }

  private refreshHours(): number {
    const h = this.ctx.settings.get<number>(REFRESH_SETTING, DEFAULT_REFRESH_HOURS)
    return typeof h === 'number' && h >= 0 ? h : DEFAULT_REFRESH_HOURS
  }

  /** When the next automatic sync is due: at once if never synced (first connection), else after the interval. */
  private nextDue(b: Bound): number {
    const last = b.cdb.lastSyncAt
    const due = last === null ? 0 : last + this.refreshHours() * 3600_000
    return Math.max(due, this.retryAt)
  }

  private require(): Bound {
    this.ctx.connection.require()
    if (!this.bound) throw new AppError('no_profile', 'No connection is active. Connect to your account or explore with demo data first.')
    return this.bound
  }

  /** Opens a profile's catalogue file when it becomes active. */
  private bind(s: ActiveSession): Bound {
    const cdb = CatalogueDb.open(join(s.profileDir, 'catalogue.db'), (err) =>
      this.ctx.log.warn('the catalogue file was damaged; it is rebuilt from the service', { error: String((err as Error)?.message ?? err) }),
    )
    const b = { profileId: s.profile.id, profileDir: s.profileDir, cdb, queries: new CatalogueQueries(cdb), facets: new FacetCounter(), images: new ImageCache(join(s.profileDir, 'images'), undefined, () => this.ctx.workOffline.assertNetwork()) }
    this.lastFailure = null
    this.retryAt = 0
    this.resumeWanted = false
    return b
  }

  /** The profile's session changed (its service perhaps) or the online state did: the schedule follows. */
  private followSession(b: Bound, s: ActiveSession): void {
    if (this.stopped || this.bound !== b) return
    this.holdServiceOf(b, s)
    this.arm()
  }

  /**
   * The profile's base URL was changed to another service: its products are not this service's,
   * so they go at once (a search asks the service itself meanwhile) and the next connection syncs
   * as a first one. A sync of the old service under way is cancelled. Another API client at the
   * same service keeps the catalogue. A catalogue from before the service was recorded is taken
   * to be the profile's service.
   */
  private holdServiceOf(b: Bound, s: ActiveSession): void {
    const service = serviceOf(s.profile)
    const held = b.cdb.service
    if (held === service) return
    if (held === null) return b.cdb.setService(service)
    if (this.running?.bound === b) this.running.abort.abort()
    b.cdb.startOver(service)
    this.lastFailure = null
    this.retryAt = 0
    this.resumeWanted = false
    this.ctx.log.info('catalogue: the profile now connects to another service; its catalogue starts over')
  }

  private async unbind(b: Bound): Promise<void> {
    this.clearTimer()
    const run = this.running
    if (run?.bound === b) {
      // The running sync closes its database when it has wound down.
      run.abort.abort()
      this.running = null
      await run.promise.catch(() => undefined)
    } else {
      b.cdb.close()
    }
  }

  /**
   * (Re)schedules the automatic refresh, and runs it now when it is due and the service is
   * reachable. A sync its session's end cut short goes on at once, whoever had started it.
   */
  private arm(): void {
    this.clearTimer()
    const b = this.bound
    if (this.stopped || !b) return
    if (!this.resumeWanted && (this.opts.autoSync === false || this.refreshHours() <= 0)) return
    const wait = this.resumeWanted ? 0 : this.nextDue(b) - this.ctx.clock.now()
    // No session for a moment while the profile's session is replaced: the new one arms again.
    if (wait <= 0 && this.ctx.connection.online && !this.running && this.ctx.connection.active()) {
      this.startSync().catch((err) => this.ctx.log.warn('automatic catalogue refresh did not start', { message: (err as Error).message }))
      return
    }
    if (this.running) return
    this.timer = this.ctx.clock.setTimeout(
      () => {
        this.timer = null
        this.arm()
      },
      Math.min(Math.max(wait, 60_000), CHECK_EVERY_MS),
    )
  }

  private clearTimer(): void {
    if (this.timer) this.ctx.clock.clearTimeout(this.timer)
    this.timer = null
  }

  /** The service's own text search (spec rule 2), while the local catalogue is still empty. */
  private async searchService(q: SearchQuery): Promise<CatalogueSearchResult> {
    const session = this.ctx.connection.require()
    const perPage = q.limit
    const firstPage = Math.floor(q.offset / perPage) + 1
    const skip = q.offset % perPage
    const items: Product[] = []
    let total = 0
    for (let page = firstPage; items.length < skip + q.limit; page++) {
      const res = await session.client.list('listProducts', {
        query: {
          page,
          per_page: perPage,
          sort_by: q.sort === 'relevance' ? '-popularity' : q.sort,
          text: q.query.trim() || undefined,
          vendor: q.vendor?.length ? q.vendor : undefined,
          type: q.type?.length ? q.type : undefined,
        },
      })
      total = res.total
      items.push(...res.items)
      if (page >= res.pages || res.items.length === 0) break
    }
    const key = normalizeSku(q.query)
    const kind = (p: Product): MatchKind => {
      const sku = normalizeSku(p.product_code)
      return !key ? 'browse' : sku === key ? 'exact' : sku.startsWith(key) ? 'prefix' : 'text'
    }
    return {
      items: items.slice(skip, skip + q.limit).map((p) => productSummary(p, kind(p), { hasThumb: !!p.thumb_url })),
      total,
      source: 'service',
      matchKinds: { exact: 0, prefix: 0, text: key ? total : 0 },
      pricesAsOf: null,
    }
  }
}
