import { z } from 'zod'
import { Id, Order, ORDER_SORTS, OrderStatus, PaymentType, ServiceOrderStatus } from '../../api'
import { ById, channel, pageInfo, pageRequest } from '../contract-kit'

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

const OrderListInput = z.object({
  filters: OrderFilters,
  ...pageRequest(100),
})
type OrderListInput = z.input<typeof OrderListInput>

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

/** The statuses a rep acts on or tells the customer about: alerted unless the user chooses otherwise. */
export const DEFAULT_ALERT_STATUSES = ['SHIPPED', 'ATTENTION_REQUIRED', 'FAILED', 'CANCELLED'] as const satisfies readonly OrderStatus[]

/** Which status changes raise a desktop alert, and do-not-disturb. */
export const AlertPrefs = z.object({
  /** New statuses that alert; by default what needs a rep (the rest is opt-in, or the day's moves flood in). */
  statuses: z.array(OrderStatus).default([...DEFAULT_ALERT_STATUSES]),
  /** Alerts paused until turned back on. */
  paused: z.boolean().default(false),
  /** Alerts paused until this moment (ISO date-time); null for no timed pause. */
  pausedUntil: z.iso.datetime({ offset: true }).nullable().default(null),
})
export type AlertPrefs = z.output<typeof AlertPrefs>

/** One status change the watcher saw. `from` is null for an order first seen already under way. */
export const OrderChange = z.object({
  orderId: Id,
  purchaseOrderNumber: z.string().nullable(),
  from: ServiceOrderStatus.nullable(),
  to: ServiceOrderStatus,
  at: z.string(),
})
export type OrderChange = z.infer<typeof OrderChange>

export const WatcherPhase = z.enum(['no_profile', 'starting', 'watching', 'offline', 'backing_off', 'stopped'])
export type WatcherPhase = z.infer<typeof WatcherPhase>

/** What the tray and the views show about open orders. */
export const WatchState = z.object({
  phase: WatcherPhase,
  open: z.int(),
  attention: z.int(),
  lastPollAt: z.string().nullable(),
  nextPollAt: z.string().nullable(),
  lastError: z.string().nullable(),
  recent: z.array(OrderChange),
})
export type WatchState = z.infer<typeof WatchState>

/** The local index of every order (the list answers from it once complete). */
export const OrdersIndexState = z.object({ complete: z.boolean(), count: z.int(), syncedAt: z.string().nullable() })
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
  statuses: z.record(z.string(), z.string()),
  payments: z.record(z.string(), z.string()),
  /** The currency the totals are in (its code, or the label shown for it). */
  currency: z.string().max(20),
  sheet: z.string().min(1).max(31),
})
export type OrderExportLabels = z.infer<typeof OrderExportLabels>

const OrderExportInput = z.object({ filters: OrderFilters, format: z.enum(['csv', 'xlsx']), labels: OrderExportLabels })
/** Where the file went (null: the user cancelled the save dialog) and how many orders it holds. */
export const OrderExportResult = z.object({ path: z.string().nullable(), count: z.int() })
export type OrderExportResult = z.infer<typeof OrderExportResult>

/** The draft a reorder created (owned by the baskets module). */
export const ReorderResult = z.object({ draftId: z.string(), lines: z.int() })
export type ReorderResult = z.infer<typeof ReorderResult>

export const ordersChannels = {
  'orders.list': channel(OrderListInput, OrderListResult),
  'orders.get': channel(ById, OrderDetailResult),
  /** Only for ATTENTION_REQUIRED orders, after the issue was resolved with the operator. */
  'orders.resubmit': channel(ById, Order),
  /** Only before ACCEPTED (CANCELLABLE_STATUSES). */
  'orders.cancel': channel(ById, Order),
  /**
   * How this service cancels: 'api' where it offers our cancel route (the sandbox, asked through
   * GET /sandbox/capabilities), else 'web': in its web interface, never by an API call.
   */
  'orders.cancelMode': channel(z.undefined(), z.object({ mode: z.enum(['api', 'web']), webUrl: z.string() })),
  /** Opens the order in the service's web interface (to cancel it there); opened false when refused. */
  'orders.openInWebInterface': channel(ById, z.object({ opened: z.boolean(), url: z.string() })),
  /** Copies the order into a new local draft basket. */
  'orders.reorder': channel(ById, ReorderResult),
  'orders.filters': channel(z.undefined(), OrderFilters),
  'orders.saveFilters': channel(OrderFilters, OrderFilters),
  /** The user's named filters (the built-in ones live in the view). */
  'orders.savedFilters': channel(z.undefined(), SavedOrderFilters),
  'orders.setSavedFilters': channel(SavedOrderFilters, SavedOrderFilters),
  'orders.alertPrefs': channel(z.undefined(), AlertPrefs),
  'orders.setAlertPrefs': channel(AlertPrefs, AlertPrefs),
  'orders.watchState': channel(z.undefined(), WatchState),
  /** How many orders the local index holds, and whether the list answers from it. */
  'orders.indexState': channel(z.undefined(), OrdersIndexState),
  /** Brings the index up to date now (the list view opening): orders placed elsewhere appear. */
  'orders.refreshIndex': channel(z.undefined(), OrdersIndexState),
  /** Every order matching the filters, in the list's order, to a CSV or XLSX file the user picks. */
  'orders.export': channel(OrderExportInput, OrderExportResult),
  /**
   * A document for the customer (order confirmation, quote) printed to PDF by the shell and saved
   * where the user picks; the page is built by the view, in the user's language (no script runs in it).
   */
  'orders.savePdf': channel(
    z.object({ html: z.string().min(1).max(5_000_000), fileName: z.string().regex(/^[\w .()-]{1,100}\.pdf$/u) }),
    z.object({ path: z.string().nullable() }),
  ),
  /** "Check now": polls at once and answers the state after it. */
  'orders.pollNow': channel(z.undefined(), WatchState),
}

export const ordersEvents = {
  /** After a poll that saw changes or changed the counts: for the tray and the views. */
  'orders.changed': z.object({ changes: z.array(OrderChange), open: z.int(), attention: z.int(), at: z.string() }),
  /** The local orders index was brought up to date. */
  'orders.indexChanged': OrdersIndexState,
  /** The alert preferences as saved (from the Orders view or the tray's "Pause alerts"). */
  'orders.alertPrefsChanged': AlertPrefs,
}
