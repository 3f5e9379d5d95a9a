import { DESKTOP_MESSAGES } from '../../../shared/locales/desktop-messages'
import { formatMessage } from '../../../shared/locales/format-message'
import { languageOrFallback } from '../../../shared/locales/languages'
import { ORDER_FILTER_IDS_MAX } from '../../../shared/model/order'
import type { Alert } from '../platform/services'

/** A basket the outbox sent: its name as the drafts list shows it ('' for none), its purchase order number, its order. */
export interface SentBasket {
  title: string
  purchaseOrder: string
  orderId: number
}

/**
 * The desktop alert for baskets the outbox sent while the window was out of sight (closed to the
 * tray): the rep, who may have queued them offline hours before, is told outside the window, in
 * their language. The baskets of one pass (a queue going out on reconnecting) are one alert, as they
 * are one message in the window; a click opens the order, or those orders. They are named with their
 * profile's id (`profileId`): the rep may have switched to another profile by the time they click.
 */
export function sentBasketsAlert(sent: readonly SentBasket[], locale: string | null | undefined, profileId?: string): Alert {
  const { alerts } = DESKTOP_MESSAGES[languageOrFallback(locale)]
  const t = alerts.basketsSent
  const of = profileId ? { profileId } : {}
  if (sent.length === 1) {
    const b = sent[0]!
    const lines = [formatMessage(t.order, { id: b.orderId })]
    // A basket with no name is titled by its purchase order number (draftTitle): not said twice.
    if (b.purchaseOrder && b.purchaseOrder !== b.title) lines.push(formatMessage(alerts.purchaseOrder, { po: b.purchaseOrder }))
    return {
      id: `basket-sent-${b.orderId}`,
      title: b.title ? formatMessage(t.title, { name: b.title }) : t.untitled,
      body: lines.join(' · '),
      target: { kind: 'order', orderId: b.orderId, ...of },
    }
  }
  const orderIds = sent.map((b) => b.orderId)
  return {
    id: `baskets-sent-${orderIds[0]}-${sent.length}`,
    title: formatMessage(t.several, { n: sent.length }),
    body: sent.map((b) => (b.title ? formatMessage(t.item, { name: b.title, id: b.orderId }) : formatMessage(t.order, { id: b.orderId }))).join('\n'),
    ...(orderIds.length <= ORDER_FILTER_IDS_MAX ? { target: { kind: 'orders' as const, orderIds, ...of } } : {}),
  }
}
