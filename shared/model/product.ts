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

/** A vendor or product type present in the catalogue; id -1 stands for "none". */
export const Facet = z.object({ id: z.int().min(-1), count: z.int().min(0) })
export type Facet = z.infer<typeof Facet>

export const ProductGroupSummary = ProductGroupListItem.extend({ product_count: z.int().min(0) })
export type ProductGroupSummary = z.infer<typeof ProductGroupSummary>

/** Which picture of a product: the list's thumbnail or the detail's main image. */
export const ImageKind = z.enum(['thumb', 'main'])
export type ImageKind = z.infer<typeof ImageKind>
