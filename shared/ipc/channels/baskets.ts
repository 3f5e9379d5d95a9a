import { z } from 'zod'
import { Address, Basket, BASKET_SORTS, CountryCode, FinanceTarget, Id, LineItem, LineItemRequest, PaymentType, RatePlan, RelatedProduct, ShippingType, SubscriptionKind, SubscriptionProductType } from '../../api'
import { channel } from '../contract-kit'

/**
 * Local drafts hold exactly what the user typed, valid or not ("nothing typed is ever lost"): every
 * field is optional and only loosely bounded here. Validation against the service's own schemas
 * (shared/api/order.ts) is reported next to the draft, never enforced on save.
 */
const Typed = z.string().max(20_000)
const LooseId = z.int().positive()

export const DraftAddress = z
  .object({
    /** The label of the saved address it was picked from, if any. */
    name: Typed,
    company_name: Typed,
    recipient_name: Typed,
    addr_line_1: Typed,
    addr_line_2: Typed,
    city: Typed,
    region: Typed,
    postal_code: Typed,
    country_code: LooseId.nullable(),
  })
  .partial()
export type DraftAddress = z.infer<typeof DraftAddress>

export const DraftFinance = z
  .object({
    company_number: Typed,
    company_name: Typed,
    target: FinanceTarget,
    email_address: Typed,
    title: Typed,
    first_name: Typed,
    name: Typed,
    contact_number: Typed,
    term_length: z.int().nullable(),
    registered_address: DraftAddress.nullable(),
    trading_addresses: z.array(DraftAddress).max(50),
  })
  .partial()
export type DraftFinance = z.infer<typeof DraftFinance>

/** A local price estimate of one unit, from the cached catalogue. */
export const LineEstimate = z.object({ unit: z.number(), asOf: z.string().nullable() })
export type LineEstimate = z.infer<typeof LineEstimate>

export const DraftLine = z.object({
  /** Stable local key of the line (undo, keyboard focus, review rows). */
  key: z.string().min(1).max(64),
  product: LooseId.nullable().optional(),
  product_code: Typed.optional(),
  /** Display name remembered when the line was added, so it shows offline. */
  product_name: Typed.optional(),
  quantity: z.int().min(-1_000_000_000).max(1_000_000_000).nullable().optional(),
  prov_product: LooseId.nullable().optional(),
  prov_organisation: LooseId.nullable().optional(),
  prov_group: LooseId.nullable().optional(),
  prov_site: LooseId.nullable().optional(),
  maintenance_product: LooseId.nullable().optional(),
  selected_rate_plan: LooseId.nullable().optional(),
  storage_order: z.object({ team_name: Typed, admin_email: Typed }).partial().nullable().optional(),
  backup_order: z.object({ tenant_name: Typed, admin_email: Typed }).partial().nullable().optional(),
  meeting_order: z
    .object({ deal_registration_id: Typed, deal_registration_approval_id: Typed, end_user_name: Typed, end_user_company: Typed, end_user_email: Typed })
    .partial()
    .nullable()
    .optional(),
  markup: z.number().nullable().optional(),
  /** Shown, never edited here: only a quote can apply a discount. */
  discount: z.number().nullable().optional(),
  estimate: LineEstimate.nullable().optional(),
  /**
   * Left by "use with this service" when the line's SKU is not in that service's catalogue, or is
   * there more than once: its product (an id of the old service) is the user's to choose again.
   */
  unmatched: z.enum(['unknown', 'ambiguous']).optional(),
  /** The rep's note on the line: kept in the draft and printed on the quote, never sent (the service's line has no such field). */
  note: z.string().max(2000).optional(),
})
export type DraftLine = z.infer<typeof DraftLine>

/** The header fields (everything but the lines), as typed. */
const headerFields = {
  name: Typed,
  purchase_order_number: Typed,
  shipping_address: DraftAddress.nullable(),
  shipping_type: LooseId.nullable(),
  ship_instructions: Typed,
  provisioning_instructions: Typed,
  end_user: Typed,
  part_ship: z.boolean(),
  payment_type: PaymentType,
  finance: DraftFinance.nullable(),
  /** The customer's own reference for the deal: kept in the draft and printed on the quote, never sent (the service has only purchase_order_number). */
  customerReference: z.string().max(200),
}

export const DraftDoc = z.object({
  name: headerFields.name.default(''),
  purchase_order_number: headerFields.purchase_order_number.default(''),
  shipping_address: headerFields.shipping_address.default(null),
  shipping_type: headerFields.shipping_type.default(null),
  ship_instructions: headerFields.ship_instructions.default(''),
  provisioning_instructions: headerFields.provisioning_instructions.default(''),
  end_user: headerFields.end_user.default(''),
  part_ship: headerFields.part_ship.default(true),
  payment_type: headerFields.payment_type.default('ON_ACCOUNT'),
  finance: headerFields.finance.default(null),
  customerReference: headerFields.customerReference.optional(),
  line_items: z.array(DraftLine).max(5000).default([]),
})
export type DraftDoc = z.infer<typeof DraftDoc>
export type DraftDocInput = z.input<typeof DraftDoc>

/**
 * An edit of header fields: only the fields present change. (Built without defaults on purpose:
 * zod applies a field's default inside .partial(), which would blank every field not sent.)
 */
export const DraftHeaderPatch = z.object(headerFields).partial()
export type DraftHeaderPatch = z.infer<typeof DraftHeaderPatch>

export const DraftLinePatch = DraftLine.omit({ key: true, estimate: true, discount: true, unmatched: true }).partial()
export type DraftLinePatch = z.infer<typeof DraftLinePatch>

const DRAFT_STATES = ['draft', 'queued', 'sending', 'needs_review', 'rejected', 'submitted'] as const
export const DraftState = z.enum(DRAFT_STATES)
export type DraftState = z.infer<typeof DraftState>

/** Old vs new price of one line when the service priced it above the draft's estimate. */
export const ReviewLine = z.object({
  key: z.string(),
  name: z.string(),
  sku: z.string(),
  quantity: z.int(),
  estimate: z.number().nullable(),
  service: z.number(),
  increased: z.boolean(),
})
export type ReviewLine = z.infer<typeof ReviewLine>

const DraftError = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /**
   * 'other_service': made or queued for another service than the profile's now (named in `service`); not sent, to be checked.
   * 'shipping_type': held back before sending, as its shipping type does not deliver to its address's country (the field says which).
   */
  code: z.enum(['other_service', 'shipping_type']).optional(),
  service: z.string().optional(),
})
export type DraftError = z.infer<typeof DraftError>

const DraftEstimate = z.object({
  total: z.number(),
  /** The catalogue's "prices as of" time the estimate was made from. */
  asOf: z.string().nullable(),
  /** Lines the cached catalogue could not price. */
  unpriced: z.int(),
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

export const OutboxCounts = z.object({ queued: z.int(), sending: z.int(), needsReview: z.int(), rejected: z.int() })
export type OutboxCounts = z.infer<typeof OutboxCounts>

const AddLineRequest = z
  .object({
    /** The current draft when omitted (a new one is started if there is none). */
    draftId: z.string().optional(),
    sku: z.string().trim().min(1).max(128).optional(),
    productId: LooseId.optional(),
    quantity: z.int().min(1).max(1_000_000).default(1),
  })
  .refine((r) => r.sku !== undefined || r.productId !== undefined, { message: 'Give a SKU or a product id', path: ['sku'] })

export const ImportPreviewRow = z.object({
  line: z.int(),
  raw: z.string(),
  sku: z.string(),
  quantity: z.int().nullable(),
  status: z.enum(['ok', 'unknown', 'ambiguous', 'invalid']),
  message: z.string().nullable(),
  /** The matching products (one when ok, several when ambiguous). */
  matches: z.array(z.object({ id: LooseId, sku: z.string(), name: z.string(), price: z.number() })),
})
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>

const ImportRow = z.object({ productId: LooseId.optional(), sku: z.string().trim().min(1).max(128), quantity: z.int().min(1).max(1_000_000) })

export const ReferenceData = z.object({
  addresses: z.array(Address),
  countries: z.array(CountryCode),
  shippingTypes: z.array(ShippingType),
  /** False when some lists came from the offline cache. */
  fresh: z.boolean(),
})
export type ReferenceData = z.infer<typeof ReferenceData>

const ServerBasketPage = z.object({
  items: z.array(Basket),
  total: z.int(),
  pages: z.int(),
  /** Baskets of this page only partly read (shown with a marker), and rows too broken to show. */
  partial: z.array(Id).default([]),
  unreadable: z.int().default(0),
})

const DraftId = z.object({ id: z.string().min(1).max(64) })

/**
 * Drafts exported to a JSON file (a backup, or to move them to another workstation). Importing
 * checks the file against this schema and adds every draft as a new one: nothing existing changes.
 */
export const DRAFTS_FILE_FORMAT = 'wholesale-desk-drafts'
export const DraftsFile = z.object({
  format: z.literal(DRAFTS_FILE_FORMAT),
  version: z.literal(1),
  exportedAt: z.string().max(64),
  /** The service the drafts were made for: their ids (organisation, products) are that service's. */
  service: z.string().max(2048).nullable(),
  drafts: z.array(z.object({ organisation: LooseId.nullable(), service: z.string().max(2048).nullable(), doc: DraftDoc })).max(10_000),
})
export type DraftsFile = z.infer<typeof DraftsFile>

export const basketsChannels = {
  'baskets.list': channel(z.undefined(), z.object({ drafts: z.array(DraftSummary), outbox: OutboxCounts, currentId: z.string().nullable() })),
  'baskets.get': channel(DraftId, DraftView),
  'baskets.create': channel(z.object({ organisation: LooseId.optional(), doc: DraftDoc.partial().optional() }).default({}), DraftView),
  'baskets.remove': channel(DraftId, z.object({ removed: z.boolean() })),
  'baskets.setCurrent': channel(z.object({ id: z.string().nullable() }), z.object({ currentId: z.string().nullable() })),
  'baskets.update': channel(DraftId.extend({ patch: DraftHeaderPatch }), DraftView),
  'baskets.setOrganisation': channel(DraftId.extend({ organisation: LooseId }), DraftView),
  'baskets.addLine': channel(AddLineRequest, DraftView),
  'baskets.updateLine': channel(DraftId.extend({ key: z.string(), patch: DraftLinePatch }), DraftView),
  /** A line's quantity, markup, options or note edited: answers that line and the totals, not the draft (a product change goes by updateLine). */
  'baskets.editLine': channel(DraftId.extend({ key: z.string(), patch: DraftLinePatch.omit({ product: true, product_code: true, product_name: true }) }), DraftLineEdit),
  'baskets.removeLine': channel(DraftId.extend({ key: z.string() }), z.object({ draft: DraftView, removed: DraftLine, index: z.int() })),
  'baskets.restoreLine': channel(DraftId.extend({ line: DraftLine, index: z.int().min(0) }), DraftView),
  'baskets.moveLine': channel(DraftId.extend({ key: z.string(), to: z.int().min(0) }), DraftView),
  'baskets.previewImport': channel(z.object({ text: z.string().max(2_000_000) }), z.array(ImportPreviewRow)),
  'baskets.importLines': channel(DraftId.extend({ rows: z.array(ImportRow).max(5000) }), DraftView),
  'baskets.refreshEstimate': channel(DraftId, DraftView),
  'baskets.submit': channel(DraftId, DraftView),
  'baskets.acceptPrices': channel(DraftId, DraftView),
  'baskets.editAgain': channel(DraftId, DraftView),
  /** A draft waiting in the queue (after a failed attempt) is tried again now, its backoff forgotten. */
  'baskets.retry': channel(DraftId, DraftView),
  /**
   * A draft of another service (error 'other_service') becomes this one's: its old service's basket
   * ids go, so submitting creates a new basket, and so do its other ids of that service (organisation,
   * rate plans, related products, shipping type, countries); products are found again by SKU.
   */
  'baskets.useWithService': channel(DraftId, z.object({ draft: DraftView, rechoose: Rechoose })),
  'baskets.outbox': channel(z.undefined(), OutboxCounts),
  /** Every draft not yet submitted, as the text of a drafts file (DraftsFile). */
  'baskets.exportDrafts': channel(z.undefined(), z.object({ text: z.string(), count: z.int() })),
  /** Adds the drafts of a drafts file as new drafts; a file that is not one is refused whole. */
  'baskets.importDrafts': channel(z.object({ text: z.string().max(50_000_000) }), z.object({ imported: z.int() })),
  'baskets.referenceData': channel(z.object({ organisation: LooseId.optional() }).default({}), ReferenceData),
  'baskets.productInfo': channel(z.object({ productId: LooseId }), LineProductInfo.nullable()),
  'baskets.serverList': channel(
    z.object({ page: z.int().min(1).default(1), per_page: z.int().min(1).max(1000).default(50), sort_by: z.enum(BASKET_SORTS).default('+name') }).default({ page: 1, per_page: 50, sort_by: '+name' }),
    ServerBasketPage,
  ),
  /** The basket, and the fields of it the service sent missing or unreadable (empty when fully read). */
  'baskets.serverGet': channel(z.object({ id: LooseId }), z.object({ basket: Basket, unread: z.array(z.string()).default([]) })),
  /** Modify a service basket: header changes, and the lines to keep with their quantities (by line id; others are removed). */
  'baskets.serverSave': channel(
    z.object({ id: LooseId, patch: DraftHeaderPatch.default({}), lines: z.array(z.object({ id: LooseId, quantity: LineItemRequest.shape.quantity })).max(1000).optional() }),
    Basket,
  ),
  'baskets.serverAddLine': channel(z.object({ id: LooseId, sku: z.string().trim().min(1).max(128), quantity: LineItemRequest.shape.quantity }), LineItem),
  'baskets.serverSubmit': channel(z.object({ id: LooseId }), z.object({ orderId: LooseId })),
  'baskets.workOffline': channel(z.object({ id: LooseId }), DraftView),
}

export const basketsEvents = {
  /** A draft changed (or the list did, when draftId is absent): views reload. */
  /** lineCount: the changed draft's lines now (null when a draft went, or for a change of several). */
  /** revision: the changed draft's revision now (DraftView.revision), so an editor knows its own saves' echo. */
  'baskets.changed': z.object({ draftId: z.string().nullable(), lineCount: z.int().nonnegative().nullable().optional(), revision: z.int().nonnegative().optional() }),
  /** Submission counts for the tray and the offline banner. */
  'outbox.changed': OutboxCounts,
}
