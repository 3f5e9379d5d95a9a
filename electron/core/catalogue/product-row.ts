import type { Product } from '../../../shared/api'

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
  'pos', 'id', 'sku', 'sku_norm', 'name', 'name_norm', 'vendor', 'type', 'price', 'rrp', 'stock', 'has_thumb', 'subscription_type', 'subscription_product_type',
] as const

/** The columns search filters and sorts on, for a product the schema check accepted. */
export function productColumns(p: Product, pos: number): (string | number | null)[] {
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
  ]
}

/** What the full-text index's body column holds: the three descriptions. */
export function productBody(p: Product): string {
  let body = p.description ?? ''
  if (p.detailed_description) body += '\n' + p.detailed_description
  if (p.featured_description) body += '\n' + p.featured_description
  return body
}
