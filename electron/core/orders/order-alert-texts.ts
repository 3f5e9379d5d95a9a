import type { OrderStatus } from '../../../shared/api'
import { DESKTOP_MESSAGES } from '../../../shared/locales/desktop-messages'
import { formatMessage } from '../../../shared/locales/format-message'
import type { Language } from '../../../shared/locales/languages'

/**
 * The words of order alerts (shared/locales/<language>/alerts.json). The shell shows them outside
 * any window, so they cannot come from the renderer's vue-i18n.
 */
export interface OrderAlertTexts {
  status: Readonly<Record<OrderStatus, string>>
  title(id: number, status: string): string
  purchaseOrder(po: string): string
  noPurchaseOrder: string
  was(status: string): string
  reason(text: string): string
  summaryTitle(n: number): string
  /** One status's count in a summary ("Shipped: 3"): the colon as the language writes it. */
  statusCount(status: string, n: number): string
}

export function orderAlertTexts(language: Language): OrderAlertTexts {
  const { alerts: m, status } = DESKTOP_MESSAGES[language]
  return {
    status,
    title: (id, s) => formatMessage(m.title, { id, status: s }),
    purchaseOrder: (po) => formatMessage(m.purchaseOrder, { po }),
    noPurchaseOrder: m.noPurchaseOrder,
    was: (s) => formatMessage(m.was, { status: s }),
    reason: (text) => formatMessage(m.reason, { text }),
    summaryTitle: (n) => formatMessage(m.summaryTitle, {}, n),
    statusCount: (status, n) => formatMessage(m.statusCount, { status, n }),
  }
}
