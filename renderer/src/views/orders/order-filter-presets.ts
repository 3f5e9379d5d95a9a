import { OPEN_STATUSES, type OrderStatus } from '../../../../shared/api'
import { OrderFilters } from '../../../../shared/ipc/channels/orders'

/** The built-in saved filters of the orders list: what a rep opens first every morning. */
export const FILTER_PRESETS = [
  { id: 'myOpen', status: [...OPEN_STATUSES] },
  { id: 'attention', status: ['ATTENTION_REQUIRED', 'FAILED'] as OrderStatus[] },
] as const

/** The filters a preset (or a saved set) stands for, keeping the list's current sort. */
export function presetFilters(status: readonly OrderStatus[], sort: OrderFilters['sort_by']): OrderFilters {
  return OrderFilters.parse({ status: [...status], sort_by: sort })
}

/** Same filters, whatever the order values were picked in or the sort: a saved set shows as the one in use. */
export function sameFilters(a: OrderFilters, b: OrderFilters): boolean {
  const norm = (f: OrderFilters) => JSON.stringify({ ...f, sort_by: null, status: [...f.status].sort(), payment_type: [...f.payment_type].sort(), organisation: [...f.organisation].sort() })
  return norm(a) === norm(b)
}
