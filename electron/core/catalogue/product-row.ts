import type { Product } from '../../../shared/api'
import type { Tolerance } from './schema-check'

/**
 * How a product becomes a row of the local catalogue. The functions here are self-contained (they
 * use no module-level names but each other's): the sync's rows worker runs these very functions
 * from their source text (see sync-worker-source.ts), and search normalises queries with them.
 */

/** SKUs are compared case-insensitively and without surrounding blanks (scanners often add them). */
export function normalizeSku(sku: string): string {
  return sku.trim().toLowerCase()
}

export function normalizeName(name: string): string {
  return name.trim().toLowerCase()
}

/** The product table's columns, in the order productColumns gives them. */
export const PRODUCT_COLUMNS = [
  'pos', 'id', 'sku', 'sku_norm', 'name', 'name_norm', 'vendor', 'type', 'price', 'rrp', 'stock', 'has_thumb', 'subscription_type', 'subscription_product_type', 'partial',
] as const

/**
 * What can be read of a product the schema check refused (issue 14: kept, marked, not skipped):
 * its fields with the type the columns need, the others left out or defaulted (SKU and name '',
 * price 0). Null without a usable id: such a row cannot be found, ordered or replaced.
 * `spelled` reads an amount sent as text ("12.50"): numberSpelled (shared/api/money.ts), passed in
 * as this source runs in the sync's worker where no import is in scope.
 */
export function readablePart(v: unknown, spelled: (text: unknown) => number | null): Product | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null
  const o = v as Record<string, unknown>
  const id = typeof o.id === 'string' && /^\d+$/.test(o.id.trim()) ? Number(o.id) : o.id
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null
  const str = (x: unknown) => (typeof x === 'string' ? x : null)
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : spelled(x))
  const int = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) ? x : null)
  const sku = typeof o.product_code === 'string' ? o.product_code : typeof o.product_code === 'number' ? String(o.product_code) : ''
  return {
    ...o,
    id,
    product_code: sku,
    name: str(o.name) ?? '',
    price: num(o.price) ?? 0,
    rrp: num(o.rrp),
    vendor: int(o.vendor),
    type: int(o.type),
    stock: int(o.stock),
    thumb_url: str(o.thumb_url),
    description: str(o.description),
    detailed_description: str(o.detailed_description),
    featured_description: str(o.featured_description),
    subscription_type: str(o.subscription_type),
    subscription_product_type: str(o.subscription_product_type),
  } as Product
}

/**
 * A product as readAnswer mends it before reading it again (`tolerance`, the schema's: see
 * Tolerance in schema-check.ts), at any depth (a rate plan's costs, a related product's price):
 * a number sent as the decimal it spells ("12.50", as services built on decimal types send money)
 * read by `spelled` (numberSpelled, passed in as for readablePart), a null where the schema takes
 * the member missing left out. A copy, made only along the way to what changed; null when nothing
 * needed mending.
 */
export function tolerated(v: unknown, tolerance: Tolerance, spelled: (text: unknown) => number | null): unknown {
  /** What `value` becomes when mended, or undefined if it needs nothing. */
  const mend = (value: unknown, t: Tolerance): unknown => {
    if (t.each) {
      if (!Array.isArray(value)) return undefined
      let copy: unknown[] | undefined
      for (let i = 0; i < value.length; i++) {
        const element = mend(value[i], t.each)
        if (element === undefined) continue
        copy ??= value.slice()
        copy[i] = element
      }
      return copy
    }
    if (!t.members || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
    const o = value as Record<string, unknown>
    let copy: Record<string, unknown> | undefined
    for (const [key, m] of Object.entries(t.members)) {
      const member = o[key]
      if (member === null && m.nullUnset) {
        copy ??= { ...o }
        delete copy[key]
        continue
      }
      const read = m.number ? (spelled(member) ?? undefined) : mend(member, m)
      if (read === undefined) continue
      copy ??= { ...o }
      copy[key] = read
    }
    return copy
  }
  return mend(v, tolerance) ?? null
}

/** The columns search filters and sorts on; `partial` when the product was only partly read (readablePart). */
export function productColumns(p: Product, pos: number, partial = false): (string | number | null)[] {
  return [
    pos,
    p.id,
    p.product_code,
    normalizeSku(p.product_code),
    p.name,
    normalizeName(p.name),
    p.vendor ?? null,
    p.type ?? null,
    p.price,
    p.rrp ?? null,
    p.stock ?? null,
    p.thumb_url ? 1 : 0,
    p.subscription_type ?? null,
    p.subscription_product_type ?? null,
    partial ? 1 : 0,
  ]
}

/** What the full-text index's body column holds: the three descriptions. */
export function productBody(p: Product): string {
  let body = p.description ?? ''
  if (p.detailed_description) body += '\n' + p.detailed_description
  if (p.featured_description) body += '\n' + p.featured_description
  return body
}
