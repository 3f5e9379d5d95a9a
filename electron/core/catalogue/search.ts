import type { StatementSync } from 'node:sqlite'
import type { CatalogueSearchResult, CatalogueSort } from '../../../shared/model/catalogue-search'
import { productSummary, type MatchKind, type ProductSummary, type SummaryFields } from '../../../shared/model/product'
import { normalizeName, normalizeSku } from './product-row'
import { ftsQuery, MAX_EXPANSION } from './search-text'

export interface SearchQuery {
  query: string
  vendor?: readonly number[]
  type?: readonly number[]
  sort: CatalogueSort
  offset: number
  limit: number
}

/** What search reads: the live catalogue, or a first sync's landed pages (LandingCatalogue). */
export interface SearchSource {
  stmt(sql: string): StatementSync
  count(sql: string, params: readonly (string | number)[]): number
  readonly productCount: number
  /**
   * The full-text index to read: product_fts if not said; null while there is none yet (a first
   * sync's landed pages before their text is indexed), when the names and SKUs are scanned instead.
   */
  readonly textIndex?: 'product_fts' | null
}

export const SUMMARY_COLUMNS =
  'p.id, p.sku AS product_code, p.name, p.vendor, p.type, p.price, p.rrp, p.stock, p.subscription_type, p.subscription_product_type, p.has_thumb, p.partial'

/** A product row as SUMMARY_COLUMNS reads it: the summary's fields, and the row's 0/1 marks. */
export type SummaryRow = SummaryFields & { has_thumb: number; partial: number }

export function toSummary(r: SummaryRow, match: MatchKind): ProductSummary {
  return productSummary(r, match, { hasThumb: r.has_thumb === 1, partial: r.partial === 1 })
}

const SORT_SQL: Record<CatalogueSort, string> = {
  relevance: 'p.pos',
  '-popularity': 'p.pos',
  '+name': 'p.name_norm, p.pos',
  '-name': 'p.name_norm DESC, p.pos DESC',
  '+price': 'p.price, p.pos',
  '-price': 'p.price DESC, p.pos DESC',
}

/** The least string greater than every string starting with `prefix` (byte order of UTF-8). */
export function prefixEnd(prefix: string): string {
  return prefix + '\u{10FFFF}'
}

type Param = string | number

interface Filter {
  sql: string
  params: Param[]
}

export function idFilter(column: string, ids: readonly number[] | undefined): Filter {
  if (!ids?.length) return { sql: '', params: [] }
  const real = [...new Set(ids.filter((i) => i > 0))]
  const parts: string[] = []
  if (real.length) parts.push(`${column} IN (${real.map(() => '?').join(',')})`)
  if (ids.includes(-1)) parts.push(`${column} IS NULL`)
  if (!parts.length) return { sql: ' AND 0', params: [] }
  return { sql: ` AND (${parts.join(' OR ')})`, params: real }
}

/** One group of results, counted and paged on its own. */
interface Tier {
  kind: Exclude<MatchKind, 'browse' | 'similar'>
  count(): number
  rows(limit: number, offset: number): SummaryRow[]
  /** Told the count when a read from the tier's start came back short (it then holds no more). */
  onShortRead?(n: number): void
}

/**
 * When the full-text tier is left out: for a SKU-shaped query that names an existing SKU (a scan
 * or a typed SKU: the user wants that product, not every name containing "24" or "p"), and for a
 * one-word query matching more SKUs than this — it is being used as a SKU, and the text tier would
 * mostly list the same products again (every "BLU…" SKU is a Bluepeak product named "Bluepeak …")
 * at the cost of excluding them one by one.
 */
const SKU_MATCHES_WITHOUT_TEXT = 200

/** A query that is one token holding a digit or a SKU separator: "SW-24P", "AMB-100", "rtr_4g". */
function skuShaped(query: string): boolean {
  const t = query.trim()
  return !/\s/.test(t) && /[\p{N}\-_./]/u.test(t)
}

/**
 * Whether the text tier is left out, given how many products have the SKU typed (`exactMatches`)
 * and start with it (`skuMatches`): a scanned or typed SKU that exists is what the user wants; a
 * word matching many SKUs is used as one (see SKU_MATCHES_WITHOUT_TEXT).
 */
function textLeftOut(query: string, exactMatches: number, skuMatches: number): boolean {
  const oneWord = !/\s/.test(query.trim())
  return (skuShaped(query) && exactMatches > 0) || (oneWord && skuMatches > SKU_MATCHES_WITHOUT_TEXT)
}

/**
 * The full-text part of the query box (FTS5 syntax), given how many products have the SKU typed
 * (`exactMatches`) and start with it (`skuMatches`); null when it is left out (textLeftOut) or the
 * query has no words. Search and the facet counts ask it alike.
 */
export function textMatchOf(cdb: SearchSource, query: string, exactMatches: number, skuMatches: number): string | null {
  // A SKU-shaped query matches its words whole: "ARC-LIC23" must not become every word starting with "23".
  const wordsStarting = (prefix: string) =>
    (cdb.stmt('SELECT term FROM term WHERE term >= ? AND term < ? ORDER BY term LIMIT ?').all(prefix, prefixEnd(prefix), MAX_EXPANSION + 1) as { term: string }[]).map((r) => r.term)
  const wordDocs = (word: string) => (cdb.stmt('SELECT docs FROM term WHERE term = ?').get(word) as { docs: number } | undefined)?.docs ?? 0
  return textLeftOut(query, exactMatches, skuMatches) ? null : ftsQuery(query, { prefix: !skuShaped(query), wordsStarting, wordDocs })
}

/**
 * The text tier where there is no full-text index yet (a first sync's landed pages): each word of
 * the query appears in the product's name or SKU (as typed, case aside), read by scanning them.
 * Null when the tier is left out (as textMatchOf) or the query has no words.
 */
export function nameScanOf(query: string, exactMatches: number, skuMatches: number): Filter | null {
  const words = normalizeName(query).split(/\s+/).filter(Boolean)
  if (!words.length || textLeftOut(query, exactMatches, skuMatches)) return null
  const like = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`
  return {
    sql: words.map(() => "(p.name_norm LIKE ? ESCAPE '\\' OR p.sku_norm LIKE ? ESCAPE '\\')").join(' AND '),
    params: words.flatMap((w) => [like(w), like(w)]),
  }
}

/**
 * The query box, in tiers: exact SKU (case-insensitive; every vendor's product with that SKU),
 * then SKU prefix (in SKU order), then full text — products matching in name or SKU before those
 * matching only in a description, most popular first within each (see SKU_MATCHES_WITHOUT_TEXT
 * for when the text tier is left out). With a sort chosen, each tier is ordered by it. Tiers are
 * counted and paged separately, so a page costs only the tiers it shows.
 */
export function searchLocal(cdb: SearchSource, q: SearchQuery, pricesAsOf: string | null): CatalogueSearchResult {
  const vendor = idFilter('p.vendor', q.vendor)
  const type = idFilter('p.type', q.type)
  const filter = { sql: vendor.sql + type.sql, params: [...vendor.params, ...type.params] }
  const sku = normalizeSku(q.query)
  const counts = { exact: 0, prefix: 0, text: 0 }

  if (!sku) {
    const total = filter.sql ? count(cdb, `SELECT count(*) AS n FROM product p WHERE 1${filter.sql}`, filter.params) : cdb.productCount
    const rows = all(cdb, `SELECT ${SUMMARY_COLUMNS} FROM product p WHERE 1${filter.sql} ORDER BY ${SORT_SQL[q.sort]} LIMIT ? OFFSET ?`, [...filter.params, q.limit, q.offset])
    return { items: rows.map((r) => toSummary(r, 'browse')), total, source: 'local', matchKinds: counts, pricesAsOf }
  }

  const skuTier = (kind: 'exact' | 'prefix', where: string, params: Param[], relevance: string): Tier => ({
    kind,
    count: () => count(cdb, `SELECT count(*) AS n FROM product p WHERE ${where}${filter.sql}`, [...params, ...filter.params]),
    rows: (limit, offset) =>
      all(cdb, `SELECT ${SUMMARY_COLUMNS} FROM product p WHERE ${where}${filter.sql} ORDER BY ${q.sort === 'relevance' ? relevance : SORT_SQL[q.sort]} LIMIT ? OFFSET ?`, [
        ...params,
        ...filter.params,
        limit,
        offset,
      ]),
  })
  const tiers: Tier[] = [
    skuTier('exact', 'p.sku_norm = ?', [sku], 'p.pos'),
    skuTier('prefix', 'p.sku_norm > ? AND p.sku_norm < ?', [sku, prefixEnd(sku)], 'p.sku_norm, p.pos'),
  ]
  const exactMatches = tiers[0]!.count()
  const skuMatches = exactMatches + tiers[1]!.count()
  // Products already listed as SKU matches are not repeated (looked for only when there are some).
  const notSku = skuMatches > 0 ? { sql: ' AND NOT (p.sku_norm >= ? AND p.sku_norm < ?)', params: [sku, prefixEnd(sku)] } : { sql: '', params: [] }
  const textIndex = cdb.textIndex
  const scan = textIndex === null ? nameScanOf(q.query, exactMatches, skuMatches) : null
  const text = textIndex === null ? null : textMatchOf(cdb, q.query, exactMatches, skuMatches)
  if (scan) {
    const where = `${scan.sql}${notSku.sql}${filter.sql}`
    const params = [...scan.params, ...notSku.params, ...filter.params]
    const total = count(cdb, `SELECT count(*) AS n FROM product p WHERE ${where}`, params)
    tiers.push({
      kind: 'text',
      count: () => total,
      rows: (limit, offset) => all(cdb, `SELECT ${SUMMARY_COLUMNS} FROM product p WHERE ${where} ORDER BY ${SORT_SQL[q.sort]} LIMIT ? OFFSET ?`, [...params, limit, offset]),
    })
    counts.text = total
  }
  if (text) {
    const fts = textIndex ?? 'product_fts'
    // The same exclusion as notSku's, by rowid: the count reads the index without the product table.
    const ex = skuMatches > 0 ? { sql: ` AND ${fts}.rowid NOT IN (SELECT pos FROM product WHERE sku_norm >= ? AND sku_norm < ?)`, params: [sku, prefixEnd(sku)] } : { sql: '', params: [] }
    const join = filter.sql ? ` JOIN product p ON p.pos = ${fts}.rowid` : ''
    const countOf = (match: string) =>
      count(cdb, `SELECT count(*) AS n FROM ${fts}${join} WHERE ${fts} MATCH ?${ex.sql}${filter.sql}`, [match, ...ex.params, ...filter.params])
    // In relevance order the full-text index is read in rowid (= popularity) order and stops at the page's end.
    const order = q.sort === 'relevance' ? `${fts}.rowid` : SORT_SQL[q.sort]
    const rowsOf = (match: string) => (limit: number, offset: number) =>
      all(
        cdb,
        `SELECT ${SUMMARY_COLUMNS} FROM ${fts} JOIN product p ON p.pos = ${fts}.rowid WHERE ${fts} MATCH ?${ex.sql}${filter.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [match, ...ex.params, ...filter.params, limit, offset],
      )
    const inNameOrSku = `{name sku} : (${text})`
    const total = countOf(text)
    // Where the name matches end is counted only when the page reaches past them: on a first page
    // a short read of the name matches already tells.
    let named: number | null = null
    const namedCount = () => (named ??= countOf(inNameOrSku))
    tiers.push(
      { kind: 'text', count: () => namedCount(), rows: rowsOf(inNameOrSku), onShortRead: (n) => (named = n) },
      { kind: 'text', count: () => total - namedCount(), rows: rowsOf(`(${text}) NOT ${inNameOrSku}`) },
    )
    counts.text = total
  }

  const items: ProductSummary[] = []
  let skip = q.offset
  let room = q.limit
  for (const tier of tiers) {
    if (tier.kind !== 'text') counts[tier.kind] = tier.count()
    if (room <= 0) break
    if (skip === 0 && tier.onShortRead) {
      const rows = tier.rows(room, 0)
      for (const r of rows) items.push(toSummary(r, tier.kind))
      if (rows.length < room) tier.onShortRead(rows.length)
      room -= rows.length
      continue
    }
    const n = tier.count()
    if (skip < n) {
      const rows = tier.rows(room, skip)
      for (const r of rows) items.push(toSummary(r, tier.kind))
      room -= rows.length
    }
    skip = Math.max(0, skip - n)
  }
  return { items, total: counts.exact + counts.prefix + counts.text, source: 'local', matchKinds: counts, pricesAsOf }
}

function count(cdb: SearchSource, sql: string, params: Param[]): number {
  return cdb.count(sql, params)
}

function all(cdb: SearchSource, sql: string, params: Param[]): SummaryRow[] {
  return cdb.stmt(sql).all(...params) as unknown as SummaryRow[]
}
