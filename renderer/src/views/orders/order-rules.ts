import { isCancellable, ORDER_STATUSES, type ServiceOrderStatus } from '../../../../shared/api'
import { hasPermission, ORDER_PERMISSIONS, type PermissionHolder } from '../../../../shared/permissions'

interface OrderActionsAllowed {
  resubmit: boolean
  cancel: boolean
  reorder: boolean
}

/**
 * What the order detail offers (spec section 3): resubmit only in ATTENTION_REQUIRED, cancel only
 * before ACCEPTED, reorder for any submitted order; all three need the orders:write permission.
 */
export function actionsAllowed(status: ServiceOrderStatus, user: PermissionHolder): OrderActionsAllowed {
  const may = hasPermission(user, ORDER_PERMISSIONS.act)
  return {
    resubmit: may && status === 'ATTENTION_REQUIRED',
    cancel: may && isCancellable(status),
    reorder: may && status !== 'DRAFT',
  }
}

/**
 * Why the order detail offers no "Cancel", when the user would look for it: the order is past
 * ACCEPTED (final), or the user may only read orders. Nothing to explain for an order that is
 * cancelled, failed or still a draft. A status this app does not know yet (the service adds them)
 * is said as such ('unknownStatus'): calling it final would claim the order was accepted.
 */
export function noCancelReason(status: ServiceOrderStatus, user: PermissionHolder): 'final' | 'readOnly' | 'unknownStatus' | null {
  if (status === 'CANCELLED' || status === 'FAILED' || status === 'DRAFT') return null
  if (!(ORDER_STATUSES as readonly string[]).includes(status)) return 'unknownStatus'
  if (!isCancellable(status)) return 'final'
  // Before the service has said who the user is (a first connect, offline), their rights are unknown.
  if (!user) return null
  return hasPermission(user, ORDER_PERMISSIONS.act) ? null : 'readOnly'
}

/** Status tag colours: what needs the user, what went wrong, what is done, what is moving. */
export function statusTone(status: ServiceOrderStatus): 'warning' | 'error' | 'success' | 'info' | 'default' {
  if (status === 'ATTENTION_REQUIRED' || status === 'PENDING_AUTHORISATION') return 'warning'
  if (status === 'FAILED') return 'error'
  if (status === 'COMPLETE' || status === 'SHIPPED') return 'success'
  if (status === 'CANCELLED' || status === 'DRAFT') return 'default'
  return 'info'
}

/**
 * Why an order's shipping line reads no amount, so "Shipping 0.00" is not left to guess: the
 * service gave none ('notGiven'), the order has no shipping type ('noType'), its type has a price
 * yet none was charged, which the service does when no line is shipped (sandbox README) ('nothingShips'),
 * or none was charged for a reason the order does not tell ('notCharged'). Null when shipping costs something.
 */
export function noShippingChargeReason(
  order: { ship_cost?: number | null; shipping_type?: number | null },
  shippingTypes: readonly { id: number; cost?: number }[],
): 'notGiven' | 'noType' | 'nothingShips' | 'notCharged' | null {
  if (order.ship_cost === null || order.ship_cost === undefined) return 'notGiven'
  if (order.ship_cost !== 0) return null
  if (!order.shipping_type) return 'noType'
  const typeCost = shippingTypes.find((s) => s.id === order.shipping_type)?.cost
  return typeCost !== undefined && typeCost > 0 ? 'nothingShips' : 'notCharged'
}
