import { z } from 'zod'
import { Order } from '../../api'
import { ById, channel, pageRequest } from '../contract-kit'
import { OrderDetailResult, OrderExportLabels, OrderExportResult, OrderFilters, OrderListResult, OrderRow, OrdersIndexState, ReorderResult, SavedOrderFilters } from '../../model/order'
import { AlertPrefs, WatchState } from '../../model/order-watch'

// The orders' types are the domain model's (shared/model); re-exported for the renderer's imports.
export { ORDER_FILTER_IDS_MAX, OrderDetailResult, OrderExportLabels, OrderExportResult, OrderFilters, OrderListResult, OrderRow, OrdersIndexProblem, OrdersIndexState, ReorderResult, SavedOrderFilter, SavedOrderFilters } from '../../model/order'
export { AlertPrefs, DEFAULT_ALERT_STATUSES, OrderChange, WatcherPhase, WatchState } from '../../model/order-watch'

const OrderListInput = z.object({
  filters: OrderFilters,
  ...pageRequest(100),
})
type OrderListInput = z.input<typeof OrderListInput>

/** Rows asked for by id in one request: a few hundred KB of answer, parsed without holding a frame up for long. */
export const ORDER_ROWS_BY_ID_MAX = 1000

const OrderExportInput = z.object({ filters: OrderFilters, format: z.enum(['csv', 'xlsx']), labels: OrderExportLabels })

export const ordersChannels = {
  'orders.list': channel(OrderListInput, OrderListResult),
  /**
   * The ids of every order matching the filters, in the list's order, once the local index is
   * complete (null before: the list is then paged on the service). With the rows it holds
   * (`orders.rowsById`), the view shows any part of the list without asking again.
   */
  'orders.listIds': channel(z.object({ filters: OrderFilters }), z.object({ ids: z.array(z.int()) }).nullable()),
  /** The list rows of these orders, from the local index (orders it does not hold are left out). */
  'orders.rowsById': channel(z.object({ ids: z.array(z.int()).max(ORDER_ROWS_BY_ID_MAX) }), z.object({ rows: z.array(OrderRow) })),
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
  /** Copies the order into a new local draft basket, named `name` (in the user's language) when given. */
  'orders.reorder': channel(ById.extend({ name: z.string().trim().min(1).max(255).optional() }), ReorderResult),
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
