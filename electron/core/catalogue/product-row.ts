import { Product } from '../../../shared/api'
import { compileCheck, type Check } from './schema-check'
import { indexText } from './search-text'

/** The shared product schema as a check that builds no copy (see schema-check.ts). */
const isProduct: Check = compileCheck(Product) ?? ((v) => Product.safeParse(v).success)

/** One product as the catalogue stores it: the columns search filters and sorts on, plus the whole record. */
export interface ProductRow {
  id: number
  sku: string
  sku_norm: string
  name: string
  name_norm: string
  vendor: number | null
  type: number | null
  price: number
  rrp: number | null
  stock: number | null
  /** Position in the service's popularity order, from 1. */
  pos: number
  has_thumb: number
  subscription_type: string | null
  subscription_product_type: string | null
  /** The product's JSON. */
  data: string
  /** Name, SKU and descriptions as the full-text index takes them. */
  fts_name: string
  fts_sku: string
  fts_body: string
}

/** SKUs are compared case-insensitively and without surrounding blanks (scanners often add them). */
export function normalizeSku(sku: string): string {
  return sku.trim().toLowerCase()
}

export function normalizeName(name: string): string {
  return name.trim().toLowerCase()
}

/**
 * Validates one product of a list page against the shared schema and maps it to a row; null when
 * it is malformed (the sync skips and counts it rather than failing). `text` is the product's own
 * JSON as the service sent it, stored as it is (reads parse it with the same schema); without it
 * the validated value is serialised.
 */
export function toProductRow(raw: unknown, pos: number, text?: string): ProductRow | null {
  if (!isProduct(raw)) return null
  // Checked against the schema; only fields without defaults are read here.
  const p = raw as Product
  return {
    id: p.id,
    sku: p.product_code,
    sku_norm: normalizeSku(p.product_code),
    name: p.name,
    name_norm: normalizeName(p.name),
    vendor: p.vendor ?? null,
    type: p.type ?? null,
    price: p.price,
    rrp: p.rrp ?? null,
    stock: p.stock ?? null,
    pos,
    has_thumb: p.thumb_url ? 1 : 0,
    subscription_type: p.subscription_type ?? null,
    subscription_product_type: p.subscription_product_type ?? null,
    data: text ?? JSON.stringify(p),
    fts_name: indexText(p.name),
    fts_sku: indexText(p.product_code),
    fts_body: indexText([p.description, p.detailed_description, p.featured_description].filter(Boolean).join('\n')),
  }
}
