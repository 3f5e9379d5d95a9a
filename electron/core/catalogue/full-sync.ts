import { setTimeout as sleep } from 'node:timers/promises'
import type { ProductGroup, ProductGroupListItem } from '../../../shared/api'
import { PER_PAGE_MAX } from '../../../shared/api'
import type { SyncOutcome, SyncProgress } from '../../../shared/ipc/channels/catalogue'
import type { Clock, Logger } from '../platform/services'
import type { ServiceClient } from '../service/client'
import { ServiceError } from '../service/service-error'
import type { CatalogueDb, ShadowState } from './catalogue-db'
import { jsonArrayItems } from './json-array-items'
import { toProductRow, type ProductRow } from './product-row'
import { ShadowWriter } from './shadow-writer'

export interface FullSyncDeps {
  cdb: CatalogueDb
  client: Pick<ServiceClient, 'raw' | 'list' | 'call'>
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
}

export type FullSyncResult = SyncOutcome & { error?: unknown }

const DEFAULT_CONCURRENCY = 4
const MAX_RESUME_AGE_MS = 6 * 3600_000
const PAGE_ATTEMPTS = 3

interface FetchedPage {
  items: unknown[]
  /** Each item's own JSON text, when the page could be split (see jsonArrayItems). */
  texts: string[] | null
  totalPages: number | null
  totalCount: number | null
}

class Cancelled extends Error {}

/**
 * A full sync of the catalogue: pages of `listProducts` (per_page 1000, in the service's popularity
 * order) fetched a few at a time, validated here and stored into the shadow generation by the
 * writer thread (one transaction per page), then product groups, then the swap. Search keeps
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
  if (previous && previous.perPage === perPage && startedAt - previous.startedAt < (deps.maxResumeAgeMs ?? MAX_RESUME_AGE_MS)) {
    shadow = previous
  } else {
    shadow = cdb.startShadow({ perPage, totalPages: 0, totalCount: -1, startedAt })
  }
  let done = cdb.donePages()
  let products = 0
  let invalid = 0
  for (const p of done.values()) {
    products += p.products
    invalid += p.invalid
  }
  let productsThisRun = 0
  let pagesThisRun = 0
  let writer: ShadowWriter | null = null

  const progress = (phase: SyncProgress['phase'], message?: string): SyncProgress => {
    const seconds = Math.max(0.001, (clock.now() - startedAt) / 1000)
    const remaining = Math.max(0, shadow.totalPages - done.size)
    const p: SyncProgress = {
      phase,
      pagesDone: done.size,
      pagesTotal: shadow.totalPages,
      products,
      invalid,
      productsPerSecond: Math.round(productsThisRun / seconds),
      etaSeconds: phase === 'fetching' && pagesThisRun > 0 ? Math.round(((remaining * seconds) / pagesThisRun) * 10) / 10 : phase === 'done' ? 0 : null,
      ...(message ? { message } : {}),
    }
    deps.onProgress(p)
    return p
  }

  const fetchPage = async (page: number): Promise<FetchedPage> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await client.raw('listProducts', { query: { page, per_page: perPage, sort_by: '-popularity' }, signal })
        let body: unknown
        try {
          body = JSON.parse(res.text)
        } catch {
          throw new ServiceError('bad_response', `The service's answer to page ${page} of the products was not JSON.`, res.status, false)
        }
        if (!Array.isArray(body)) throw new ServiceError('bad_response', `The service's answer to page ${page} of the products was not a list.`, res.status, false)
        const texts = jsonArrayItems(res.text)
        return {
          items: body,
          texts: texts?.length === body.length ? texts : null,
          totalPages: headerInt(res.headers['x-total-pages']),
          totalCount: headerInt(res.headers['x-total-count']),
        }
      } catch (err) {
        if (signal.aborted) throw new Cancelled()
        if (!(err instanceof ServiceError && err.transient) || attempt >= PAGE_ATTEMPTS) throw err
        const wait = err.retryAfterSeconds !== undefined ? Math.min(err.retryAfterSeconds * 1000, 2000) : 250 * 2 ** attempt
        await sleep(wait, undefined, { signal }).catch(() => {
          throw new Cancelled()
        })
      }
    }
  }

  /**
   * Validates a page and hands its rows to the writer. Synchronous up to the hand-over (the rows
   * are copied to the writer thread there), so the page and its parsed products are garbage as
   * soon as it returns rather than surviving the wait for the write.
   */
  const store = (writer: ShadowWriter, page: number, fetched: FetchedPage): Promise<void> => {
    const rows: ProductRow[] = []
    let bad = 0
    const base = (page - 1) * perPage + 1
    for (let i = 0; i < fetched.items.length; i++) {
      const row = toProductRow(fetched.items[i], base + i, fetched.texts?.[i])
      if (row) rows.push(row)
      else bad++
    }
    if (bad) deps.log.warn(`catalogue sync: ${bad} products on page ${page} did not have the shape of a product and were skipped`)
    return writer.writePages([{ page, rows, invalid: bad }]).then(([added = 0]) => {
      done.set(page, { products: added, invalid: bad })
      products += added
      invalid += bad
      productsThisRun += added
      pagesThisRun++
      progress('fetching')
    })
  }

  try {
    const opened = (writer = await ShadowWriter.open(cdb.path))
    // The first missing page also tells how many pages there are (X-Total-Pages).
    const first = firstMissing(done)
    if (shadow.totalCount < 0 || first <= shadow.totalPages) {
      const fetched = await fetchPage(first)
      const totalCount = fetched.totalCount ?? -1
      const totalPages = fetched.totalPages ?? null
      if (shadow.totalCount >= 0 && (totalCount !== shadow.totalCount || (totalPages !== null && totalPages !== shadow.totalPages))) {
        // The catalogue changed since the interrupted sync: its pages no longer line up. Start over.
        shadow = cdb.startShadow({ perPage, totalPages: 0, totalCount: -1, startedAt })
        await opened.forget()
        done = new Map()
        products = invalid = 0
      }
      shadow = { ...shadow, totalCount, totalPages: Math.max(first, totalPages ?? (fetched.items.length < perPage ? first : first + 1)) }
      cdb.updateShadow(shadow)
      await store(opened, first, fetched)

      // Without X-Total-Pages the pages are walked until a short one ends the list.
      let lastKnown = totalPages !== null || fetched.items.length < perPage
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
      const checkEnd = (page: number, fetched: FetchedPage): FetchedPage => {
        if (signal.aborted) throw new Cancelled()
        if (totalPages === null && fetched.items.length < perPage) {
          lastKnown = true
          shadow = { ...shadow, totalPages: Math.min(shadow.totalPages, page) }
        }
        return fetched
      }
      const worker = async () => {
        for (let page = next(); page !== null; page = next()) await store(opened, page, checkEnd(page, await fetchPage(page)))
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
      if (deps.signal.aborted) throw new Cancelled()
      cdb.updateShadow(shadow)
    }

    const groups = await fetchGroups(deps, perPage, concurrency, signal)
    if (signal.aborted) throw new Cancelled()
    progress('finalizing')
    await opened.writeGroups(groups)
    const count = await opened.finish(shadow.gen)
    await opened.close()
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
    const message = err instanceof Error ? err.message : String(err)
    deps.log.warn('catalogue sync failed; the previous catalogue stays in use', { message })
    progress('failed', message)
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
