import { Product, type ProductGroup } from '../../../shared/api'
import { AppError } from '../../../shared/ipc/contract-kit'
import type { Facet, ProductGroupSummary, ProductSummary } from '../../../shared/ipc/channels/catalogue'
import type { CatalogueDb } from './catalogue-db'
import { jsonArrayItem } from './json-array-items'
import { normalizeSku } from './product-row'
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './search'

const decoder = new TextDecoder()

/** Lookups in the live generation: products, SKUs, groups, facets. All local, all synchronous. */
export class CatalogueQueries {
  constructor(private readonly cdb: CatalogueDb) {}

  /** Every product with this SKU (case-insensitive), most popular first: SKUs repeat across vendors. */
  findBySku(sku: string): ProductSummary[] {
    const key = normalizeSku(sku)
    if (!key) return []
    const rows = this.cdb.stmt(`SELECT ${SUMMARY_COLUMNS} FROM product p WHERE p.sku_norm = ? ORDER BY p.pos`).all(key) as unknown as SummaryRow[]
    return rows.map((r) => toSummary(r, 'exact'))
  }

  /**
   * The stored product as the service sent it, read through the shared schema like any answer of
   * the service: its element of the stored page, found by scanning up to it (a few milliseconds).
   */
  getProduct(id: number): Product | null {
    const row = this.cdb
      .stmt("SELECT p.pos, g.json, m.value AS per_page FROM product p JOIN rows_meta m ON m.key = 'per_page' JOIN page g ON g.page = (p.pos - 1) / m.value + 1 WHERE p.id = ?")
      .get(id) as { pos: number; json: Uint8Array; per_page: number } | undefined
    if (!row) return null
    const text = jsonArrayItem(decoder.decode(row.json), (row.pos - 1) % row.per_page)
    let value: unknown
    try {
      value = text === null ? null : JSON.parse(text)
    } catch {
      value = null
    }
    const parsed = Product.safeParse(value)
    if (!parsed.success) throw new AppError('bad_response', 'This product is stored in a shape the app cannot read; refreshing the catalogue will fetch it again.')
    return parsed.data
  }

  summaries(ids: readonly number[]): ProductSummary[] {
    if (!ids.length) return []
    const rows = this.cdb.stmt(`SELECT ${SUMMARY_COLUMNS} FROM product p WHERE p.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as unknown as SummaryRow[]
    const byId = new Map(rows.map((r) => [r.id, r]))
    return ids.flatMap((id) => {
      const r = byId.get(id)
      return r ? [toSummary(r, 'browse')] : []
    })
  }

  productGroups(): ProductGroupSummary[] {
    const rows = this.cdb.stmt('SELECT data FROM product_group ORDER BY name_norm, id').all() as unknown as { data: string }[]
    return rows.map((r) => {
      const g = JSON.parse(r.data) as ProductGroup
      return { id: g.id, name: g.name, active: g.active, status: g.status, type: g.type, vendor: g.vendor, product_count: g.products.length }
    })
  }

  productGroup(id: number): { group: ProductGroup; products: ProductSummary[] } | null {
    const row = this.cdb.stmt('SELECT data FROM product_group WHERE id = ?').get(id) as { data: string } | undefined
    if (!row) return null
    const group = JSON.parse(row.data) as ProductGroup
    return { group, products: this.summaries(group.products) }
  }

  facets(): { vendors: Facet[]; types: Facet[] } {
    const read = (table: string) =>
      (this.cdb.stmt(`SELECT id, products AS count FROM ${table} ORDER BY id`).all() as unknown as Facet[]).map((f) => ({ id: f.id, count: f.count }))
    return { vendors: read('vendor'), types: read('product_type') }
  }
}
