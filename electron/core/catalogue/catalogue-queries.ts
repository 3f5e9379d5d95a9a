import { Product, type ProductGroup } from '../../../shared/api'
import { AppError } from '../../../shared/ipc/contract-kit'
import type { Facet, ProductGroupSummary, ProductSummary } from '../../../shared/ipc/channels/catalogue'
import type { CatalogueDb } from './catalogue-db'
import { jsonArrayBounds } from './json-array-items'
import { normalizeSku } from './product-row'
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './search'

const decoder = new TextDecoder()
/** Products whose stored text is kept after a read (about 1.6 KB each). */
const PRODUCT_TEXTS_KEPT = 2000

/** Lookups in the live generation: products, SKUs, groups, facets. All local, all synchronous. */
export class CatalogueQueries {
  private texts: { gen: number; byId: Map<number, string> } = { gen: -1, byId: new Map() }
  private lastPage: { gen: number; page: number; text: string; bounds: number[] } | null = null

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
   * the service: its element of the stored page. A page's element bounds are found once and the
   * page kept while its products are read; recent products' texts are kept too (a basket prices
   * the same lines again and again).
   */
  getProduct(id: number): Product | null {
    const text = this.productText(id)
    if (text === null) return null
    let value: unknown = null
    try {
      value = JSON.parse(text)
    } catch {
      /* reported below as a shape the app cannot read */
    }
    const parsed = Product.safeParse(value)
    if (!parsed.success) throw new AppError('bad_response', 'This product is stored in a shape the app cannot read; refreshing the catalogue will fetch it again.')
    return parsed.data
  }

  private productText(id: number): string | null {
    const gen = this.cdb.generation
    if (this.texts.gen !== gen) this.texts = { gen, byId: new Map() }
    const cached = this.texts.byId.get(id)
    if (cached !== undefined) {
      // Most recently used last: the first entry is the one to forget.
      this.texts.byId.delete(id)
      this.texts.byId.set(id, cached)
      return cached
    }
    const row = this.cdb.stmt("SELECT p.pos, m.value AS per_page FROM product p JOIN rows_meta m ON m.key = 'per_page' WHERE p.id = ?").get(id) as
      | { pos: number; per_page: number }
      | undefined
    if (!row) return null
    const page = this.page(gen, Math.floor((row.pos - 1) / row.per_page) + 1)
    const i = (row.pos - 1) % row.per_page
    if (!page || 2 * i + 1 >= page.bounds.length) return null
    const text = page.text.slice(page.bounds[2 * i], page.bounds[2 * i + 1])
    if (this.texts.byId.size >= PRODUCT_TEXTS_KEPT) this.texts.byId.delete(this.texts.byId.keys().next().value!)
    this.texts.byId.set(id, text)
    return text
  }

  private page(gen: number, page: number): { text: string; bounds: number[] } | null {
    if (this.lastPage?.gen === gen && this.lastPage.page === page) return this.lastPage
    const row = this.cdb.stmt('SELECT json FROM page WHERE page = ?').get(page) as { json: Uint8Array } | undefined
    if (!row) return null
    const text = decoder.decode(row.json)
    const bounds = jsonArrayBounds(text)
    if (!bounds) return null
    this.lastPage = { gen, page, text, bounds }
    return this.lastPage
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
