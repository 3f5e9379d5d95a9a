import type { z } from 'zod'
import type { Product, ProductListQuery } from '../../../shared/api'
import { orderBy, pageOf, texts, Where } from '../lists'
import type { SandboxState } from '../state'
import { spliceInto, spliceProducts } from './product-json'

type ProductQuery = z.output<typeof ProductListQuery>

// name_key: names in the order people alphabetise them (db/name-order.ts).
const SORT_COLUMNS = { popularity: 'popularity', name: 'name_key(name)', price: 'price' }

/** `vendor=` / `type=` values: ids ORed, -1 selecting records with none. */
function idsOrNone(where: Where, column: string, values: readonly number[] | undefined): void {
  if (!values) return
  const ids = values.filter((v) => v >= 0)
  const parts: string[] = []
  const params: string[] = []
  if (ids.length) {
    parts.push(`${column} IN (SELECT value FROM json_each(?))`)
    params.push(JSON.stringify(ids))
  }
  if (values.includes(-1)) parts.push(`${column} IS NULL`)
  where.add(`(${parts.join(' OR ')})`, ...params)
}

/** A page of products as one spliced JSON array string, priced for the organisation. */
export function listProducts(state: SandboxState, organisation: number, q: ProductQuery): { raw: string; total: number } {
  const where = new Where()
  idsOrNone(where, 'vendor', q.vendor)
  idsOrNone(where, 'type', q.type)
  // Partial, case-insensitive match on SKU and name (service-conventions: text=SKU-ABC finds SKU-ABC123); repeated, ORed.
  where.anyOf(texts(q.text), (t) => ['instr(search, ?) > 0', t.toLowerCase()])
  const { limit, offset } = pageOf(q)
  const order = orderBy(q.sort_by, SORT_COLUMNS)
  let ids: number[]
  let total: number
  if (!Number.isSafeInteger(offset)) {
    // A page so far out that the offset is no exact integer: nothing there.
    ids = []
    total = state.store.get<{ n: number }>(`SELECT count(*) AS n FROM products ${where.sql}`, ...where.params)!.n
  } else if (where.clauses.length) {
    // Filtered: one scan gives the page and the count (count(*) OVER the whole match).
    const rows = state.store.all<{ id: number; total: number }>(`SELECT id, count(*) OVER () AS total FROM products ${where.sql} ${order} LIMIT ? OFFSET ?`, ...where.params, limit, offset)
    ids = rows.map((r) => r.id)
    total = rows[0]?.total ?? state.store.get<{ n: number }>(`SELECT count(*) AS n FROM products ${where.sql}`, ...where.params)!.n
  } else {
    // Unfiltered: the count is instant and the sort index yields the page directly.
    total = state.store.get<{ n: number }>('SELECT count(*) AS n FROM products')!.n
    ids = offset >= total ? [] : state.store.all<{ id: number }>(`SELECT id FROM products ${order} LIMIT ? OFFSET ?`, limit, offset).map((r) => r.id)
  }
  if (!ids.length) return { raw: '[]', total }
  const docs = new Map<number, string>()
  for (const r of state.store.all<{ id: number; doc: string }>('SELECT id, doc FROM product_docs WHERE id IN (SELECT value FROM json_each(?))', JSON.stringify(ids))) docs.set(r.id, r.doc)
  const factor = state.orgs.priceFactor(organisation)
  const priceOf = (pid: number) => state.prices.forFactor(pid, factor)
  const parts = ['[']
  ids.forEach((id, i) => {
    if (i) parts.push(',')
    spliceInto(parts, docs.get(id)!, priceOf, state.baseUrl)
  })
  parts.push(']')
  return { raw: parts.join(''), total }
}

export function productJson(state: SandboxState, organisation: number, id: number): string | undefined {
  const row = state.store.get<{ doc: string }>('SELECT doc FROM product_docs WHERE id = ?', id)
  return row ? splice(state, organisation, row.doc) : undefined
}

function splice(state: SandboxState, organisation: number, docs: string): string {
  const factor = state.orgs.priceFactor(organisation)
  return spliceProducts(docs, (pid) => state.prices.forFactor(pid, factor), state.baseUrl)
}

/**
 * A product for validating and pricing line items (callers price through state.prices, never
 * through the price fields here). Parsed products are cached: only prices ever change.
 */
export function loadProduct(state: SandboxState, id: number): Product | undefined {
  const cached = state.productCache.get(id)
  if (cached) return cached
  const row = state.store.get<{ doc: string }>('SELECT doc FROM product_docs WHERE id = ?', id)
  if (!row) return undefined
  const product = JSON.parse(spliceProducts(row.doc, (pid) => state.prices.base(pid) ?? 0, state.baseUrl)) as Product
  if (state.productCache.size >= 5000) state.productCache.clear()
  state.productCache.set(id, product)
  return product
}

/** Products whose SKU is exactly `sku` (case-insensitive): more than one means the SKU is ambiguous. */
export function productsBySku(state: SandboxState, sku: string): { id: number; vendor: number | null }[] {
  return state.store.all<{ id: number; vendor: number | null }>('SELECT id, vendor FROM products WHERE sku_lc = ? ORDER BY id', sku.trim().toLowerCase())
}

export function productExists(state: SandboxState, id: number): boolean {
  return state.prices.base(id) !== undefined
}

export function vendorExists(state: SandboxState, id: number): boolean {
  return state.store.get('SELECT 1 AS x FROM vendors WHERE id = ?', id) !== undefined
}

export function productTypeExists(state: SandboxState, id: number): boolean {
  return state.store.get('SELECT 1 AS x FROM product_types WHERE id = ?', id) !== undefined
}
