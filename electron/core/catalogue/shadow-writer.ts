import { Worker } from 'node:worker_threads'
import type { ProductGroup } from '../../../shared/api'
import type { ProductRow } from './product-row'
import { normalizeName } from './product-row'
import { generationIndexes } from './schema'
import { SHADOW_WORKER_SOURCE } from './shadow-worker-source'

const SQL = {
  ids: 'SELECT id FROM next_product',
  product: `INSERT INTO next_product
    (pos, id, sku, sku_norm, name, name_norm, vendor, type, price, rrp, stock, has_thumb, subscription_type, subscription_product_type, data)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  fts: 'INSERT INTO next_product_fts (rowid, name, sku, body) VALUES (?, ?, ?, ?)',
  // No incremental merging of full-text segments while loading: finish() merges them all once ('optimize').
  // Leaves of 8000 bytes instead of 1000 (the file has 16 KiB pages): fewer b-tree rows to write and merge.
  setup: "INSERT INTO next_product_fts (next_product_fts, rank) VALUES ('automerge', 0); INSERT INTO next_product_fts (next_product_fts, rank) VALUES ('crisismerge', 2000); INSERT INTO next_product_fts (next_product_fts, rank) VALUES ('pgsz', 8000);",
  done: 'INSERT OR REPLACE INTO sync_pages (page, products, invalid) VALUES (?, ?, ?)',
}

/** The connection settings of the writer thread: those of CatalogueDb. */
const WRITER_PRAGMAS = 'PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -16000; PRAGMA temp_store = MEMORY;'

export interface StoredPage {
  page: number
  rows: readonly ProductRow[]
  invalid: number
}

/**
 * Writes the shadow generation from a worker thread (see shadow-worker-source.ts). Pages are stored
 * together with the record that they are done, in one transaction, so an interrupted sync resumes
 * exactly after its last stored page; a product already stored from an earlier page is kept once
 * (the catalogue can shift between pages while they are fetched).
 */
export class ShadowWriter {
  private next = 0
  private pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>()
  private failed: Error | null = null
  private closed = false

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: { id: number; ok: boolean; value?: unknown; message?: string }) => {
      const p = this.pending.get(m.id)
      if (!p) return
      this.pending.delete(m.id)
      if (m.ok) p.ok(m.value)
      else p.fail(new Error(`The catalogue could not be stored: ${m.message}`))
    })
    const die = (err: Error) => {
      this.failed = err
      for (const p of this.pending.values()) p.fail(err)
      this.pending.clear()
    }
    worker.on('error', die)
    worker.on('exit', () => die(new Error('The catalogue writer stopped.')))
  }

  static async open(path: string): Promise<ShadowWriter> {
    const writer = new ShadowWriter(new Worker(SHADOW_WORKER_SOURCE, { eval: true }))
    await writer.send('open', { path, pragmas: WRITER_PRAGMAS })
    return writer
  }

  /** Stores pages in one transaction; resolves with how many products of each page were new. */
  writePages(pages: readonly StoredPage[]): Promise<number[]> {
    return this.send('pages', {
      sql: SQL,
      pages: pages.map((p) => ({
        page: p.page,
        invalid: p.invalid,
        rows: p.rows.map((r) => [
          r.pos, r.id, r.sku, r.sku_norm, r.name, r.name_norm, r.vendor, r.type, r.price, r.rrp, r.stock, r.has_thumb,
          r.subscription_type, r.subscription_product_type, r.data, r.fts_name, r.fts_sku, r.fts_body,
        ]),
      })),
    }) as Promise<number[]>
  }

  /** The shadow generation was started over by CatalogueDb.startShadow. */
  async forget(): Promise<void> {
    await this.send('forget', {})
  }

  async writeGroups(groups: readonly ProductGroup[]): Promise<void> {
    const statements: { sql: string; params?: (string | number)[] }[] = [{ sql: 'DELETE FROM next_product_group; DELETE FROM next_group_member;' }]
    for (const g of groups) {
      statements.push({ sql: 'INSERT OR REPLACE INTO next_product_group (id, name, name_norm, data) VALUES (?, ?, ?, ?)', params: [g.id, g.name, normalizeName(g.name), JSON.stringify(g)] })
      g.products.forEach((pid, i) => statements.push({ sql: 'INSERT OR IGNORE INTO next_group_member (group_id, position, product_id) VALUES (?, ?, ?)', params: [g.id, i, pid] }))
    }
    await this.batch(statements)
  }

  /** Indexes, facet counts, a merged full-text index and its vocabulary; resolves with the product count. */
  async finish(gen: number): Promise<number> {
    await this.batch([
      { sql: generationIndexes('next_', gen) },
      {
        sql: `
          DELETE FROM next_vendor; DELETE FROM next_product_type;
          INSERT INTO next_vendor (id, products) SELECT coalesce(vendor, -1), count(*) FROM next_product GROUP BY vendor;
          INSERT INTO next_product_type (id, products) SELECT coalesce(type, -1), count(*) FROM next_product GROUP BY type;
          -- one b-tree instead of one segment per page: fewer lookups per query
          INSERT INTO next_product_fts (next_product_fts) VALUES ('optimize');
          DELETE FROM next_term;
          CREATE VIRTUAL TABLE temp.next_vocab USING fts5vocab(main, next_product_fts, row);
          INSERT INTO next_term (term, docs) SELECT term, doc FROM temp.next_vocab;
          DROP TABLE temp.next_vocab;`,
      },
    ])
    const row = (await this.send('get', { sql: 'SELECT count(*) AS n FROM next_product' })) as { n: number }
    return row.n
  }

  /** Closes the connection and ends the thread; safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    if (!this.failed) await this.send('close', {}).catch(() => undefined)
    await this.worker.terminate()
  }

  private batch(statements: { sql: string; params?: (string | number | null)[] }[]): Promise<unknown> {
    return this.send('batch', { statements })
  }

  private send(op: string, args: Record<string, unknown>): Promise<unknown> {
    if (this.failed) return Promise.reject(this.failed)
    const id = ++this.next
    return new Promise((ok, fail) => {
      this.pending.set(id, { ok, fail })
      this.worker.postMessage({ id, op, ...args })
    })
  }
}
