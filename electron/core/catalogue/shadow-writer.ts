import type { ProductGroup } from '../../../shared/api'
import type { CatalogueDb } from './catalogue-db'
import type { ProductRow } from './product-row'
import { normalizeName } from './product-row'
import { indexGeneration } from './schema'

const INSERT_PRODUCT = `INSERT OR IGNORE INTO next_product
  (pos, id, sku, sku_norm, name, name_norm, vendor, type, price, rrp, stock, has_thumb, subscription_type, subscription_product_type, data)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
const INSERT_FTS = `INSERT INTO next_product_fts (rowid, name, sku, body) VALUES (?, ?, ?, ?)`

/**
 * Writes into the shadow generation. One page is one transaction that also records the page as
 * done, so an interrupted sync resumes exactly after its last stored page.
 */
export class ShadowWriter {
  constructor(private readonly cdb: CatalogueDb) {}

  /** Stores one page's products; returns how many were new (a product seen on an earlier page is kept once). */
  writePage(page: number, rows: readonly ProductRow[], invalid: number): number {
    const product = this.cdb.stmt(INSERT_PRODUCT)
    const fts = this.cdb.stmt(INSERT_FTS)
    return this.cdb.transaction(() => {
      let added = 0
      for (const r of rows) {
        const res = product.run(
          r.pos, r.id, r.sku, r.sku_norm, r.name, r.name_norm, r.vendor, r.type, r.price, r.rrp, r.stock, r.has_thumb,
          r.subscription_type, r.subscription_product_type, r.data,
        )
        if (res.changes === 0) continue
        fts.run(r.pos, r.fts_name, r.fts_sku, r.fts_body)
        added++
      }
      this.cdb.stmt('INSERT OR REPLACE INTO sync_pages (page, products, invalid) VALUES (?, ?, ?)').run(page, added, invalid)
      return added
    })
  }

  writeGroups(groups: readonly ProductGroup[]): void {
    const group = this.cdb.stmt('INSERT OR REPLACE INTO next_product_group (id, name, name_norm, data) VALUES (?, ?, ?, ?)')
    const member = this.cdb.stmt('INSERT OR IGNORE INTO next_group_member (group_id, position, product_id) VALUES (?, ?, ?)')
    this.cdb.transaction(() => {
      this.cdb.db.exec('DELETE FROM next_product_group; DELETE FROM next_group_member;')
      for (const g of groups) {
        group.run(g.id, g.name, normalizeName(g.name), JSON.stringify(g))
        g.products.forEach((pid, i) => member.run(g.id, i, pid))
      }
    })
  }

  /** Indexes, facet counts and a merged full-text index; returns the product count. */
  finish(gen: number): number {
    return this.cdb.transaction(() => {
      indexGeneration(this.cdb.db, 'next_', gen)
      this.cdb.db.exec(`
        DELETE FROM next_vendor; DELETE FROM next_product_type;
        INSERT INTO next_vendor (id, products) SELECT coalesce(vendor, -1), count(*) FROM next_product GROUP BY vendor;
        INSERT INTO next_product_type (id, products) SELECT coalesce(type, -1), count(*) FROM next_product GROUP BY type;
        -- one b-tree instead of one segment per page: fewer lookups per query
        INSERT INTO next_product_fts (next_product_fts) VALUES ('optimize');
      `)
      return (this.cdb.db.prepare('SELECT count(*) AS n FROM next_product').get() as { n: number }).n
    })
  }
}
