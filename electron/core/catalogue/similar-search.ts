import type { CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import type { ProductSummary } from '../../../shared/model/product'
import type { CatalogueDb } from './catalogue-db'
import { idFilter, SUMMARY_COLUMNS, toSummary, type SearchQuery, type SummaryRow } from './search'
import { indexText } from './search-text'

/**
 * The typo-tolerant stage, asked only when exact SKU, SKU prefix and full text found nothing: each
 * query word the index does not hold ("swtich") is replaced by the indexed words one edit away
 * (a letter added, dropped, changed, or two neighbours swapped: "switch"), and the full-text index
 * is asked again. The vocabulary is read once per catalogue generation and scanned in memory:
 * a bounded comparison per word, only for queries that found nothing, so exact and prefix lookups
 * cost what they did.
 */

/** Shorter words have too many neighbours one edit away ("cat" → "cap", "car", "act" …). */
const MIN_WORD = 4
/** Most indexed words one query word may stand for. */
const MAX_ALTERNATIVES = 12

interface Vocabulary {
  gen: number
  /** Words by length: a candidate is at most one letter longer or shorter. */
  byLength: Map<number, { term: string; docs: number }[]>
  has: Set<string>
}

const vocabularies = new WeakMap<CatalogueDb, Vocabulary>()

function vocabulary(cdb: CatalogueDb): Vocabulary {
  const cached = vocabularies.get(cdb)
  if (cached && cached.gen === cdb.liveGen) return cached
  const byLength = new Map<number, { term: string; docs: number }[]>()
  const has = new Set<string>()
  for (const row of cdb.stmt('SELECT term, docs FROM term').all() as { term: string; docs: number }[]) {
    has.add(row.term)
    // Numbers are model codes: a digit off is another product, not a typo.
    if (row.term.length < MIN_WORD - 1 || /\p{N}/u.test(row.term)) continue
    const list = byLength.get(row.term.length) ?? []
    list.push(row)
    byLength.set(row.term.length, list)
  }
  const v = { gen: cdb.liveGen, byLength, has }
  vocabularies.set(cdb, v)
  return v
}

/**
 * Whether a and b are at most one edit apart (insertion, deletion, substitution or adjacent swap).
 * Compared by character code, without building strings: it runs over the vocabulary per query.
 */
export function oneEditApart(a: string, b: string): boolean {
  const la = a.length
  const lb = b.length
  if (la - lb > 1 || lb - la > 1) return false
  let i = 0
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++
  if (i === la && i === lb) return true
  const rest = (ai: number, bi: number) => {
    while (ai < la && bi < lb) if (a.charCodeAt(ai++) !== b.charCodeAt(bi++)) return false
    return ai === la && bi === lb
  }
  if (la === lb) {
    // a changed letter at i, or i and i+1 swapped
    if (rest(i + 1, i + 1)) return true
    return i + 1 < la && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && rest(i + 2, i + 2)
  }
  // one letter more in the longer word, at i
  return la > lb ? rest(i + 1, i) : rest(i, i + 1)
}

/** The indexed words one edit from `word`, most frequent first. */
function neighbours(v: Vocabulary, word: string): string[] {
  const out: { term: string; docs: number }[] = []
  for (let len = word.length - 1; len <= word.length + 1; len++) {
    for (const t of v.byLength.get(len) ?? []) if (oneEditApart(word, t.term)) out.push(t)
  }
  return out
    .sort((x, y) => y.docs - x.docs)
    .slice(0, MAX_ALTERNATIVES)
    .map((t) => t.term)
}

const quote = (w: string) => `"${w.replaceAll('"', '""')}"`

/**
 * The query with its unknown words spelled as their near neighbours (FTS5 syntax), or null when
 * no word was unknown or an unknown word has no neighbour (nothing new to ask).
 */
export function similarQuery(cdb: CatalogueDb, query: string): string | null {
  const words = indexText(query.toLowerCase()).split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 24)
  if (!words.length) return null
  const v = vocabulary(cdb)
  let changed = false
  const parts: string[] = []
  const last = words.length - 1
  for (const [i, w] of words.entries()) {
    if (v.has.has(w)) {
      parts.push(quote(w))
      continue
    }
    // The last word may still be being typed: a known word it starts is not a typo.
    if (i === last && w.length >= 3 && (cdb.stmt('SELECT 1 FROM term WHERE term > ? AND term < ? LIMIT 1').get(w, w + '\u{10FFFF}') ?? null) !== null) {
      parts.push(`${quote(w)}*`)
      continue
    }
    if (w.length < MIN_WORD || /\p{N}/u.test(w)) return null
    const near = neighbours(v, w)
    if (!near.length) return null
    changed = true
    parts.push(`(${near.map(quote).join(' OR ')})`)
  }
  return changed ? parts.join(' AND ') : null
}

/**
 * Products matching the query with its typos corrected, in popularity order (or the chosen sort),
 * marked 'similar'; null when the query has no typo this stage can correct.
 */
export function searchSimilar(cdb: CatalogueDb, q: SearchQuery, pricesAsOf: string | null): CatalogueSearchResult | null {
  const text = similarQuery(cdb, q.query)
  if (!text) return null
  const vendor = idFilter('p.vendor', q.vendor)
  const type = idFilter('p.type', q.type)
  const filterSql = vendor.sql + type.sql
  const params = [text, ...vendor.params, ...type.params]
  // In popularity order the index is read in rowid (= popularity) order and stops at the page's end.
  const order = q.sort === 'relevance' || q.sort === '-popularity' ? 'product_fts.rowid' : SIMILAR_SORT[q.sort]
  const from = `FROM product_fts JOIN product p ON p.pos = product_fts.rowid WHERE product_fts MATCH ?${filterSql}`
  // Unfiltered, the full-text index counts alone (no row of the product table read per match).
  const total = filterSql ? cdb.count(`SELECT count(*) AS n ${from}`, params) : cdb.count('SELECT count(*) AS n FROM product_fts WHERE product_fts MATCH ?', [text])
  const rows = cdb.stmt(`SELECT ${SUMMARY_COLUMNS} ${from} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...params, q.limit, q.offset) as unknown as SummaryRow[]
  const items: ProductSummary[] = rows.map((r) => toSummary(r, 'similar'))
  return { items, total, source: 'local', matchKinds: { exact: 0, prefix: 0, text: 0, similar: total }, pricesAsOf }
}

const SIMILAR_SORT = {
  '+name': 'p.name_norm, p.pos',
  '-name': 'p.name_norm DESC, p.pos DESC',
  '+price': 'p.price, p.pos',
  '-price': 'p.price DESC, p.pos DESC',
} as const
