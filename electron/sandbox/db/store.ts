import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { registerNameOrder } from './name-order'
import { createSchema } from './schema'

type Param = null | number | bigint | string | Uint8Array

/** The sandbox database: node:sqlite plus a cache of prepared statements (every query is parameterised). */
export class Store {
  readonly db: DatabaseSync
  private readonly statements = new Map<string, StatementSync>()
  private depth = 0
  private closed = false

  constructor(readonly path: string) {
    this.db = new DatabaseSync(path)
    registerNameOrder(this.db)
    createSchema(this.db, path !== ':memory:')
  }

  stmt(sql: string): StatementSync {
    let s = this.statements.get(sql)
    if (!s) {
      s = this.db.prepare(sql)
      this.statements.set(sql, s)
    }
    return s
  }

  get<T>(sql: string, ...params: Param[]): T | undefined {
    return this.stmt(sql).get(...params) as T | undefined
  }

  all<T>(sql: string, ...params: Param[]): T[] {
    return this.stmt(sql).all(...params) as T[]
  }

  run(sql: string, ...params: Param[]): { changes: number; lastInsertRowid: number } {
    const r = this.stmt(sql).run(...params)
    return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) }
  }

  meta(key: string): string | undefined {
    return this.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', key)?.value
  }

  setMeta(key: string, value: string): void {
    this.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, value)
  }

  /** Counters that are not row ids (line items, units, serials, subscriptions). */
  next(sequence: string, start = 1): number {
    return this.reserve(sequence, 1, start)
  }

  /** Reserves `count` consecutive values in one statement; returns the first. */
  reserve(sequence: string, count: number, start = 1): number {
    const last = this.get<{ value: number }>(
      'INSERT INTO sequences (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = value + ? RETURNING value',
      sequence,
      start + count - 1,
      count,
    )!.value
    return last - count + 1
  }

  /** Runs fn inside one transaction (node:sqlite has no helper for it); nested calls join the outer one. */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return fn()
    this.db.exec('BEGIN')
    this.depth++
    try {
      const out = fn()
      this.db.exec('COMMIT')
      return out
    } catch (err) {
      this.db.exec('ROLLBACK')
      throw err
    } finally {
      this.depth--
    }
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.statements.clear()
    this.db.close()
  }
}
