import { z } from 'zod'
import { Address, ShippingAddress } from './address'
import { DateTime, Id, INSTRUCTIONS_MAX } from './common'
import { tolerantReader } from './reading'

/**
 * Spec section 3 and the public record: DRAFT (baskets) and the nine documented order statuses.
 * PENDING_AUTHORISATION appears in the spec only as a filter value; our sandbox uses it only when
 * its manual-authorisation option is on.
 */
export const ORDER_STATUSES = [
  'DRAFT',
  'CREATED',
  'PROCESSING',
  'ACCEPTED',
  'PART_SHIPPED',
  'SHIPPED',
  'COMPLETE',
  'ATTENTION_REQUIRED',
  'FAILED',
  'CANCELLED',
  'PENDING_AUTHORISATION',
] as const
export const OrderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatus>

/**
 * A status as the service spells it: one of ORDER_STATUSES, or one a later minor release added
 * (spec 9.2). The app shows an unknown one as it is and counts it as open until it is known final.
 */
export type ServiceOrderStatus = OrderStatus | (string & {})
export const ServiceOrderStatus: z.ZodType<ServiceOrderStatus, string> = z.string().trim().min(1).max(64)

export function isKnownStatus(status: string): status is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status)
}

/** Statuses after which nothing changes any more: the order watcher stops polling these. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['COMPLETE', 'FAILED', 'CANCELLED']
/** Submitted orders still on their way (what the watcher lists). */
export const OPEN_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s !== 'DRAFT' && !FINAL_STATUSES.includes(s))
/** Submitted and not known to be final: an unknown status counts as open. */
export function isOpenStatus(status: string): boolean {
  return status !== 'DRAFT' && !(FINAL_STATUSES as readonly string[]).includes(status)
}
/** From ACCEPTED on an order is final and cannot be cancelled (spec section 3). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['CREATED', 'PROCESSING', 'PENDING_AUTHORISATION', 'ATTENTION_REQUIRED']
export function isCancellable(status: string): boolean {
  return (CANCELLABLE_STATUSES as readonly string[]).includes(status)
}

export const PaymentType = z.enum(['ON_ACCOUNT', 'FINANCE'])
export type PaymentType = z.infer<typeof PaymentType>

export const FinanceTarget = z.enum(['SELF', 'CUSTOMER'])
export type FinanceTarget = z.infer<typeof FinanceTarget>
/**
 * A finance target as the service answers it: SELF, CUSTOMER, or one of the others the spec says
 * exist (2.8). Shown as its code in words; the app sends only the two it knows.
 */
export type ServiceFinanceTarget = FinanceTarget | (string & {})
export const ServiceFinanceTarget: z.ZodType<ServiceFinanceTarget, string> = z.string().trim().min(1).max(64)
export const isKnownFinanceTarget = (target: string): target is FinanceTarget => FinanceTarget.safeParse(target).success

const email = z.email()
const shortText = z.string().max(255)

/** Spec 2.8 finance object. approved is response only. */
const Finance = z.object({
  company_number: shortText.optional(),
  company_name: shortText.optional(),
  target: FinanceTarget,
  email_address: email.optional(),
  title: shortText.optional(),
  first_name: shortText.optional(),
  name: shortText.optional(),
  contact_number: shortText.optional(),
  term_length: z.int().positive().optional(),
  registered_address: Address.optional(),
  trading_addresses: z.array(Address).optional(),
  approved: z.boolean().optional(),
})
type Finance = z.infer<typeof Finance>
/** The finance object of an answer: its target may be one the app does not know. */
const ServiceFinance = Finance.extend({ target: ServiceFinanceTarget })

export const StorageOrder = z.object({ team_name: z.string().trim().min(1).max(255), admin_email: email })
export const BackupOrder = z.object({ tenant_name: z.string().trim().min(1).max(255), admin_email: email })
export const MeetingOrder = z.object({
  deal_registration_id: shortText.optional(),
  deal_registration_approval_id: shortText.optional(),
  end_user_name: z.string().trim().min(1).max(255),
  end_user_company: z.string().trim().min(1).max(255),
  end_user_email: email,
})

/** The most of one product a line may order (our sandbox's bound; the public record states none). */
export const QUANTITY_MAX = 1_000_000
/** A quantity a line can be ordered with: a whole number from 1 to QUANTITY_MAX. */
export const isOrderableQuantity = (q: number | null | undefined): q is number => Number.isInteger(q) && q! >= 1 && q! <= QUANTITY_MAX

/** Request fields of a line item (spec 2.9). A product is named by id or SKU; the id wins when both are given. */
export const LineItemRequest = z
  .object({
    product: Id.optional(),
    product_code: z.string().trim().min(1).max(128).optional(),
    quantity: z.int().min(1).max(QUANTITY_MAX),
    prov_product: Id.optional(),
    prov_product_code: z.string().trim().min(1).max(128).optional(),
    prov_organisation: Id.optional(),
    prov_group: Id.optional(),
    prov_site: Id.optional(),
    maintenance_product: Id.optional(),
    maintenance_product_code: z.string().trim().min(1).max(128).optional(),
    selected_rate_plan: Id.optional(),
    storage_order: StorageOrder.optional(),
    backup_order: BackupOrder.optional(),
    meeting_order: MeetingOrder.optional(),
    markup: z.number().min(0).max(1000).optional(),
    discount: z.number().min(0).max(100).optional(),
  })
  .refine((l) => l.product !== undefined || l.product_code !== undefined, {
    message: 'Either product or product_code is required',
    path: ['product_code'],
    params: { fieldKey: 'required' },
  })
export type LineItemRequest = z.infer<typeof LineItemRequest>

/** Create basket / modify basket / place order body (spec 4.2 "body as create"). */
export const BasketBody = z
  .object({
    name: z.string().max(255).optional(),
    purchase_order_number: z.string().max(255).optional(),
    shipping_address: ShippingAddress.optional(),
    shipping_type: Id.optional(),
    ship_instructions: z.string().max(INSTRUCTIONS_MAX).optional(),
    end_user: z.string().max(255).optional(),
    provisioning_instructions: z.string().max(INSTRUCTIONS_MAX).optional(),
    part_ship: z.boolean().default(true),
    line_items: z.array(LineItemRequest).max(1000).default([]),
    payment_type: PaymentType.default('ON_ACCOUNT'),
    finance: Finance.omit({ approved: true }).optional(),
    /** Our sandbox's choice (documented): which organisation, own or descendant, the basket is for. */
    organisation: Id.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.payment_type === 'FINANCE' && !b.finance) {
      ctx.addIssue({ code: 'custom', path: ['finance'], message: 'A finance payment needs the finance details', params: { fieldKey: 'required' } })
    }
    if (b.finance?.target === 'CUSTOMER') {
      b.line_items.forEach((l, i) => {
        if (l.markup === undefined) ctx.addIssue({ code: 'custom', path: ['line_items', i, 'markup'], message: 'Markup is required when finance is for the customer', params: { fieldKey: 'required' } })
      })
    }
  })
export type BasketBody = z.input<typeof BasketBody>

/**
 * Goods that ship need somewhere to go and a way to get there: the fields a basket lacks for its
 * order to be accepted (none when nothing ships). The app checks drafts by it, the sandbox orders.
 */
export function missingForShipping(body: Pick<BasketBody, 'shipping_address' | 'shipping_type'>, shipsGoods: boolean): ('shipping_address' | 'shipping_type')[] {
  if (!shipsGoods) return []
  return [...(body.shipping_address ? [] : ['shipping_address' as const]), ...(body.shipping_type === undefined ? ['shipping_type' as const] : [])]
}

const RatePlanDetailsCharge = z.object({
  id: Id,
  name: z.string(),
  rate_plan_id: Id,
  charge_type: z.string(),
  charge_model: z.string(),
  price: z.number(),
  unit_of_measure: z.string().nullish(),
})

const RatePlanDetails = z.object({
  id: Id,
  name: z.string(),
  line_item_id: Id,
  term_length: z.int(),
  billing_frequency: z.string(),
  renewal_term_length: z.int(),
  rate_plan_charges: z.array(RatePlanDetailsCharge),
})

/** Response fields of a line item (spec 2.9). */
export const LineItem = z.object({
  id: Id,
  order: Id,
  product: Id,
  name: z.string(),
  product_code: z.string().nullish(),
  quantity: z.int(),
  price: z.number(),
  original_price: z.number().nullish(),
  prov_product: Id.nullish(),
  prov_product_name: z.string().nullish(),
  prov_product_price: z.number().nullish(),
  prov_organisation: Id.nullish(),
  prov_group: Id.nullish(),
  prov_site: Id.nullish(),
  maintenance_product: Id.nullish(),
  maintenance_product_name: z.string().nullish(),
  maintenance_product_price: z.number().nullish(),
  sub_total_for_item: z.number(),
  selected_rate_plan: Id.nullish(),
  rate_plan_details: RatePlanDetails.nullish(),
  storage_order: StorageOrder.extend({ subscription_id: Id.nullish() }).nullish(),
  backup_order: BackupOrder.extend({ subscription_id: Id.nullish() }).nullish(),
  meeting_order: MeetingOrder.extend({
    subscription_id: Id.nullish(),
    meeting_order_type: z.string().nullish(),
    meeting_order_sub_type: z.string().nullish(),
  }).nullish(),
  markup: z.number().nullish(),
  discount: z.number().nullish(),
})
export type LineItem = z.infer<typeof LineItem>

const ShipmentItem = z.object({
  product: Id,
  name: z.string(),
  product_code: z.string(),
  quantity: z.int(),
  serial_numbers: z.array(z.int()).default([]),
})

export const Shipment = z.object({
  reference: z.string(),
  tracking_number: z.string().nullish(),
  date: z.string().nullish(),
  items: z.array(ShipmentItem).default([]),
})
export type Shipment = z.infer<typeof Shipment>

const Unit = z.object({ id: Id, order: Id, product: Id, serial: z.int().nullish() })

/**
 * Spec 2.8: order, and basket (a DRAFT order of the same shape). Loose: fields a later release adds
 * are kept, so an order snapshot the app stores loses nothing the service sent.
 */
export const Order = z.looseObject({
  id: Id,
  external_id: z.int().nullish(),
  purchase_order_number: z.string().nullish(),
  supplier_ref: z.string().nullish(),
  linked_supplier_refs: z.array(z.string()).default([]),
  organisation: Id,
  date: DateTime.nullish(),
  status: ServiceOrderStatus,
  parent_id: Id.nullish(),
  shipping_address: ShippingAddress.partial().nullish(),
  shipping_type: Id.nullish(),
  ship_instructions: z.string().nullish(),
  ship_cost: z.number().nullish(),
  ship_final: z.boolean().nullish(),
  discount: z.number().nullish(),
  end_user: z.string().nullish(),
  provisioning_instructions: z.string().nullish(),
  manual_authorisation: z.boolean().nullish(),
  total: z.number(),
  part_ship: z.boolean().default(true),
  line_items: z.array(LineItem).default([]),
  name: z.string().nullish(),
  units: z.array(Unit).default([]),
  attention_required: z.string().nullish(),
  payment_type: PaymentType.nullish(),
  finance: ServiceFinance.nullish(),
  shipments: z.array(Shipment).default([]),
})
export type Order = z.infer<typeof Order>
/** The client's reader: each line item degrades alone (see reading.ts). */
tolerantReader(Order, {}, { line_items: z.array(tolerantReader(LineItem, { name: '' })).default([]) })
export const Basket = Order
export type Basket = Order

export const BASKET_SORTS = ['-name', '-total', '+name', '+total'] as const
export const ORDER_SORTS = ['-date', '-total', '+date', '+total'] as const
