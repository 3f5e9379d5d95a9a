import { z } from 'zod'
import { Id, Order, ORDER_SORTS, OrderStatus, PaymentType } from '../api'
import { pageInfo } from './paging'

/**
 * The filters of the orders list (spec 4.2 "List orders"), as the view edits them and the core
 * remembers them across restarts. Empty arrays and nulls mean "not filtered".
 */
export const OrderFilters = z
  .object({
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
})
export type OrderRow = z.infer<typeof OrderRow>

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

export const OrderDetailResult = z.object({
  order: Order,
  fetchedAt: z.string(),
  fromCache: z.boolean(),
  /** Fields the service sent missing or unreadable; empty when the order was fully read. */
  unread: z.array(z.string()).default([]),
})
export type OrderDetailResult = z.infer<typeof OrderDetailResult>

/** The draft a reorder created (owned by the baskets module). */
export const ReorderResult = z.object({ draftId: z.string(), lines: z.int() })
export type ReorderResult = z.infer<typeof ReorderResult>
