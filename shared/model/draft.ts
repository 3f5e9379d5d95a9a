import { z } from 'zod'
import { FinanceTarget, PaymentType } from '../api'
import { ServiceRefusal } from './service-refusal'

/**
 * Local drafts hold exactly what the user typed, valid or not ("nothing typed is ever lost"): every
 * field is optional and only loosely bounded here. Validation against the service's own schemas
 * (shared/api/order.ts) is reported next to the draft, never enforced on save.
 */
export const Typed = z.string().max(20_000)
/** An id as typed or remembered: any positive integer, checked against the service only when sending. */
export const LooseId = z.int().positive()

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
    /**
     * The target the service named that the app cannot send ('THIRD_PARTY_LESSOR', spec 2.8), kept
     * from the order or basket the draft came from so the form names it until the rep chooses one.
     */
    serviceTarget: z.string().max(64),
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

/** What names a draft to the rep (the drafts list, the outbox's confirmation): its name, else its purchase order number; '' when neither. */
export const draftTitle = (doc: Pick<DraftDoc, 'name' | 'purchase_order_number'>): string => doc.name.trim() || doc.purchase_order_number.trim()

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

export const DraftError = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /**
   * 'other_service': made or queued for another service than the profile's now (named in `service`); not sent, to be checked.
   * 'shipping_type': held back before sending, as its shipping type does not deliver to its address's country (the field says which).
   */
  code: z.enum(['other_service', 'shipping_type']).optional(),
  service: z.string().optional(),
  /** The service refused it: what kind (the window words it), `message` being the service's own words. None on drafts refused before it was kept. */
  refusal: ServiceRefusal.optional(),
})
export type DraftError = z.infer<typeof DraftError>
