import { z } from 'zod'
import { Order } from '../../api'
import { ById, channel, pageRequest } from '../contract-kit'
import { OrderDetailResult, OrderFilters, OrderListResult, ReorderResult } from '../../model/order'
import { AlertPrefs, WatchState } from '../../model/order-watch'

// The orders' types are the domain model's (shared/model); re-exported for the renderer's imports.
export { OrderDetailResult, OrderFilters, OrderListResult, OrderRow, ReorderResult } from '../../model/order'
export { AlertPrefs, DEFAULT_ALERT_STATUSES, OrderChange, WatcherPhase, WatchState } from '../../model/order-watch'

const OrderListInput = z.object({
  filters: OrderFilters,
  ...pageRequest(100),
})
type OrderListInput = z.input<typeof OrderListInput>

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
  'orders.alertPrefs': channel(z.undefined(), AlertPrefs),
  'orders.setAlertPrefs': channel(AlertPrefs, AlertPrefs),
  'orders.watchState': channel(z.undefined(), WatchState),
  /** "Check now": polls at once and answers the state after it. */
  'orders.pollNow': channel(z.undefined(), WatchState),
}
