import { MessageChannel, Worker, type TransferListItem } from 'node:worker_threads'
import type { ProductGroup } from '../../../shared/api'
import { normalizeName, PRODUCT_COLUMNS } from './product-row'
import { LOAD_PRAGMAS, PAGES_PRAGMAS, PAGES_SCHEMA, ROWS_FACETS, ROWS_INDEXES, ROWS_SCHEMA, TEXT_FILE_OLDER, TEXT_FINISH, TEXT_LOAD_SETTINGS, TEXT_SCHEMA, type GenerationFiles } from './schema'
import { ROWS_WORKER_SOURCE, TEXT_WORKER_SOURCE } from './sync-worker-source'
import { storageFault } from '../store/storage-fault'
import type { SearchPressure } from './search-pressure'
import type { PreparedRequest, RemoteAgent, RemoteOutcome } from '../service/client'

const ROWS_SQL = {
  ids: 'SELECT id FROM product',
  pages: 'SELECT page, products, invalid FROM rows_page',
  product: `INSERT INTO product (${PRODUCT_COLUMNS.join(', ')}) VALUES (${PRODUCT_COLUMNS.map(() => '?').join(', ')})`,
  page: 'INSERT OR REPLACE INTO pages.page (page, json) VALUES (?, ?)',
  etag: 'INSERT OR REPLACE INTO pages.page_etag (page, etag) VALUES (?, ?)',
  noEtag: 'DELETE FROM pages.page_etag WHERE page = ?',
  done: 'INSERT OR REPLACE INTO rows_page (page, products, invalid) VALUES (?, ?, ?)',
  storedPage: 'SELECT json FROM pages.page WHERE page = ?',
  positions: 'SELECT pos FROM product WHERE pos BETWEEN ? AND ? ORDER BY pos',
  // From the start: a landed product is read back from its page (catalogue-queries.ts).
  perPage: "INSERT OR REPLACE INTO rows_meta (key, value) VALUES ('per_page', ?)",
}

const TEXT_SQL = {
  insert: 'INSERT INTO product_fts (rowid, name, sku, body) VALUES (?, ?, ?, ?)',
  described: 'INSERT OR REPLACE INTO body_page (page) VALUES (?)',
  describedPages: 'SELECT page FROM body_page',
}

/**
 * Pages whose whole text the rows worker may have handed to the text worker ahead of it while the
 * descriptions are indexed (each is a string of about 1.3 MB in the text worker's queue).
 */
const DESCRIBE_AHEAD = 2

/**
 * Pages whose text the rows worker may have sent the text worker before it stashed it: each waits
 * in its queue as a string of 1-2 MB. When the text worker falls behind (a busy machine), the next
 * page is not fetched until it catches up, so the sync's memory stays bounded.
 */
const TEXT_BEHIND = 4

/** Pages of text per full-text transaction (each commit adds a segment that finish() merges). */
const TEXT_PAGES_PER_COMMIT = 10

/**
 * Heap limits of the two threads: each holds about one page at a time, and a bounded heap is
 * collected as it goes instead of growing while the sync runs (the target is the whole process
 * staying under 300 MB with 100,000 products). The rows worker holds a parsed page (a 1000-product
 * page of the sandbox is 1.6 MB of JSON, several MB once parsed); the text worker only strings.
 * Most of what they allocate dies young. The rows worker's young generation nearly holds a parsed
 * page (measured, 100,000 products on 2 cores: 8 → 12 MB cut its collections, fewer pages being
 * promoted to the old generation; 16 MB cut them further but took the process to 300-309 MB at
 * the peak, over its target); the text worker's stays small (it allocates little while pages land).
 */
const ROWS_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 12 }
const TEXT_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 }

export interface StoredPage {
  added: number
  invalid: number
  /** Elements of the page's list (a short page ends the list when there is no X-Total-Pages). */
  items: number
  /** A refresh found it byte for byte as the live generation holds it, and wrote nothing. */
  same?: boolean
}

/** How the next generation is written: a refresh compares pages with the live generation's first. */
export interface WriteOptions {
  /** The live generation's files, when there is one to compare with. */
  compareWith?: GenerationFiles
  perPage: number
  /** Told each page whose products were committed (a search now finds them by SKU and name). */
  onSearchable?(pages: readonly number[]): void
  /** Searches the threads hold back for. */
  pressure?: SearchPressure
}

/** A page the service answered with something other than a JSON list. */
export class MalformedPage extends Error {}

/** A page the rows worker fetched: stored, or the reason it could not be. */
export type FetchedValue = StoredPage | Error

type Reply = { id: number; ok: boolean; value?: unknown; message?: string; code?: string; errcode?: number }
type Event = { event: 'indexed'; page: number; full: boolean } | { event: 'failed'; message: string }

/** What a worker's failure to store means here. */
function workerFailure(m: { message?: string; code?: string; errcode?: number }): Error {
  if (m.code === 'not_json' || m.code === 'not_list') return new MalformedPage(m.message)
  return storageFault(m) ?? new Error(`The catalogue could not be stored: ${m.message}`)
}

/** One worker thread answering requests by id (see sync-worker-source.ts). */
class WorkerLink {
  private next = 0
  private pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>()
  failed: Error | null = null

  constructor(
    readonly worker: Worker,
    onEvent: (e: Event) => void,
  ) {
    worker.on('message', (m: Reply | Event) => {
      if ('event' in m) return onEvent(m)
      const p = this.pending.get(m.id)
      if (!p) return
      this.pending.delete(m.id)
      if (m.ok) p.ok(m.value)
      else p.fail(workerFailure(m))
    })
    worker.on('error', (err) => this.fail(err))
    worker.on('exit', () => this.fail(new Error('The catalogue writer stopped.')))
  }

  fail(err: Error): void {
    this.failed ??= err
    for (const p of this.pending.values()) p.fail(err)
    this.pending.clear()
  }

  send<T>(op: string, args: Record<string, unknown> = {}, transfer: TransferListItem[] = []): Promise<T> {
    if (this.failed) return Promise.reject(this.failed)
    const id = ++this.next
    return new Promise<T>((ok, fail) => {
      this.pending.set(id, { ok: ok as (v: unknown) => void, fail })
      this.worker.postMessage({ id, op, ...args }, transfer)
    })
  }
}

/**
 * The next generation being written: the rows worker and the text worker, joined by a message
 * channel of their own. A page is stored (and its products findable by SKU and name) once the rows
 * worker has committed it; its text follows in the text worker, and finish() waits for all of it.
 */
export class SyncWorkers {
  /** Pages whose text the rows worker sent the text worker as they landed, and those it has stashed. */
  private sent = new Set<number>()
  /** Pages a refresh found unchanged (not written unless the generation is written after all). */
  private same: number[] = []
  private stashed = new Set<number>()
  /** Pages whose whole text was handed to the text worker, and those it has indexed. */
  private describing = new Set<number>()
  private describedNow = new Set<number>()
  private textFailure: Error | null = null
  private waiters: (() => void)[] = []
  private closed = false
  private fetches = 0

  private constructor(
    private readonly rows: WorkerLink,
    private readonly text: WorkerLink,
    /** Pages the rows file held when it was opened (an interrupted sync's), with their counts. */
    readonly storedPages: ReadonlyMap<number, StoredPage>,
    /** Pages whose whole text the text file held when it was opened. */
    private readonly describedPages: ReadonlySet<number>,
    private readonly onSearchable: (pages: readonly number[]) => void,
  ) {}

  /** A refresh found pages unchanged that it has not written. */
  get hasSame(): boolean {
    return this.same.length > 0
  }

  /** TESTS ONLY: pragmas run after the load pragmas, e.g. a size cap that makes the disk "full". */
  static testPragmas = ''

  /**
   * TESTS ONLY: how many landed pages' whole text the text worker may stash for later (0: none,
   * so every description waits for the describe pass, which reads the stored pages back, as after
   * a stash the disk refused).
   */
  static testBodiesAhead: number | undefined = undefined

  /** TESTS ONLY: how long the text worker pauses before each page it is sent (a text thread on a busy machine). */
  static testTextPauseMs = 0

  static async open(files: GenerationFiles, opts: WriteOptions): Promise<SyncWorkers> {
    const channel = new MessageChannel()
    let self: SyncWorkers | null = null
    const rows = new WorkerLink(new Worker(ROWS_WORKER_SOURCE, { eval: true, resourceLimits: ROWS_LIMITS }), () => {})
    const text = new WorkerLink(new Worker(TEXT_WORKER_SOURCE, { eval: true, resourceLimits: TEXT_LIMITS }), (e) => self?.onTextEvent(e))
    try {
      const [stored, indexed] = await Promise.all([
        rows.send<{ page: number; products: number; invalid: number }[]>(
          'open',
          {
            path: files.rows,
            pragmas: LOAD_PRAGMAS + SyncWorkers.testPragmas,
            schema: ROWS_SCHEMA,
            pages: { path: files.pages, pragmas: PAGES_PRAGMAS + SyncWorkers.testPragmas, schema: PAGES_SCHEMA },
            sql: ROWS_SQL,
            textPort: channel.port1,
            live: opts.compareWith,
            perPage: opts.perPage,
            gate: opts.pressure?.forWorker(),
          },
          [channel.port1],
        ),
        text.send<{ described: number[] }>(
          'open',
          { path: files.text, pragmas: LOAD_PRAGMAS + SyncWorkers.testPragmas, refuse: TEXT_FILE_OLDER, schema: TEXT_SCHEMA, settings: TEXT_LOAD_SETTINGS, sql: TEXT_SQL, commitEvery: TEXT_PAGES_PER_COMMIT, bodiesAhead: SyncWorkers.testBodiesAhead, pauseMs: SyncWorkers.testTextPauseMs, rowsPort: channel.port2, lazy: !!opts.compareWith, gate: opts.pressure?.forWorker() },
          [channel.port2],
        ),
      ])
      self = new SyncWorkers(
        rows,
        text,
        new Map(stored.map((p) => [p.page, { added: p.products, invalid: p.invalid, items: p.products + p.invalid }])),
        new Set(indexed.described),
        opts.onSearchable ?? (() => {}),
      )
      return self
    } catch (err) {
      await Promise.all([rows.worker.terminate(), text.worker.terminate()])
      throw err
    }
  }

  /**
   * Stores one page of listProducts (its response body, handed over without a copy): resolves
   * once its products are committed. Rejects with MalformedPage if it is not a JSON list.
   * `countItems`: the page's length is needed (no X-Total-Pages), even when a refresh finds it unchanged.
   */
  async storePage(page: number, base: number, body: ArrayBuffer, countItems = true, etag?: string): Promise<StoredPage> {
    // Also rejects if the text worker has failed.
    await this.textKeepingUp()
    return this.noteStored(page, await this.rows.send<StoredPage>('page', { page, base, bytes: body, sql: ROWS_SQL, countItems, etag }, [body]))
  }

  /**
   * Has the rows worker fetch one page of listProducts itself and store it (the page's bytes never
   * reach this thread, whose event loop answers searches): `request` is what the ServiceClient
   * prepared (sentElsewhere), `agent` how the worker makes its undici Agent. Resolves with what the
   * worker saw, for the client to judge; a success's value is the stored page, or the failure to
   * store it (MalformedPage, a storage fault). Aborting `signal` aborts the fetch in the worker.
   */
  async fetchPage(page: number, base: number, request: PreparedRequest, agent: RemoteAgent, countItems: boolean, signal: AbortSignal): Promise<RemoteOutcome<FetchedValue>> {
    // Also rejects if the text worker has failed.
    await this.textKeepingUp()
    const id = ++this.fetches
    const cancel = () => void this.rows.send('cancel', { fetch: id }).catch(() => undefined)
    signal.addEventListener('abort', cancel, { once: true })
    try {
      const got = await this.rows.send<RemoteOutcome<{ stored?: StoredPage; failed?: { message?: string; code?: string; errcode?: number } }>>('fetch', { fetch: id, page, base, request, agent, sql: ROWS_SQL, countItems })
      if (got.kind !== 'ok') return got
      const value: FetchedValue = got.value.stored ? this.noteStored(page, got.value.stored) : workerFailure(got.value.failed ?? {})
      return { ...got, value }
    } finally {
      signal.removeEventListener('abort', cancel)
    }
  }

  private noteStored(page: number, stored: StoredPage): StoredPage {
    if (stored.same) {
      this.same.push(page)
    } else {
      // The first page that differs copied the ones found the same before it (their text is read
      // back from the stored pages by describe); its own text went to the text worker.
      this.same.splice(0)
      this.sent.add(page)
    }
    this.onSearchable([page])
    return stored
  }

  /**
   * Ends a refresh's compare mode: the next generation is written after all (its groups differ, or
   * it has fewer pages). The pages found the same are copied from the live generation.
   */
  async materialize(): Promise<void> {
    await this.rows.send('materialize')
    this.same.splice(0)
  }

  /** The rows file's indexes, built while the text worker indexes the stash (describe). */
  private indexing: Promise<void> | null = null

  /** The text worker's flush, once asked: describe() waits for it (the worker's waiting descriptions are indexed by then). */
  private flushing: Promise<void> | null = null

  /** Every page is stored: the text the text worker stashed is indexed now. */
  flushText(): Promise<void> {
    this.flushing ??= this.allStashed().then(() => this.text.send<void>('flush'))
    return this.flushing
  }

  /**
   * Every page has landed and its stashed text is indexed: the whole text of the pages the text file
   * lacks, descriptions included, read back from the stored pages by the rows worker and indexed
   * by the text worker, a few pages ahead of it. Resolves once the rows worker has handed them all
   * over (finish waits for the text worker).
   */
  async describe(pages: readonly number[], perPage: number): Promise<void> {
    // The rows file's indexes are built meanwhile: the rows worker has nothing else to do.
    this.indexing ??= this.rows.send<void>('batch', { statements: [{ sql: ROWS_INDEXES }] })
    this.indexing.catch(() => undefined)
    // The pages the text worker indexed from its stash need nothing more.
    await this.flushText()
    for (const page of pages) {
      if (this.describedPages.has(page) || this.describing.has(page) || this.describedNow.has(page)) continue
      await this.until(() => this.describing.size - this.describedNow.size < DESCRIBE_AHEAD)
      this.describing.add(page)
      await this.rows.send('describe', { pages: [page], perPage, sql: ROWS_SQL })
    }
  }

  async writeGroups(groups: readonly ProductGroup[]): Promise<void> {
    const statements: { sql: string; params?: (string | number)[] }[] = [{ sql: 'DELETE FROM product_group; DELETE FROM group_member;' }]
    for (const g of groups) {
      statements.push({ sql: 'INSERT OR REPLACE INTO product_group (id, name, name_norm, data) VALUES (?, ?, ?, ?)', params: [g.id, g.name, normalizeName(g.name), JSON.stringify(g)] })
      g.products.forEach((pid, i) => statements.push({ sql: 'INSERT OR IGNORE INTO group_member (group_id, position, product_id) VALUES (?, ?, ?)', params: [g.id, i, pid] }))
    }
    await this.rows.send('batch', { statements })
  }

  /**
   * Indexes and facet counts in the rows file while the text file merges its index and writes its
   * vocabulary; both end with a durable commit. Resolves with the number of products.
   */
  async finish(perPage: number): Promise<number> {
    // The rows file needs nothing from the text worker, which may still be indexing the last pages.
    const [count] = await Promise.all([
      (this.indexing ?? Promise.resolve()).then(() => this.rows.send<number>('finish', {
        sql: `${ROWS_INDEXES}\n${ROWS_FACETS}\nINSERT OR REPLACE INTO rows_meta (key, value) VALUES ('per_page', ${Math.trunc(perPage)});\nINSERT OR REPLACE INTO pages.pages_meta (key, value) VALUES ('complete', 1);`,
        count: 'SELECT count(*) AS n FROM product',
      })),
      this.allStashed()
        .then(() => this.until(() => [...this.describing].every((p) => this.describedNow.has(p))))
        .then(() => this.text.send('finish', { sql: TEXT_FINISH })),
    ])
    return count
  }

  /**
   * Commits what each thread has, closes both files and ends the threads; safe to call twice. The
   * rows thread first. Text the text thread stashed but did not index is dropped with its stash: the
   * next sync's describe pass reads it back from the stored pages.
   */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    // Once every page is in, the descriptions stashed are indexed (flush) before the threads end:
    // a sync that stops after its pages (its groups failed) keeps them. One stopped earlier leaves
    // them to the next sync's describe pass, and stops at once.
    if (this.flushing) await this.flushing.catch(() => undefined)
    for (const link of [this.rows, this.text]) {
      if (!link.failed) await link.send('close').catch(() => undefined)
      await link.worker.terminate()
    }
  }

  /** Stored pages whose text the text worker has not stashed yet (it waits in its queue). */
  get textBehind(): number {
    let behind = 0
    for (const p of this.sent) if (!this.stashed.has(p)) behind++
    return behind
  }

  /** Resolves once fewer than TEXT_BEHIND stored pages wait for the text worker. */
  private textKeepingUp(): Promise<void> {
    return this.until(() => this.textBehind < TEXT_BEHIND)
  }

  private allStashed(): Promise<void> {
    return this.until(() => this.textBehind === 0)
  }

  /** Resolves once `done` holds (checked at each event of the text worker); rejects if it fails. */
  private until(done: () => boolean): Promise<void> {
    return new Promise((ok, fail) => {
      const check = () => {
        if (this.textFailure) return fail(this.textFailure)
        if (this.text.failed) return fail(this.text.failed)
        if (!done()) return this.waiters.push(check)
        ok()
      }
      check()
    })
  }

  private onTextEvent(e: Event): void {
    if (e.event === 'indexed') (e.full ? this.describedNow : this.stashed).add(e.page)
    else this.textFailure ??= new Error(`The catalogue's text index could not be stored: ${e.message}`)
    const waiting = this.waiters.splice(0)
    for (const w of waiting) w()
  }
}
