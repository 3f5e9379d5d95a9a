import { z } from 'zod'
import { Id } from './common'

/** The three subscription kinds under neutral labels (spec 2.7). */
export const SubscriptionKind = z.enum(['SUBSCRIPTION_KIND_STORAGE', 'SUBSCRIPTION_KIND_BACKUP', 'SUBSCRIPTION_KIND_MEETING'])
export type SubscriptionKind = z.infer<typeof SubscriptionKind>

export const SubscriptionProductType = z.enum(['BASE', 'ADD_ON'])
export type SubscriptionProductType = z.infer<typeof SubscriptionProductType>

export const RelatedProduct = z.object({
  id: Id,
  sku: z.string(),
  name: z.string(),
  price: z.number(),
  partner: z.boolean(),
})
export type RelatedProduct = z.infer<typeof RelatedProduct>

export const RatePlanChargeCost = z.object({ id: Id, currency: z.string(), charge_cost_price: z.number() })

export const RatePlanCharge = z.object({
  id: Id,
  name: z.string(),
  charge_type: z.string(),
  charge_model: z.string(),
  rate_plan_charge_costs: z.array(RatePlanChargeCost),
  unit_of_measure: z.string().nullish(),
})
export type RatePlanCharge = z.infer<typeof RatePlanCharge>

export const RatePlan = z.object({
  id: Id,
  name: z.string(),
  term_length: z.int(),
  billing_frequency: z.string(),
  renewal_term_length: z.int(),
  default: z.boolean(),
  min_quantity: z.int(),
  max_quantity: z.int(),
  rate_plan_charges: z.array(RatePlanCharge),
})
export type RatePlan = z.infer<typeof RatePlan>

const url = z.string().nullish()

/** Spec 2.7. product_code is the SKU and is not unique across vendors. */
export const Product = z.object({
  id: Id,
  name: z.string(),
  product_code: z.string(),
  description: z.string().nullish(),
  detailed_description: z.string().nullish(),
  featured_description: z.string().nullish(),
  vendor: Id.nullish(),
  type: Id.nullish(),
  rrp: z.number().nullish(),
  price: z.number(),
  thumb_url: url,
  main_image_url: url,
  datasheet_url: url,
  guide_url: url,
  quickstart_url: url,
  stock: z.int().nullish(),
  provisioning: z.array(RelatedProduct).default([]),
  maintenance: z.array(RelatedProduct).default([]),
  related_to: z.array(RelatedProduct).default([]),
  shipping_cost: z.number().nullish(),
  show_in_webstore: z.boolean().nullish(),
  discountable: z.boolean().nullish(),
  subscription_type: SubscriptionKind.nullish(),
  subscription_product_type: SubscriptionProductType.nullish(),
  quantity_type: z.string().nullish(),
  rate_plans: z.array(RatePlan).default([]),
  is_shippable: z.boolean().nullish(),
  is_financeable: z.boolean().nullish(),
  weight_unit: z.string().nullish(),
  weight: z.number().nullish(),
})
export type Product = z.infer<typeof Product>

export const PRODUCT_SORTS = ['-popularity', '-name', '+name', '-price', '+price'] as const
export const ProductSort = z.enum(PRODUCT_SORTS)
export type ProductSort = z.infer<typeof ProductSort>
