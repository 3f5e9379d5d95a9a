import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import type { ProductGroup } from '../../../shared/api'
import { isDamagedDatabase, openDatabase, transaction } from '../store/database'
import { LandingCatalogue } from './landing-catalogue'
import { catalogueMigrations, GENERATION_FILE, GENERATION_LAYOUT, generationFiles, LOAD_PRAGMAS, PAGES_PRAGMAS, PAGES_SCHEMA, ROWS_INDEXES, ROWS_SCHEMA, TEXT_SCHEMA, type GenerationFiles } from './schema'

/** A sync in progress (or interrupted): what a resumed sync must match to keep the pages it has. */
export interface ShadowState {
  gen: number
  perPage: number
  totalPages: number
  totalCount: number
  startedAt: number
}

const STATEMENT_CACHE_MAX = 256
const COUNT_CACHE_MAX = 64

/**
 * The open catalogue of one profile (see schema.ts for its files): bookkeeping (meta), the live
 * generation attached for reading, the generation lifecycle, and a cache of prepared statements
 * (preparing costs more than running the indexed lookups search makes).
 */
export class CatalogueDb {
  readonly db: DatabaseSync
  readonly dir: string
  private statements = new Map<string, StatementSync>()
  /** Counts of recent queries: scrolling a long result asks for the same totals page after page. */
  private counts = new Map<string, number>()
  /** Bookkeeping as last read or written: status and every search read it (one process owns the file). */
  private metaValues = new Map<string, unknown>()
  /** The first sync's landed pages, read while the live catalogue is empty. */
  private landed: LandingCatalogue | null = null

  constructor(readonly path: string) {
    this.dir = dirname(path)
    mkdirSync(this.dir, { recursive: true })
    this.db = openDatabase(path, catalogueMigrations)
    // A rebuildable cache: NORMAL keeps WAL crash-consistent.
    this.db.exec('PRAGMA synchronous = NORMAL; PRAGMA cache_size = -16000; PRAGMA temp_store = MEMORY;')
    if (this.meta<number>('layout') !== GENERATION_LAYOUT) this.resetLayout()
    this.sweep()
    this.attachLive()
  }

  /**
   * Opens a profile's catalogue. The catalogue is a rebuildable cache of the service's: a damaged
   * file (SQLITE_CORRUPT / SQLITE_NOTADB) is removed with its generations, and the next sync
   * rebuilds it from the service. Drafts live in another file and are never touched here.
   */
  static open(path: string, onDamaged: (err: unknown) => void): CatalogueDb {
    try {
      return new CatalogueDb(path)
    } catch (err) {
      if (!isDamagedDatabase(err)) throw err
      onDamaged(err)
      const dir = dirname(path)
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true })
      for (const name of readdirSync(dir)) if (GENERATION_FILE.test(name)) rmSync(join(dir, name), { force: true })
      return new CatalogueDb(path)
    }
  }

  /** A prepared statement, reused across calls. */
  stmt(sql: string): StatementSync {
    let s = this.statements.get(sql)
    if (!s) {
      if (this.statements.size >= STATEMENT_CACHE_MAX) this.statements.clear()
      s = this.db.prepare(sql)
      this.statements.set(sql, s)
    }
    return s
  }

  /** `SELECT count(*) AS n …`, remembered until the next swap (the live data cannot change before then). */
  count(sql: string, params: readonly (string | number)[]): number {
    const key = `${sql}\u0000${JSON.stringify(params)}`
    let n = this.counts.get(key)
    if (n === undefined) {
      n = (this.stmt(sql).get(...params) as { n: number }).n
      if (this.counts.size >= COUNT_CACHE_MAX) this.counts.delete(this.counts.keys().next().value!)
      this.counts.set(key, n)
    }
    return n
  }

  meta<T>(key: string): T | null {
    if (!this.metaValues.has(key)) {
      const row = this.stmt('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined
      this.metaValues.set(key, row ? JSON.parse(row.value) : null)
    }
    return this.metaValues.get(key) as T | null
  }

  setMeta(key: string, value: unknown): void {
    if (value === null || value === undefined) this.stmt('DELETE FROM meta WHERE key = ?').run(key)
    else this.stmt('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value))
    this.metaValues.set(key, value ?? null)
  }

  get liveGen(): number {
    return this.meta<number>('live_gen') ?? 0
  }

  get productCount(): number {
    return this.meta<number>('product_count') ?? 0
  }

  get lastSyncAt(): number | null {
    return this.meta<number>('last_sync_at')
  }

  get lastInvalid(): number {
    return this.meta<number>('last_invalid') ?? 0
  }

  get shadow(): ShadowState | null {
    return this.meta<ShadowState>('shadow')
  }

  /** The service the catalogue was fetched from; null before this was recorded (or before any). */
  get service(): string | null {
    return this.meta<string>('service')
  }

  /** Records the service whose products are (or are about to be) held here, keeping them. */
  setService(service: string): void {
    this.setMeta('service', service)
  }

  /**
   * Forgets the products of another service: the catalogue reads as never synced (empty, so the
   * next sync is a first one) and holds the given service's from then on. A sync under way must
   * have been cancelled first; its generation files go too.
   */
  startOver(service: string): void {
    const live = this.liveGen
    const shadow = this.shadow
    this.closeLanding()
    this.detachLive()
    try {
      transaction(this.db, () => {
        for (const key of ['shadow', 'product_count', 'last_invalid', 'last_sync_at']) this.setMeta(key, null)
        this.setMeta('live_gen', Math.max(live, shadow?.gen ?? 0) + 1)
        this.setMeta('service', service)
      })
    } catch (err) {
      // Rolled back: what was remembered of it was never written, and the old catalogue stays.
      this.metaValues.clear()
      this.attachLive()
      throw err
    }
    this.attachLive()
    removeGeneration(this.dir, live)
    if (shadow) removeGeneration(this.dir, shadow.gen)
  }

  /** The files of a generation. */
  files(gen: number): GenerationFiles {
    return generationFiles(this.dir, gen)
  }

  /**
   * Where search reads while the live catalogue is empty and a sync has stored pages of the next
   * generation (under way, or interrupted): those pages, marked partial. Null otherwise.
   */
  landing(): LandingCatalogue | null {
    const shadow = this.productCount > 0 ? null : this.shadow
    if (this.landed && this.landed.gen !== shadow?.gen) this.closeLanding()
    if (!shadow) return null
    this.landed ??= LandingCatalogue.open(this.files(shadow.gen), shadow.gen)
    return this.landed
  }

  /** The page size the live generation was fetched with; null before the first sync. */
  livePerPage(): number | null {
    const row = this.stmt("SELECT value FROM live_rows.rows_meta WHERE key = 'per_page'").get() as { value: number } | undefined
    return row ? Number(row.value) : null
  }

  livePageCount(): number {
    return (this.stmt('SELECT count(*) AS n FROM live_rows.rows_page').get() as { n: number }).n
  }

  /** Whether the live generation holds exactly these product groups. */
  hasGroups(groups: readonly ProductGroup[]): boolean {
    const byId = new Map(groups.map((g) => [g.id, JSON.stringify(g)]))
    const live = this.stmt('SELECT id, data FROM live_rows.product_group ORDER BY id').all() as { id: number; data: string }[]
    return live.length === byId.size && live.every((r) => byId.get(r.id) === r.data)
  }

  /** A refresh found the catalogue unchanged: only the time of the check is written. */
  noteUnchanged(at: number): void {
    this.setMeta('last_sync_at', at)
  }

  /**
   * Names the next generation without recording it: a refresh records it only once it finds
   * something to write (its files do not exist yet).
   */
  planShadow(state: Omit<ShadowState, 'gen'>): ShadowState {
    const shadow = { ...state, gen: Math.max(this.liveGen, this.shadow?.gen ?? 0) + 1 }
    removeGeneration(this.dir, shadow.gen)
    return shadow
  }

  /** Forgets any interrupted sync and names a new generation to write (its files do not exist yet). */
  startShadow(state: Omit<ShadowState, 'gen'>): ShadowState {
    const old = this.shadow
    const shadow = { ...state, gen: Math.max(this.liveGen, old?.gen ?? 0) + 1 }
    this.closeLanding()
    if (old) removeGeneration(this.dir, old.gen)
    removeGeneration(this.dir, shadow.gen)
    this.setMeta('shadow', shadow)
    return shadow
  }

  updateShadow(shadow: ShadowState): void {
    this.setMeta('shadow', shadow)
  }

  /**
   * Makes the shadow generation live (its files were committed durably by the sync workers): one
   * bookkeeping row, committed with synchronous=FULL. A crash before that commit leaves the
   * previous catalogue live; after it, the new one. The previous files are removed afterwards.
   */
  swapIn(shadow: ShadowState, stats: { products: number; invalid: number; at: number }): void {
    const previous = this.liveGen
    this.db.exec('PRAGMA synchronous = FULL')
    try {
      transaction(this.db, () => {
        this.setMeta('shadow', null)
        this.setMeta('live_gen', shadow.gen)
        this.setMeta('product_count', stats.products)
        this.setMeta('last_invalid', stats.invalid)
        this.setMeta('last_sync_at', stats.at)
      })
    } catch (err) {
      // Rolled back: what was remembered of it was never written.
      this.metaValues.clear()
      throw err
    } finally {
      this.db.exec('PRAGMA synchronous = NORMAL')
    }
    this.detachLive()
    this.attachLive()
    this.closeLanding()
    if (previous !== shadow.gen) removeGeneration(this.dir, previous)
  }

  close(): void {
    this.closeLanding()
    this.statements.clear()
    this.db.close()
  }

  private closeLanding(): void {
    this.landed?.close()
    this.landed = null
  }

  /**
   * Attaches the live generation's files, creating them empty before the first sync. If they have
   * gone (deleted by hand, say), the catalogue is empty again and says so: never synced, no products.
   */
  private attachLive(): void {
    const files = this.files(this.liveGen)
    let missing = false
    for (const [file, schema] of [
      [files.rows, `${LOAD_PRAGMAS} ${ROWS_SCHEMA} ${ROWS_INDEXES}`],
      [files.text, `${LOAD_PRAGMAS} ${TEXT_SCHEMA}`],
      [files.pages, `${PAGES_PRAGMAS} ${PAGES_SCHEMA}`],
    ] as const) {
      if (existsSync(file)) continue
      missing = true
      const empty = new DatabaseSync(file)
      empty.exec(schema)
      empty.close()
    }
    if (missing && this.lastSyncAt !== null) {
      for (const key of ['product_count', 'last_invalid', 'last_sync_at']) this.setMeta(key, null)
    }
    this.db.prepare('ATTACH DATABASE ? AS live_rows').run(files.rows)
    this.db.prepare('ATTACH DATABASE ? AS live_text').run(files.text)
    this.db.prepare('ATTACH DATABASE ? AS live_pages').run(files.pages)
  }

  private detachLive(): void {
    // Statements compiled against the detached files would hold them open.
    this.statements.clear()
    this.counts.clear()
    this.db.exec('DETACH DATABASE live_rows; DETACH DATABASE live_text; DETACH DATABASE live_pages;')
  }

  /** Removes generation files that are neither live nor being written (left by a crash mid-swap). */
  private sweep(): void {
    const keep = new Set([this.liveGen, this.shadow?.gen])
    for (const name of readdirSync(this.dir)) {
      const m = GENERATION_FILE.exec(name)
      if (m && !keep.has(Number(m[1]))) removeGeneration(this.dir, Number(m[1]))
    }
  }

  /** The generation files changed shape in a new app version: start over (the next sync refills). */
  private resetLayout(): void {
    for (const t of ['product', 'product_fts', 'term', 'product_group', 'group_member', 'vendor', 'product_type']) {
      for (const p of ['', 'next_']) this.db.exec(`DROP TABLE IF EXISTS ${p}${t}`)
    }
    this.db.exec('DELETE FROM meta')
    this.metaValues.clear()
    this.setMeta('layout', GENERATION_LAYOUT)
    // An earlier layout kept the products in this file: give the space back.
    this.db.exec('VACUUM')
  }
}

/**
 * Deletes a generation's files (and any journal a crash left beside them). A file another process
 * still holds open (Windows refuses to delete it) is left for the sweep at the next start: each
 * generation has files of its own, so nothing reads a left-over one.
 */
function removeGeneration(dir: string, gen: number): void {
  const files = generationFiles(dir, gen)
  for (const f of [files.rows, files.text, files.pages]) {
    for (const suffix of ['', '-journal', '-wal', '-shm', '-stash']) {
      try {
        rmSync(f + suffix, { force: true })
      } catch {
        /* swept at the next start */
      }
    }
  }
}
