import { existsSync } from 'node:fs'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import type { SearchPartial } from '../../../shared/model/catalogue-search'
import type { Facet } from '../../../shared/model/product'
import { CatalogueQueries } from './catalogue-queries'
import type { GenerationFiles } from './schema'

/**
 * The pages of a first sync as they land (or of one interrupted before it went live), read on a
 * connection of its own: the sync's workers write these files in WAL mode, so this reader sees
 * each committed page and never holds them up. Search answers from it, marked partial, while the
 * live catalogue is still empty: by scanning the landed products (their indexes are built once
 * every page is in), by full text once their text is indexed. Nothing here writes.
 */
export class LandingCatalogue {
  private readonly statements = new Map<string, StatementSync>()
  /** A landed product read back whole (while offline: online, the service answers instead). */
  readonly queries = new CatalogueQueries(this)

  private constructor(
    private readonly db: DatabaseSync,
    readonly gen: number,
  ) {}

  /** Null while the generation's files are not there yet or hold no tables yet. */
  static open(files: GenerationFiles, gen: number): LandingCatalogue | null {
    if (!existsSync(files.rows) || !existsSync(files.text) || !existsSync(files.pages)) return null
    let db: DatabaseSync | null = null
    try {
      db = new DatabaseSync(files.rows)
      db.exec('PRAGMA busy_timeout = 1000')
      db.prepare('ATTACH DATABASE ? AS landing_text').run(files.text)
      db.prepare('ATTACH DATABASE ? AS landing_pages').run(files.pages)
      db.exec('PRAGMA query_only = ON')
      db.prepare('SELECT 1 FROM rows_page, landing_text.body_page, landing_text.product_fts LIMIT 0').all()
      return new LandingCatalogue(db, gen)
    } catch {
      db?.close()
      return null
    }
  }

  /** Kept texts of the live generation's reader are not this one's. */
  get liveGen(): number {
    return -this.gen
  }

  stmt(sql: string): StatementSync {
    let s = this.statements.get(sql)
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)))
    return s
  }

  /**
   * The full-text index once it holds every landed page; until then (null) search scans the landed
   * products' names and SKUs, which is what a product is findable by as soon as its row lands.
   */
  get textIndex(): 'product_fts' | null {
    const r = this.stmt('SELECT (SELECT count(*) FROM rows_page) AS pages, (SELECT count(*) FROM landing_text.body_page) AS described').get() as { pages: number; described: number }
    return r.pages > 0 && r.described >= r.pages ? 'product_fts' : null
  }

  /** Counted afresh each time: pages keep landing. */
  count(sql: string, params: readonly (string | number)[]): number {
    return (this.stmt(sql).get(...params) as { n: number }).n
  }

  /**
   * The vendors and product types of the products landed so far, with their counts (the live
   * catalogue keeps them in tables, filled once every product is stored).
   */
  facets(): { vendors: Facet[]; types: Facet[] } {
    const read = (column: 'vendor' | 'type') =>
      (this.stmt(`SELECT coalesce(${column}, -1) AS id, count(*) AS count FROM product GROUP BY 1 ORDER BY 1`).all() as unknown as Facet[]).map((f) => ({ id: f.id, count: f.count }))
    return { vendors: read('vendor'), types: read('type') }
  }

  get productCount(): number {
    return (this.stmt('SELECT coalesce(sum(products), 0) AS n FROM rows_page').get() as { n: number }).n
  }

  /**
   * How far from complete an answer from here is; null once every page has landed and its text,
   * descriptions included, is indexed.
   */
  partial(expectedProducts: number, expectedPages: number): SearchPartial | null {
    const r = this.stmt(
      'SELECT (SELECT count(*) FROM rows_page) AS pages, (SELECT count(*) FROM landing_text.body_page) AS described, (SELECT coalesce(sum(products), 0) FROM rows_page) AS products',
    ).get() as { pages: number; described: number; products: number }
    const landed = expectedPages > 0 && r.pages >= expectedPages
    if (landed && r.described >= r.pages) return null
    return {
      products: r.products,
      expected: expectedProducts >= 0 ? expectedProducts : null,
      // Until every page has landed and its text is indexed (once they all have), a search may miss
      // a product that matches only in its description.
      descriptionsPending: r.described < r.pages || !landed,
    }
  }

  close(): void {
    this.statements.clear()
    this.db.close()
  }
}
