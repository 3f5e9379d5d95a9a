import type { RouteLocationRaw } from 'vue-router'
import type { NavigationTarget } from '../../../../shared/ipc/channels/navigation'
import { ORDER_FILTER_IDS_MAX } from '../../../../shared/ipc/channels/orders'

/**
 * Where a click on an alert goes, in the page or on the shell's notification: its order, or the
 * orders list showing exactly the orders a grouped alert was about (`/orders?ids=4,8,15`); for a
 * basket the outbox could not send, its draft, or the outbox. The profile the alert named rides
 * along (`?profile=`): the page says so when it is not the one connected (useAlertProfile).
 */
export function routeTo(target: NavigationTarget): RouteLocationRaw {
  const profile = target.profileId ? { profile: target.profileId } : {}
  switch (target.kind) {
    case 'order':
      return { name: 'order', params: { id: String(target.orderId) }, query: profile }
    case 'orders':
      return { name: 'orders', query: { ids: target.orderIds.join(','), ...profile } }
    case 'draft':
      return { name: 'basket-draft', params: { id: target.draftId }, query: profile }
    case 'outbox':
      return { name: 'basket-outbox', query: profile }
  }
}

/** The orders a `?ids=` of the orders list names; null when it names none (or not readably). */
export function idsOf(value: unknown): number[] | null {
  if (typeof value !== 'string' || !/^\d{1,10}(,\d{1,10})*$/.test(value)) return null
  const ids = [...new Set(value.split(',').map(Number))].filter((id) => id > 0 && id <= 2 ** 31 - 1)
  return ids.length && ids.length <= ORDER_FILTER_IDS_MAX ? ids : null
}
