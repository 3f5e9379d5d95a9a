import { z } from 'zod'
import { CurrencyRef, round2 } from './money'
import { Id } from './common'
import { tolerantReader } from './reading'

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

/** A charge's cost in one currency, named like whoami's: a code, or an id (CurrencyRef). */
const RatePlanChargeCost = z.object({ id: Id, currency: CurrencyRef, charge_cost_price: z.number() })

const RatePlanCharge = z.object({
  id: Id,
  name: z.string(),
  charge_type: z.string(),
  charge_model: z.string(),
  rate_plan_charge_costs: z.array(RatePlanChargeCost),
  unit_of_measure: z.string().nullish(),
})
type RatePlanCharge = z.infer<typeof RatePlanCharge>

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

/**
 * Spec 2.7. product_code is the SKU and is not unique across vendors. Loose: fields a later
 * release adds are kept with the product.
 */
export const Product = z.looseObject({
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
/** The client's reader: id, SKU and price are needed to order; a missing name shows empty. */
tolerantReader(Product, { name: '' })

export const PRODUCT_SORTS = ['-popularity', '-name', '+name', '-price', '+price'] as const

/** What one charge costs, in GBP (the first listed currency where there is no GBP). */
export function chargeCost(charge: RatePlanCharge): number {
  return (charge.rate_plan_charge_costs.find((k) => k.currency === 'GBP') ?? charge.rate_plan_charge_costs[0])?.charge_cost_price ?? 0
}

function ratePlanCost(plan: RatePlan): number {
  return plan.rate_plan_charges.reduce((sum, c) => sum + chargeCost(c), 0)
}

/**
 * What a plan's costs are multiplied by to price it: the product's price is its default plan's,
 * and another plan costs in proportion to its charges (one for one when the default plan's charges
 * cost nothing). The sandbox prices lines by it and the app estimates them by it.
 */
export function ratePlanScale(product: Pick<Product, 'rate_plans'>, productPrice: number): number {
  const defaultPlan = product.rate_plans.find((p) => p.default) ?? product.rate_plans[0]
  const defaultCost = defaultPlan ? ratePlanCost(defaultPlan) : 0
  return defaultCost > 0 ? productPrice / defaultCost : 1
}

/** One unit on a rate plan. */
export function ratePlanPrice(product: Pick<Product, 'rate_plans'>, plan: RatePlan, productPrice: number): number {
  return round2(ratePlanCost(plan) * ratePlanScale(product, productPrice))
}
