import { setTimeout as sleep } from 'node:timers/promises'
import type { ProductGroup, ProductGroupListItem } from '../../../shared/api'
import { PER_PAGE_MAX } from '../../../shared/api'
import { AppError } from '../../../shared/model/app-error'
import type { ErrorReason } from '../../../shared/model/error-reason'
import { syncUnderWay, type SyncOutcome, type SyncProgress } from '../../../shared/model/catalogue-sync'
import type { Clock, Logger } from '../platform/services'
import type { ServiceClient } from '../service/client'
import { ServiceError, SessionEndedError } from '../service/service-error'
import type { CatalogueDb, ShadowState } from './catalogue-db'
import type { GenerationFiles } from './schema'
import type { SearchPressure } from './search-pressure'
import { MalformedPage, SyncWorkers, type StoredPage } from './sync-workers'

interface FullSyncDeps {
  cdb: CatalogueDb
  client: Pick<ServiceClient, 'rawBytes' | 'list' | 'call' | 'sentElsewhere' | 'remoteAgent'>
  clock: Clock
  log: Logger
  /** Aborting it cancels the sync; stored pages are kept for the next run to resume from. */
  signal: AbortSignal
  onProgress(p: SyncProgress): void
  /** Pages fetched at once. */
  concurrency?: number
  perPage?: number
  /** An interrupted sync older than this starts over instead of resuming. */
  maxResumeAgeMs?: number
  /** Searches the sync holds back for (a page is not fetched while one is answered). */
  pressure?: SearchPressure
}

type FullSyncResult = SyncOutcome & { error?: unknown }

/**
 * 4 pages in flight: at 50 ms round trip and 20 Mbit/s a compressed page (~120 KB) takes ~50 ms on
 * the link, so one at a time would leave it idle half the time; 4 keep it busy, and more would only
 * queue on it while holding more memory (SERVICE_ASSUMPTIONS.syncOverSlowLinks).
 */
const DEFAULT_CONCURRENCY = 4
const MAX_RESUME_AGE_MS = 6 * 3600_000
const PAGE_ATTEMPTS = 3

interface FetchedPage {
  /** The response body, unread: the rows worker parses it. */
  body: ArrayBuffer
  status: number
  totalPages: number | null
  totalCount: number | null
  /** Kept with the stored page: the next refresh asks whether it changed (If-None-Match). */
  etag?: string
}

class Cancelled extends Error {}

/**
 * A full sync of the catalogue: pages of `listProducts` (per_page 1000, in the service's popularity
 * order) fetched a few at a time by the rows worker, which parses, checks and stores them into the
 * next generation's files (see sync-workers.ts), products findable by SKU and name as each page
 * lands (their descriptions too, as the text thread has time); then product groups, the
 * descriptions it had no time for (from the stored pages), indexes and the swap. The main thread
 * fetches the first page only (the rows worker fetches the others: fetchAndStore); search keeps
 * reading the live generation throughout.
 */
export async function fullSync(deps: FullSyncDeps): Promise<FullSyncResult> {
  const { cdb, client, clock } = deps
  const perPage = Math.min(deps.perPage ?? PER_PAGE_MAX, PER_PAGE_MAX)
  const concurrency = Math.max(1, deps.concurrency ?? DEFAULT_CONCURRENCY)
  const stop = new AbortController()
  const signal = AbortSignal.any([deps.signal, stop.signal])
  const startedAt = clock.now()

  let shadow: ShadowState
  const previous = cdb.shadow
  /**
   * A refresh of a live catalogue of the same page size compares before it writes: the next
   * generation (and its bookkeeping) is written only once a page differs (see sync-worker-source.ts).
   */
  let comparing: GenerationFiles | null = null
  if (previous && previous.perPage === perPage && startedAt - previous.startedAt < (deps.maxResumeAgeMs ?? MAX_RESUME_AGE_MS)) {
    shadow = previous
  } else if (!previous && cdb.productCount > 0 && cdb.livePerPage() === perPage) {
    shadow = cdb.planShadow({ perPage, totalPages: 0, totalCount: -1, startedAt })
    comparing = cdb.files(cdb.liveGen)
  } else {
    shadow = cdb.startShadow({ perPage, totalPages: 0, totalCount: -1, startedAt })
  }
  /** The shadow's bookkeeping, unless a refresh has found nothing to write yet. */
  const record = (): void => {
    if (!comparing) cdb.updateShadow(shadow)
  }
  /** Pages whose products a search finds by SKU and name (text committed), and their products. */
  const searchable = new Set<number>()
  let done = new Map<number, StoredPage>()
  let products = 0
  let invalid = 0
  let productsThisRun = 0
  let pagesThisRun = 0
  let writer: SyncWorkers | null = null

  let phaseNow: SyncProgress['phase'] = 'fetching'
  const progress = (phase: SyncProgress['phase'], failure?: SyncProgress['failure']): SyncProgress => {
    phaseNow = phase
    const seconds = Math.max(0.001, (clock.now() - startedAt) / 1000)
    const remaining = Math.max(0, shadow.totalPages - done.size)
    const p: SyncProgress = {
      phase,
      pagesDone: done.size,
      pagesTotal: shadow.totalPages,
      products,
      invalid,
      productsPerSecond: Math.round(productsThisRun / seconds),
      productsSearchable: [...searchable].reduce((n, page) => n + (done.get(page)?.added ?? 0), 0),
      etaSeconds: phase === 'fetching' && pagesThisRun > 0 ? Math.round(((remaining * seconds) / pagesThisRun) * 10) / 10 : phase === 'done' ? 0 : null,
      ...(failure ? { failure } : {}),
    }
    deps.onProgress(p)
    return p
  }

  /**
   * The catalogue's bookkeeping is written only by a sync still wanted: once cancelled, the
   * catalogue may have started over for another service (see CatalogueDb.startOver).
   */
  const stillWanted = (): void => {
    if (deps.signal.aborted) throw new Cancelled()
  }

  /** One try, and a few more while the service fails in a way worth trying again (network, 5xx, 429). */
  const retrying = async <T>(once: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once()
      } catch (err) {
        if (signal.aborted) throw new Cancelled()
        // A closed client (its session ended) will not answer a second time either.
        if (!(err instanceof ServiceError && err.transient) || err instanceof SessionEndedError || attempt >= PAGE_ATTEMPTS) throw err
        const wait = err.retryAfterSeconds !== undefined ? Math.min(err.retryAfterSeconds * 1000, 2000) : 250 * 2 ** attempt
        await sleep(wait, undefined, { signal }).catch(() => {
          throw new Cancelled()
        })
      }
    }
  }

  const query = (page: number) => ({ page, per_page: perPage, sort_by: '-popularity' })

  /** The first page, fetched here: its headers say how many pages there are (and whether the sync resumes). */
  const fetchPage = (page: number): Promise<FetchedPage> =>
    retrying(async () => {
      const res = await client.rawBytes('listProducts', { query: query(page), signal })
      const etag = res.headers.etag
      return { body: res.bytes, status: res.status, totalPages: headerInt(res.headers['x-total-pages']), totalCount: headerInt(res.headers['x-total-count']), ...(typeof etag === 'string' ? { etag } : {}) }
    })

  /**
   * Every other page is fetched and stored by the rows worker: its bytes (most of what a sync
   * allocates: socket reads, the body) never reach this thread, whose event loop answers searches
   * and whose collections would stop them. The client still prepares each request (token, headers,
   * bounds), judges the answer, renews the token after a 401 and tells the online state how it went.
   */
  const fetchAndStore = async (writer: SyncWorkers, page: number, countItems: boolean): Promise<StoredPage> => {
    const agent = client.remoteAgent()
    const res = await retrying(() => client.sentElsewhere('listProducts', { query: query(page), signal }, (request) => writer.fetchPage(page, (page - 1) * perPage + 1, request, agent, countItems, signal)))
    if (res.value instanceof MalformedPage) throw malformed(page, res.value, res.status)
    if (res.value instanceof Error) throw res.value
    return landed(page, res.value)
  }

  /** Hands a page to the workers; resolves once its products are committed. */
  const store = async (writer: SyncWorkers, page: number, fetched: FetchedPage): Promise<StoredPage> => {
    let stored: StoredPage
    try {
      stored = await writer.storePage(page, (page - 1) * perPage + 1, fetched.body, fetched.totalPages === null, fetched.etag)
    } catch (err) {
      if (err instanceof MalformedPage) throw malformed(page, err, fetched.status)
      throw err
    }
    return landed(page, stored)
  }

  /** A page is stored: counted, and said. */
  const landed = (page: number, stored: StoredPage): StoredPage => {
    if (stored.invalid) deps.log.warn(`catalogue sync: ${stored.invalid} products on page ${page} had no usable id and were left out`)
    if (comparing && !stored.same) {
      // The first page that differs: the next generation is being written after all.
      comparing = null
      record()
    }
    done.set(page, stored)
    products += stored.added
    invalid += stored.invalid
    productsThisRun += stored.added
    pagesThisRun++
    progress('fetching')
    return stored
  }

  /**
   * Opens the next generation's files; an interrupted generation that cannot be read (a power cut
   * while it was written without fsync) is started over.
   */
  const openWorkers = async (): Promise<SyncWorkers> => {
    const resuming = shadow.totalCount >= 0
    let opened: SyncWorkers | null = null
    try {
      opened = await SyncWorkers.open(cdb.files(shadow.gen), writeOptions())
      return opened
    } catch (err) {
      await opened?.close()
      if (!resuming) throw err
      deps.log.warn('catalogue sync: the interrupted sync could not be resumed; starting over', { message: err instanceof Error ? err.message : String(err) })
      stillWanted()
      shadow = cdb.startShadow({ perPage, totalPages: 0, totalCount: -1, startedAt })
      return SyncWorkers.open(cdb.files(shadow.gen), writeOptions())
    }
  }
  const writeOptions = () => ({
    compareWith: comparing ?? undefined,
    perPage,
    pressure: deps.pressure,
    onSearchable: (pages: readonly number[]) => {
      for (const p of pages) searchable.add(p)
      // More products findable: said while the sync goes on (a commit may land after its end).
      if (done.size > 0 && syncUnderWay(phaseNow)) progress(phaseNow)
    },
  })

  // A new sync or a refresh starts at page 1: its request goes out while the threads start (a
  // resumed sync learns its first missing page from them). Awaited below, where a failure is thrown.
  const early = shadow.totalCount >= 0 ? null : fetchPage(1)
  early?.catch(() => undefined)
  try {
    let opened = (writer = await openWorkers())
    done = new Map(opened.storedPages)
    // A stored page's products are findable by SKU and name (its rows are committed).
    for (const p of done.keys()) searchable.add(p)
    for (const p of done.values()) {
      products += p.added
      invalid += p.invalid
    }
    // The first missing page also tells how many pages there are (X-Total-Pages).
    const first = firstMissing(done)
    if (shadow.totalCount < 0 || first <= shadow.totalPages) {
      const fetched = await (early && first === 1 ? early : fetchPage(first))
      const totalCount = fetched.totalCount ?? -1
      const totalPages = fetched.totalPages ?? null
      if (shadow.totalCount >= 0 && (totalCount !== shadow.totalCount || (totalPages !== null && totalPages !== shadow.totalPages))) {
        // The catalogue changed since the interrupted sync: its pages no longer line up. Start over.
        await opened.close()
        stillWanted()
        shadow = cdb.startShadow({ perPage, totalPages: 0, totalCount: -1, startedAt })
        opened = writer = await SyncWorkers.open(cdb.files(shadow.gen), writeOptions())
        done = new Map()
        searchable.clear()
        products = invalid = 0
      }
      shadow = { ...shadow, totalCount, totalPages: Math.max(first, totalPages ?? first + 1) }
      stillWanted()
      record()
      const firstStored = await store(opened, first, fetched)
      const short = (s: StoredPage) => s.items < perPage
      if (totalPages === null && short(firstStored)) shadow = { ...shadow, totalPages: first }

      // Without X-Total-Pages the pages are walked until a short one ends the list.
      let lastKnown = totalPages !== null || short(firstStored)
      let cursor = 0
      const next = (): number | null => {
        for (;;) {
          cursor++
          if (cursor > shadow.totalPages) {
            if (lastKnown) return null
            shadow = { ...shadow, totalPages: cursor }
          }
          if (!done.has(cursor)) return cursor
        }
      }
      const checkEnd = (page: number, stored: StoredPage): void => {
        if (totalPages === null && short(stored)) {
          lastKnown = true
          shadow = { ...shadow, totalPages: Math.min(shadow.totalPages, page) }
        }
      }
      const worker = async () => {
        for (let page = next(); page !== null; page = next()) {
          await deps.pressure?.quiet(signal)
          checkEnd(page, await fetchAndStore(opened, page, totalPages === null))
        }
      }
      const workers = Array.from({ length: concurrency }, () =>
        worker().catch((err) => {
          stop.abort()
          throw err
        }),
      )
      const results = await Promise.allSettled(workers)
      const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof Cancelled))
      if (failure) throw failure.reason
      stillWanted()
      record()
      // The stashed text indexed at once (the groups are fetched meanwhile).
      if (!comparing) void opened.flushText().catch(() => undefined)
    }

    const groups = await fetchGroups(deps, perPage, concurrency, signal)
    if (signal.aborted) throw new Cancelled()
    if (comparing) {
      if (cdb.livePageCount() === shadow.totalPages && cdb.hasGroups(groups)) {
        // Every page and group as the live catalogue holds them: nothing to write but the time of the check.
        await opened.close()
        stillWanted()
        cdb.noteUnchanged(clock.now())
        products = cdb.productCount
        invalid = cdb.lastInvalid
        progress('done')
        return { outcome: 'completed', products, invalid }
      }
      await opened.materialize()
      comparing = null
      stillWanted()
      record()
    }
    progress('finalizing')
    // Every page is in and findable by SKU and name: now the descriptions not yet indexed, from the
    // stored pages (the rows worker builds its indexes meanwhile, in finish). A sync interrupted
    // here resumes with the pages the text file lacks.
    await opened.describe(
      [...done.keys()].sort((a, b) => a - b),
      perPage,
    )
    await opened.writeGroups(groups)
    const count = await opened.finish(perPage)
    await opened.close()
    stillWanted()
    cdb.swapIn(shadow, { products: count, invalid, at: clock.now() })
    products = count
    progress('done')
    return { outcome: 'completed', products: count, invalid }
  } catch (err) {
    stop.abort()
    if (err instanceof Cancelled || deps.signal.aborted) {
      progress('cancelled')
      return { outcome: 'cancelled', products, invalid }
    }
    if (comparing && writer?.hasSame && !deps.signal.aborted) {
      // A refresh that failed after pages it found unchanged keeps them, so the next one resumes after them.
      await writer
        .materialize()
        .then(() => {
          comparing = null
          record()
        })
        .catch(() => undefined)
    }
    const message = err instanceof Error ? err.message : String(err)
    deps.log.warn('catalogue sync failed; the previous catalogue stays in use', { message })
    const reason = failureReason(err, done.size > 0)
    progress('failed', {
      message,
      code: err instanceof AppError ? err.code : 'internal',
      ...(reason ? { reason } : {}),
      ...(err instanceof AppError && err.refusal ? { refusal: err.refusal } : {}),
    })
    return { outcome: 'failed', products, invalid, message, error: err }
  } finally {
    await writer?.close()
  }
}

/** Product groups: the list, then each group (its product ids are only in the full record). */
async function fetchGroups(deps: FullSyncDeps, perPage: number, concurrency: number, signal: AbortSignal): Promise<ProductGroup[]> {
  const list: ProductGroupListItem[] = []
  try {
    for (let page = 1; ; page++) {
      const res = await deps.client.list('listProductGroups', { query: { page, per_page: perPage }, signal })
      list.push(...res.items)
      if (page >= res.pages || res.items.length === 0) break
    }
  } catch (err) {
    // Not every user may read product groups; the catalogue is still complete without them.
    if (err instanceof ServiceError && (err.code === 'forbidden' || err.code === 'not_found')) return []
    throw err
  }
  const groups: ProductGroup[] = []
  let i = 0
  const worker = async () => {
    while (i < list.length) {
      const item = list[i++]!
      try {
        groups.push(await deps.client.call('getProductGroup', { params: { id: item.id }, signal }))
      } catch (err) {
        if (err instanceof ServiceError && (err.code === 'not_found' || err.code === 'forbidden')) continue
        throw err
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker))
  return groups
}

function firstMissing(done: ReadonlyMap<number, unknown>): number {
  let p = 1
  while (done.has(p)) p++
  return p
}

function headerInt(v: string | string[] | undefined): number | null {
  const s = Array.isArray(v) ? v[0] : v
  if (s === undefined || s.trim() === '') return null
  const n = Number(s)
  return Number.isInteger(n) && n >= 0 ? n : null
}

/** A page of the products the app cannot read as a list of products: which page, for the rep's words. */
function malformed(page: number, err: MalformedPage, status: number): ServiceError {
  return new ServiceError('bad_response', err.message, status, false).because({ code: 'syncPageMalformed', page })
}

/**
 * Why a sync failed, where the core knows more than the error's code: a page it could not read, a
 * full disk, the session refused or the connection changed, the service lost after pages were
 * stored (kept for the next sync; before any, the code says it: the service cannot be reached). A
 * refusal of the service is said by its kind, with its own words.
 */
function failureReason(err: unknown, pagesStored: boolean): ErrorReason | undefined {
  if (err instanceof SessionEndedError) return { code: 'syncConnectionChanged' }
  if (!(err instanceof AppError)) return undefined
  if (err.reason) return err.reason
  if (err.code === 'storage_full') return { code: 'syncDiskFull' }
  if (err.code === 'unauthorized') return { code: 'syncSessionRefused' }
  if (pagesStored && (err.code === 'offline' || err.code === 'timeout')) return { code: 'syncServiceLost' }
  return undefined
}
