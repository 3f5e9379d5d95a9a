import { z } from 'zod'
import { RatePlan, RelatedProduct, SubscriptionKind, SubscriptionProductType } from '../api'
import { DraftDoc, DraftError, DraftLine, DraftState, LooseId, ReviewLine } from './draft'

/** What the drafts list and the editor show of a draft: the typed document with its state, estimate and checks. */
export const DraftEstimate = z.object({
  total: z.number(),
  /** The catalogue's "prices as of" time the estimate was made from. */
  asOf: z.string().nullable(),
  /** Lines the cached catalogue could not price. */
  unpriced: z.int(),
  /** Priced lines left out of the total: their quantity is none a line can be ordered with (empty, 0, 1.5, over the maximum). */
  invalidQuantity: z.int(),
})

export const DraftSummary = z.object({
  id: z.string(),
  title: z.string(),
  organisation: LooseId.nullable(),
  state: DraftState,
  lineCount: z.int(),
  estimate: DraftEstimate,
  /** The service's total once it priced the basket. */
  serviceTotal: z.number().nullable(),
  basketId: LooseId.nullable(),
  orderId: LooseId.nullable(),
  valid: z.boolean(),
  error: DraftError.nullable(),
  updatedAt: z.string(),
  current: z.boolean(),
})
export type DraftSummary = z.infer<typeof DraftSummary>

/** What a line needs in the editor beyond what was typed: its product's options, from the catalogue. */
export const LineProductInfo = z.object({
  id: LooseId,
  sku: z.string(),
  name: z.string(),
  price: z.number(),
  subscription_type: SubscriptionKind.nullable(),
  /** ADD_ON subscriptions need their base (the editor says so). */
  subscription_product_type: SubscriptionProductType.nullable().optional(),
  provisioning: z.array(RelatedProduct),
  maintenance: z.array(RelatedProduct),
  rate_plans: z.array(RatePlan),
  /** Units in stock as the cached catalogue last said (null: not tracked, e.g. subscriptions). */
  stock: z.int().nullable().optional(),
  /** Whether the product is sent physically (null: the catalogue does not say): no shipping is charged when none is. */
  shippable: z.boolean().nullable().optional(),
})
export type LineProductInfo = z.infer<typeof LineProductInfo>

/**
 * What a field message the app wrote itself says, for the renderer to put in the user's language:
 * the draft's own checks by name, the schemas' checks by a few generic kinds (with their bound).
 */
export const FieldMessageKey = z.enum([
  // generic, from the zod schemas
  'required',
  'tooLong',
  'tooShort',
  'atLeast',
  'moreThan',
  'atMost',
  'lessThan',
  'tooMany',
  'invalidEmail',
  'invalid',
  // the draft's own checks
  'nameTooLong',
  'addLine',
  'neededToShip',
  'enterQuantity',
  'ambiguousSku',
  'notInCatalogue',
  'chooseRatePlan',
  'atLeastForPlan',
  'atMostForPlan',
  'noRatePlans',
  'notProvisioning',
  'partnerRequired',
  'notMaintenance',
  'chooseOrganisation',
  'shippingTypeNotForCountry',
])
export type FieldMessageKey = z.infer<typeof FieldMessageKey>
export const FieldCode = z.object({ key: FieldMessageKey, params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })
export type FieldCode = z.infer<typeof FieldCode>

export const DraftView = DraftSummary.extend({
  doc: DraftDoc,
  /** Field path (as the service names it, e.g. line_items.2.quantity) → message (English; the service's own words for its refusals). */
  fields: z.record(z.string(), z.string()),
  /** The same paths, for the messages the app wrote itself: what each says, to be translated. */
  fieldCodes: z.record(z.string(), FieldCode),
  review: z.array(ReviewLine).nullable(),
  /** Catalogue details of the products on the lines, by product id. */
  products: z.record(z.string(), LineProductInfo),
  sourceBasketId: LooseId.nullable(),
  /** Bumped by every change of the draft (this run of the app): a view knows which change it shows. */
  revision: z.int().nonnegative(),
})
export type DraftView = z.infer<typeof DraftView>

/**
 * The answer to one line's edit, small whatever the draft's size: that line, and what the line
 * changes for the whole draft (total, validity, the field messages). `revision` is the draft's after
 * the edit: one more than the editor's own means nothing else changed the draft in between.
 */
export const DraftLineEdit = z.object({
  revision: z.int().nonnegative(),
  index: z.int().nonnegative(),
  line: DraftLine,
  estimate: DraftEstimate,
  valid: z.boolean(),
  fields: z.record(z.string(), z.string()),
  fieldCodes: z.record(z.string(), FieldCode),
})
export type DraftLineEdit = z.infer<typeof DraftLineEdit>

/**
 * What "use with this service" left to choose again: the draft's ids of the old service mean
 * something else (or nothing) on this one, so they went. Lines by their keys.
 */
export const Rechoose = z.object({
  organisation: z.boolean(),
  shippingType: z.boolean(),
  /** Addresses (shipping, finance) whose country went: country ids are each service's own. */
  countries: z.int(),
  /** Lines whose SKU this service's catalogue has not, or has more than once: no product now. */
  products: z.array(z.string()),
  /** Lines whose rate plan, provisioning, partner-platform or maintenance choices went. */
  options: z.array(z.string()),
  /** No catalogue of this service is on this computer yet: the lines go by SKU, and the service checks them. */
  noCatalogue: z.boolean(),
})
export type Rechoose = z.infer<typeof Rechoose>
