import { isKnownStatus } from '../../../shared/api'
import { languageOrFallback } from '../../../shared/locales/languages'
import { statusLabel } from '../../../shared/locales/status-labels'
import { ORDER_FILTER_IDS_MAX } from '../../../shared/model/order'
import type { AlertPrefs, OrderChange } from '../../../shared/model/order-watch'
import type { Alert } from '../platform/services'
import { orderAlertTexts } from './order-alert-texts'

/** More changes than this at once become one summary alert instead of a stack of them. */
export const COALESCE_ABOVE = 3

/** Paused until turned back on, or until a moment not yet reached. */
export function alertsPaused(prefs: AlertPrefs, now: number): boolean {
  return prefs.paused || (prefs.pausedUntil !== null && Date.parse(prefs.pausedUntil) > now)
}

interface AlertContext {
  locale: string | null | undefined
  prefs: AlertPrefs
  now: number
  /** The attention_required reason of orders that now need attention. */
  reasons?: ReadonlyMap<number, string>
  /** The profile whose orders these are: a click after switching to another one must not open that one's order of the same number. */
  profileId?: string
}

/** The desktop alerts for one poll's changes, after the user's preferences. */
export function alertsFor(changes: readonly OrderChange[], c: AlertContext): Alert[] {
  if (alertsPaused(c.prefs, c.now)) return []
  // A status the app does not know yet is always worth an alert: no preference could have excluded it.
  const wanted = changes.filter((ch) => !isKnownStatus(ch.to) || c.prefs.statuses.includes(ch.to))
  if (!wanted.length) return []
  const t = orderAlertTexts(languageOrFallback(c.locale))
  const of = c.profileId ? { profileId: c.profileId } : {}
  if (wanted.length > COALESCE_ABOVE) {
    const byStatus = new Map<string, number>()
    for (const ch of wanted) byStatus.set(ch.to, (byStatus.get(ch.to) ?? 0) + 1)
    const body = [...byStatus].map(([s, n]) => t.statusCount(statusLabel(t.status, s), n)).join(' · ')
    // A click shows exactly these orders (the orders list, filtered to them), as one order's alert opens it.
    const orderIds = [...new Set(wanted.map((ch) => ch.orderId))]
    const target = orderIds.length <= ORDER_FILTER_IDS_MAX ? { target: { kind: 'orders' as const, orderIds, ...of } } : {}
    return [{ id: `orders-${wanted[0]!.at}-${wanted.length}`, title: t.summaryTitle(wanted.length), body, ...target, statusOf: { orderIds, ...of } }]
  }
  return wanted.map((ch) => {
    const lines = [ch.purchaseOrderNumber ? t.purchaseOrder(ch.purchaseOrderNumber) : t.noPurchaseOrder]
    if (ch.from) lines[0] += ` · ${t.was(statusLabel(t.status, ch.from))}`
    const reason = ch.to === 'ATTENTION_REQUIRED' ? c.reasons?.get(ch.orderId) : undefined
    if (reason) lines.push(t.reason(reason))
    return {
      id: `order-${ch.orderId}-${ch.to}-${ch.at}`,
      title: t.title(ch.orderId, statusLabel(t.status, ch.to)),
      body: lines.join('\n'),
      target: { kind: 'order' as const, orderId: ch.orderId, ...of },
      statusOf: { orderIds: [ch.orderId], ...of },
    }
  })
}
