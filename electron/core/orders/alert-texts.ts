import type { Language, OrderStatus } from '../../../shared/api'
import { ORDER_STATUS_LABELS } from '../../../shared/i18n/order-status-labels'

/**
 * The words of desktop alerts, in the six languages of the service (spec 2.5 user_language). The
 * shell shows them outside any window, so they cannot come from the renderer's vue-i18n.
 */
interface AlertTexts {
  status: Record<OrderStatus, string>
  title(id: number, status: string): string
  purchaseOrder(po: string): string
  noPurchaseOrder: string
  was(status: string): string
  reason(text: string): string
  summaryTitle(n: number): string
}

export const ALERT_TEXTS: Record<Language, AlertTexts> = {
  en: {
    status: ORDER_STATUS_LABELS.en,
    title: (id, s) => `Order ${id}: ${s}`,
    purchaseOrder: (po) => `Purchase order ${po}`,
    noPurchaseOrder: 'No purchase order number',
    was: (s) => `was ${s}`,
    reason: (t) => `Reason: ${t}`,
    summaryTitle: (n) => `${n} orders changed status`,
  },
  de: {
    status: ORDER_STATUS_LABELS.de,
    title: (id, s) => `Bestellung ${id}: ${s}`,
    purchaseOrder: (po) => `Bestellnummer ${po}`,
    noPurchaseOrder: 'Ohne Bestellnummer',
    was: (s) => `vorher ${s}`,
    reason: (t) => `Grund: ${t}`,
    summaryTitle: (n) => `${n} Bestellungen haben einen neuen Status`,
  },
  es: {
    status: ORDER_STATUS_LABELS.es,
    title: (id, s) => `Pedido ${id}: ${s}`,
    purchaseOrder: (po) => `Orden de compra ${po}`,
    noPurchaseOrder: 'Sin número de orden de compra',
    was: (s) => `antes ${s}`,
    reason: (t) => `Motivo: ${t}`,
    summaryTitle: (n) => `${n} pedidos cambiaron de estado`,
  },
  fr: {
    status: ORDER_STATUS_LABELS.fr,
    title: (id, s) => `Commande ${id} : ${s}`,
    purchaseOrder: (po) => `Bon de commande ${po}`,
    noPurchaseOrder: 'Sans numéro de bon de commande',
    was: (s) => `auparavant ${s}`,
    reason: (t) => `Motif : ${t}`,
    summaryTitle: (n) => `${n} commandes ont changé de statut`,
  },
  it: {
    status: ORDER_STATUS_LABELS.it,
    title: (id, s) => `Ordine ${id}: ${s}`,
    purchaseOrder: (po) => `Ordine d'acquisto ${po}`,
    noPurchaseOrder: "Senza numero d'ordine d'acquisto",
    was: (s) => `prima ${s}`,
    reason: (t) => `Motivo: ${t}`,
    summaryTitle: (n) => `${n} ordini hanno cambiato stato`,
  },
  nl: {
    status: ORDER_STATUS_LABELS.nl,
    title: (id, s) => `Bestelling ${id}: ${s}`,
    purchaseOrder: (po) => `Inkooporder ${po}`,
    noPurchaseOrder: 'Zonder inkoopordernummer',
    was: (s) => `was ${s}`,
    reason: (t) => `Reden: ${t}`,
    summaryTitle: (n) => `${n} bestellingen hebben een nieuwe status`,
  },
}

/** The alert language from the current user's locale ("de-CH", "fr_FR", "nl"); English otherwise. */
export function alertLanguage(locale: string | null | undefined): Language {
  const code = (locale ?? '').slice(0, 2).toLowerCase()
  return code in ALERT_TEXTS ? (code as Language) : 'en'
}
