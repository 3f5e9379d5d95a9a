import { existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { openDatabase } from '../store/database'
import { catalogueMigrations, createGeneration, dropGeneration, GENERATION_LAYOUT, GENERATION_TABLES, generationIndexes } from './schema'

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
 * The open catalogue database of one profile: bookkeeping (meta), generation lifecycle and a cache
 * of prepared statements (preparing costs more than running the indexed lookups search makes).
 */
export class CatalogueDb {
  readonly db: DatabaseSync
  private statements = new Map<string, StatementSync>()
  /** Counts of recent queries: scrolling a long result asks for the same totals page after page. */
  private counts = new Map<string, number>()

  constructor(readonly path: string) {
    if (!existsSync(path)) {
      // 16 KiB pages: a product row (its JSON included) is ~1.5 KB; bigger pages halve the B-tree
      // work of a full sync. The size is fixed when the file is created, before WAL.
      mkdirSync(dirname(path), { recursive: true })
      const fresh = new DatabaseSync(path)
      fresh.exec('PRAGMA page_size = 16384; VACUUM;')
      fresh.close()
    }
    this.db = openDatabase(path, catalogueMigrations)
    // A rebuildable cache: NORMAL keeps WAL crash-consistent and spares an fsync per sync page.
    this.db.exec('PRAGMA synchronous = NORMAL; PRAGMA cache_size = -16000; PRAGMA temp_store = MEMORY;')
    if (this.meta<number>('layout') !== GENERATION_LAYOUT) this.resetLayout()
    createGeneration(this.db, '')
    this.db.exec(generationIndexes('', this.liveGen))
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
    const row = this.stmt('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined
    return row ? (JSON.parse(row.value) as T) : null
  }

  setMeta(key: string, value: unknown): void {
    if (value === null || value === undefined) this.stmt('DELETE FROM meta WHERE key = ?').run(key)
    else this.stmt('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value))
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

  /** Forgets any interrupted sync and prepares empty shadow tables for a new generation. */
  startShadow(state: Omit<ShadowState, 'gen'>): ShadowState {
    const shadow = { ...state, gen: Math.max(this.liveGen, this.shadow?.gen ?? 0) + 1 }
    this.transaction(() => {
      dropGeneration(this.db, 'next_')
      createGeneration(this.db, 'next_')
      this.db.exec('DELETE FROM sync_pages')
      this.setMeta('shadow', shadow)
    })
    return shadow
  }

  updateShadow(shadow: ShadowState): void {
    this.setMeta('shadow', shadow)
  }

  donePages(): Map<number, { products: number; invalid: number }> {
    const rows = this.stmt('SELECT page, products, invalid FROM sync_pages').all() as unknown as { page: number; products: number; invalid: number }[]
    return new Map(rows.map((r) => [r.page, { products: r.products, invalid: r.invalid }]))
  }

  /**
   * Makes the shadow generation live in one transaction: a crash before COMMIT leaves the previous
   * catalogue untouched; after it, the new one is complete.
   */
  swapIn(shadow: ShadowState, stats: { products: number; invalid: number; at: number }): void {
    this.transaction(() => {
      dropGeneration(this.db, '')
      for (const t of GENERATION_TABLES) this.db.exec(`ALTER TABLE next_${t} RENAME TO ${t}`)
      this.db.exec('DELETE FROM sync_pages')
      this.setMeta('shadow', null)
      this.setMeta('live_gen', shadow.gen)
      this.setMeta('product_count', stats.products)
      this.setMeta('last_invalid', stats.invalid)
      this.setMeta('last_sync_at', stats.at)
    })
    // Statements compiled against the dropped tables recompile on use; start clean all the same.
    this.statements.clear()
    this.counts.clear()
  }

  transaction<T>(fn: () => T): T {
    this.db.exec('BEGIN IMMEDIATE')
    try {
      const result = fn()
      this.db.exec('COMMIT')
      return result
    } catch (err) {
      this.db.exec('ROLLBACK')
      throw err
    }
  }

  close(): void {
    this.statements.clear()
    this.db.close()
  }

  /** The generation tables changed shape in a new app version: start over (the next sync refills). */
  private resetLayout(): void {
    this.transaction(() => {
      dropGeneration(this.db, '')
      dropGeneration(this.db, 'next_')
      this.db.exec('DELETE FROM sync_pages; DELETE FROM meta;')
      this.setMeta('layout', GENERATION_LAYOUT)
    })
  }
}
