import { numberSpelled, Product, readAnswer, type ProductGroup } from '../../../shared/api'
import { AppError } from '../../../shared/model/app-error'
import type { Facet, ProductGroupSummary, ProductSummary } from '../../../shared/model/product'
import type { StatementSync } from 'node:sqlite'
import { jsonArrayBounds } from './json-array-items'
import { normalizeSku, readablePart } from './product-row'
import { SUMMARY_COLUMNS, toSummary, type SearchSource, type SummaryRow } from './search'

const decoder = new TextDecoder()
/** Products whose stored text is kept after a read (about 1.6 KB each). */
const PRODUCT_TEXTS_KEPT = 2000

/** A generation to read: the live one (CatalogueDb), or a first sync's landed pages (LandingCatalogue). */
export interface QuerySource {
  stmt(sql: string): StatementSync
  /** Which generation the statements read: what read texts are kept for. */
  readonly liveGen: number
}

/** Lookups in the live generation: products, SKUs, groups, facets. All local, all synchronous. */
export class CatalogueQueries {
  /** Of the live generation: recent products' texts, and the element bounds of pages read. */
  private kept: { gen: number; texts: Map<number, string>; bounds: Map<number, Int32Array> } = { gen: -1, texts: new Map(), bounds: new Map() }

  constructor(private readonly cdb: QuerySource) {}

  /** Every product with this SKU (case-insensitive), most popular first: SKUs repeat across vendors. */
  findBySku(sku: string): ProductSummary[] {
    return productsWithSku(this.cdb, sku)
  }

  /** Products of the live generation kept partly read (the catalogue view shows the count). */
  partialCount(): number {
    return (this.cdb.stmt('SELECT count(*) AS n FROM product WHERE partial = 1').get() as { n: number }).n
  }

  /**
   * The stored product as the service sent it, read through the shared schema like any answer of
   * the service: its element of the stored page. The byte bounds of a page's elements are found
   * the first time one of its products is read (one pass over the page); after that a product is
   * one slice of the stored page. Recent products' texts are kept too (a basket prices the same
   * lines again and again).
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
    // A product kept partly read by the sync is read the same way here (readablePart).
    const parsed = Product.safeParse(value)
    if (!parsed.success) {
      const part = readablePart(value, numberSpelled)
      const read = part && readAnswer(Product, part)
      if (read) return read.value
    }
    if (!parsed.success) throw new AppError('bad_response', 'This product is stored in a shape the app cannot read; refreshing the catalogue will fetch it again.')
    return parsed.data
  }

  private productText(id: number): string | null {
    const gen = this.cdb.liveGen
    if (this.kept.gen !== gen) this.kept = { gen, texts: new Map(), bounds: new Map() }
    const cached = this.kept.texts.get(id)
    if (cached !== undefined) {
      // Most recently used last: the first entry is the one to forget.
      this.kept.texts.delete(id)
      this.kept.texts.set(id, cached)
      return cached
    }
    const row = this.cdb.stmt("SELECT p.pos, m.value AS per_page FROM product p JOIN rows_meta m ON m.key = 'per_page' WHERE p.id = ?").get(id) as
      | { pos: number; per_page: number }
      | undefined
    if (!row) return null
    const page = Math.floor((row.pos - 1) / row.per_page) + 1
    const i = (row.pos - 1) % row.per_page
    let text: string | null
    const bounds = this.kept.bounds.get(page)
    if (bounds) {
      if (2 * i + 1 >= bounds.length) return null
      const part = this.cdb.stmt('SELECT substr(json, ?, ?) AS part FROM page WHERE page = ?').get(bounds[2 * i]! + 1, bounds[2 * i + 1]! - bounds[2 * i]!, page) as
        | { part: Uint8Array }
        | undefined
      text = part ? decoder.decode(part.part) : null
    } else {
      text = this.readPage(page, i)
    }
    if (text === null) return null
    if (this.kept.texts.size >= PRODUCT_TEXTS_KEPT) this.kept.texts.delete(this.kept.texts.keys().next().value!)
    this.kept.texts.set(id, text)
    return text
  }

  /** Reads a whole page once: keeps its elements' byte bounds and answers element i. */
  private readPage(page: number, i: number): string | null {
    const row = this.cdb.stmt('SELECT json FROM page WHERE page = ?').get(page) as { json: Uint8Array } | undefined
    if (!row) return null
    const text = decoder.decode(row.json)
    const chars = jsonArrayBounds(text)
    if (!chars) return null
    // Character positions to UTF-8 byte positions (the same when the page is all ASCII).
    let bytes = chars
    if (text.length !== row.json.length) {
      bytes = []
      let charAt = 0
      let byteAt = 0
      for (const c of chars) {
        byteAt += Buffer.byteLength(text.slice(charAt, c), 'utf8')
        charAt = c
        bytes.push(byteAt)
      }
    }
    this.kept.bounds.set(page, Int32Array.from(bytes))
    return 2 * i + 1 < chars.length ? text.slice(chars[2 * i], chars[2 * i + 1]) : null
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

/** Every product of `source` with this SKU (case-insensitive), most popular first. */
export function productsWithSku(source: Pick<SearchSource, 'stmt'>, sku: string): ProductSummary[] {
  const key = normalizeSku(sku)
  if (!key) return []
  const rows = source.stmt(`SELECT ${SUMMARY_COLUMNS} FROM product p WHERE p.sku_norm = ? ORDER BY p.pos`).all(key) as unknown as SummaryRow[]
  return rows.map((r) => toSummary(r, 'exact'))
}
