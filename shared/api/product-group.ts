import { z } from 'zod'
import { Id } from './common'
import { SubscriptionKind, SubscriptionProductType } from './product'

export const ProductGroupStatus = z.enum(['DRAFT', 'LIVE'])
export type ProductGroupStatus = z.infer<typeof ProductGroupStatus>

/** What a group is for and holds (spec 2.6): alike in the create / edit body and in the record. */
const classification = {
  type: Id.nullish(),
  vendor: Id.nullish(),
  subscription_type: SubscriptionKind.nullish(),
  subscription_product_type: SubscriptionProductType.nullish(),
  products: z.array(Id).default([]),
  related_product_groups: z.array(Id).default([]),
  grading: z.int().nullish(),
}

/** Create / edit body (spec 2.6, every field but id). */
export const ProductGroupBody = z.object({
  name: z.string().trim().min(1).max(255),
  active: z.boolean().default(true),
  status: ProductGroupStatus.default('DRAFT'),
  description: z.string().max(10000).optional(),
  detailed_description: z.string().max(50000).optional(),
  ...classification,
})
export type ProductGroupBody = z.input<typeof ProductGroupBody>

/** Spec 2.6. */
export const ProductGroup = z.object({
  id: Id,
  name: z.string(),
  active: z.boolean(),
  status: ProductGroupStatus,
  description: z.string().nullish(),
  detailed_description: z.string().nullish(),
  ...classification,
})
export type ProductGroup = z.infer<typeof ProductGroup>

export const ProductGroupListItem = ProductGroup.pick({ id: true, name: true, active: true, status: true, type: true, vendor: true })
export type ProductGroupListItem = z.infer<typeof ProductGroupListItem>
