import { z } from 'zod'
import { Product, ProductGroupListItem } from '../api'

/** How a result matched the query box: exact SKU, SKU prefix, free text, or no query at all (browsing). */
export const MatchKind = z.enum(['exact', 'prefix', 'text', 'browse'])
export type MatchKind = z.infer<typeof MatchKind>

/** A product as a result row shows it; the full record comes from catalogue.product. */
export const ProductSummary = Product.pick({
  id: true,
  name: true,
  product_code: true,
  vendor: true,
  type: true,
  price: true,
  rrp: true,
  stock: true,
  subscription_type: true,
  subscription_product_type: true,
}).extend({
  match: MatchKind,
  has_thumb: z.boolean(),
  /** The service's record failed the product schema: what could be read is shown, marked (issue 14). */
  partial: z.boolean().optional(),
})
export type ProductSummary = z.infer<typeof ProductSummary>

/** What a summary is made of: the service's product record, or the local catalogue's row of one. */
export type SummaryFields = Pick<Product, 'id' | 'name' | 'product_code' | 'price'> &
  Partial<Pick<Product, 'vendor' | 'type' | 'rrp' | 'stock' | 'subscription_type' | 'subscription_product_type'>>

/** The one way a product becomes a result row; `hasThumb` and `partial` are what its source knows of its picture and its schema check. */
export function productSummary(p: SummaryFields, match: MatchKind, marks: { hasThumb: boolean; partial?: boolean }): ProductSummary {
  return {
    id: p.id,
    name: p.name,
    product_code: p.product_code,
    vendor: p.vendor ?? null,
    type: p.type ?? null,
    price: p.price,
    rrp: p.rrp ?? null,
    stock: p.stock ?? null,
    subscription_type: p.subscription_type ?? null,
    subscription_product_type: p.subscription_product_type ?? null,
    match,
    has_thumb: marks.hasThumb,
    ...(marks.partial ? { partial: true } : {}),
  }
}

/** A vendor or product type present in the catalogue; id -1 stands for "none". */
export const Facet = z.object({ id: z.int().min(-1), count: z.int().min(0) })
export type Facet = z.infer<typeof Facet>

export const ProductGroupSummary = ProductGroupListItem.extend({ product_count: z.int().min(0) })
export type ProductGroupSummary = z.infer<typeof ProductGroupSummary>

/** Which picture of a product: the list's thumbnail or the detail's main image. */
export const ImageKind = z.enum(['thumb', 'main'])
export type ImageKind = z.infer<typeof ImageKind>
