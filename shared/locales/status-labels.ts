import { isKnownStatus, type OrderStatus } from '../api'
import { DESKTOP_MESSAGES } from './desktop-messages'
import type { Language } from './languages'
import { readableCode } from './readable-code'

/** The order statuses' names in a language (status.json): alerts, the tray and the renderer call a status the same. */
export function statusLabels(language: Language): Readonly<Record<OrderStatus, string>> {
  return DESKTOP_MESSAGES[language].status
}

/** A status in words: the table's name for a known one, one a later service adds made readable ("ON_HOLD" → "On hold"). */
export function statusLabel(labels: Readonly<Record<OrderStatus, string>>, status: string): string {
  return isKnownStatus(status) ? labels[status] : readableCode(status)
}
