import { z } from 'zod'
import { Id, Order, ORDER_SORTS, OrderStatus, PaymentType } from '../api'
import { pageInfo } from './paging'

/** At most this many orders picked by id in the list's filters (a grouped alert's orders). */
export const ORDER_FILTER_IDS_MAX = 5000

/**
 * The filters of the orders list (spec 4.2 "List orders"), as the view edits them and the core
 * remembers them across restarts. Empty arrays and nulls mean "not filtered".
 */
export const OrderFilters = z
  .object({
    /**
     * Only these orders (the ones a grouped alert was about). Not a filter of the service: the core
     * answers it from its local index, reading by id the orders the index does not hold yet.
     */
    ids: z.array(Id).max(ORDER_FILTER_IDS_MAX).default([]),
    status: z.array(OrderStatus).default([]),
    payment_type: z.array(PaymentType).default([]),
    /** Matches reference, supplier reference and purchase order. */
    text: z.string().trim().max(255).default(''),
    organisation: z.array(Id).default([]),
    start_date: z.iso.date().nullable().default(null),
    end_date: z.iso.date().nullable().default(null),
    value_from: z.number().min(0).nullable().default(null),
    value_to: z.number().min(0).nullable().default(null),
    sort_by: z.enum(ORDER_SORTS).default('-date'),
  })
  .superRefine((f, ctx) => {
    if (f.start_date && f.end_date && f.start_date > f.end_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date is before the start date' })
    }
    if (f.value_from !== null && f.value_to !== null && f.value_from > f.value_to) {
      ctx.addIssue({ code: 'custom', path: ['value_to'], message: 'The upper value is below the lower value' })
    }
  })
export type OrderFilters = z.output<typeof OrderFilters>

/** One row of the orders table: what the list shows, small enough to cache many pages of. */
export const OrderRow = z.object({
  ...Order.pick({
    id: true,
    date: true,
    status: true,
    purchase_order_number: true,
    supplier_ref: true,
    organisation: true,
    total: true,
    payment_type: true,
    attention_required: true,
    name: true,
    end_user: true,
  }).shape,
  /** Fields of the order the service sent missing or unreadable (the row shows a marker); empty when fully read. */
  unread: z.array(z.string()).default([]),
  /**
   * The order's other references, which the text filter matches too (spec 4.2: "reference, supplier
   * reference and purchase order"): its linked supplier references and its shipments' references.
   */
  references: z.array(z.string()).default([]),
})
export type OrderRow = z.infer<typeof OrderRow>

/**
 * What the local index keeps of an order beside its list row, from the full order the service
 * sends: its lines, shipping and discount, so the order reads offline as it did online. Shipments,
 * units and finance are not kept (they need the service).
 */
export const KeptOrderParts = Order.pick({
  line_items: true,
  shipping_address: true,
  shipping_type: true,
  ship_instructions: true,
  ship_cost: true,
  ship_final: true,
  discount: true,
  provisioning_instructions: true,
  part_ship: true,
})
export type KeptOrderParts = z.infer<typeof KeptOrderParts>

/** A page of results; `fromCache` with `fetchedAt` tells the view how old offline results are. */
export const OrderListResult = z.object({
  rows: z.array(OrderRow),
  ...pageInfo,
  fetchedAt: z.string(),
  fromCache: z.boolean(),
  /** Rows of this page only partly read (kept, with a marker) and rows too broken to show at all. */
  partial: z.int().default(0),
  unreadable: z.int().default(0),
})
export type OrderListResult = z.infer<typeof OrderListResult>

export const FullOrderDetail = z.object({
  order: Order,
  fetchedAt: z.string(),
  fromCache: z.boolean(),
  /** Fields the service sent missing or unreadable; empty when the order was fully read. */
  unread: z.array(z.string()).default([]),
})
/**
 * The service out of reach and the order never opened on this computer: its list row as the local
 * index last held it (status, references, totals, date), `fetchedAt` the index's age; `kept` its
 * lines, shipping and discount where the index holds them (null for rows indexed before it kept them).
 */
const LastKnownOrder = z.object({
  order: z.null(),
  lastKnown: OrderRow,
  kept: KeptOrderParts.nullable().default(null),
  fetchedAt: z.string(),
  fromCache: z.literal(true),
  unread: z.array(z.string()).default([]),
})
export const OrderDetailResult = z.union([FullOrderDetail, LastKnownOrder])
export type FullOrderDetail = z.infer<typeof FullOrderDetail>
export type OrderDetailResult = z.infer<typeof OrderDetailResult>

/**
 * The draft a reorder created (owned by the baskets module). `leftOut`: lines of the order the app
 * could not read (the service sent them in a form it does not know), so not in the draft.
 */
export const ReorderResult = z.object({ draftId: z.string(), lines: z.int(), leftOut: z.int().default(0) })
export type ReorderResult = z.infer<typeof ReorderResult>

/** A set of filters the user named and keeps one click away on the orders list (per profile). */
export const SavedOrderFilter = z.object({ name: z.string().trim().min(1).max(60), filters: OrderFilters })
export type SavedOrderFilter = z.output<typeof SavedOrderFilter>
export const SavedOrderFilters = z
  .array(SavedOrderFilter)
  .max(50)
  .superRefine((list, ctx) => {
    const seen = new Set<string>()
    list.forEach((f, i) => {
      const key = f.name.toLocaleLowerCase()
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'A saved filter has this name already' })
      seen.add(key)
    })
  })

/**
 * Why the last copy of the order history to this computer did not finish: the service refused the
 * connection's credentials (or the keychain lost its secret), the service could not be reached, or
 * it failed otherwise. Null once a copy finished (and before the first one ended).
 */
export const OrdersIndexProblem = z.enum(['credentials', 'unreachable', 'failed'])
export type OrdersIndexProblem = z.infer<typeof OrdersIndexProblem>

/** The local index of every order (the list answers from it once complete). */
export const OrdersIndexState = z.object({ complete: z.boolean(), count: z.int(), syncedAt: z.string().nullable(), problem: OrdersIndexProblem.nullable() })
export type OrdersIndexState = z.infer<typeof OrdersIndexState>

/** The words of an export in the user's language (the core has no translations of its own). */
export const OrderExportLabels = z.object({
  columns: z.object({
    id: z.string(),
    date: z.string(),
    status: z.string(),
    purchaseOrder: z.string(),
    supplierRef: z.string(),
    name: z.string(),
    organisation: z.string(),
    endUser: z.string(),
    payment: z.string(),
    total: z.string(),
    currency: z.string(),
    attention: z.string(),
  }),
  /** Every known status's name; one a later service adds is made readable from its code. */
  statuses: z.record(OrderStatus, z.string()),
  payments: z.record(PaymentType, z.string()),
  /** The currency the totals are in (its code, or the label shown for it). */
  currency: z.string().max(20),
  sheet: z.string().min(1).max(31),
})
export type OrderExportLabels = z.infer<typeof OrderExportLabels>

/** Where an export went (null: the user cancelled the save dialog) and how many orders it holds. */
export const OrderExportResult = z.object({ path: z.string().nullable(), count: z.int() })
export type OrderExportResult = z.infer<typeof OrderExportResult>
