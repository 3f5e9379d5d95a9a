import type { OrderStatus } from '../../../shared/api'
import { DESKTOP_MESSAGES } from '../../../shared/locales/desktop-messages'
import { formatMessage } from '../../../shared/locales/format-message'
import { languageOrFallback } from '../../../shared/locales/languages'

/** The tray's words (its tooltip, its menu, the close-to-tray hint the shell shows), from shared/locales/<language>/tray.json. */
export interface TrayMessages {
  appName: string
  online: string
  offline: string
  /** The service refused the connection's credentials (or its secret is gone from the keychain). */
  signedOut: string
  notConnected: string
  demo: string
  /** The service's test deployment, and the live one (real orders): shown beside the online state. */
  staging: string
  production: string
  latestChanges: string
  noRecentChanges: string
  orderChange(order: string, status: string): string
  /** The same, naming the connection profile it belongs to (when the menu lists changes of several). */
  orderChangeOfProfile(order: string, status: string, profile: string): string
  /** A profile's name with what tells it from another of the same name (its service's address, its user). */
  profileWithDetail(name: string, detail: string): string
  queued(n: number): string
  sending(n: number): string
  needsReview(n: number): string
  attention(n: number): string
  syncNow: string
  open: string
  pauseAlerts: string
  keepInTray: string
  startAtLogin: string
  quit: string
  trayHintTitle: string
  trayHintBody: string
  status: Readonly<Record<OrderStatus, string>>
}

/** The tray's words for a locale ("de_DE", "fr", null): its language when the app has it, English otherwise. */
export function trayMessages(locale: string | null | undefined): TrayMessages {
  const { tray: m, status } = DESKTOP_MESSAGES[languageOrFallback(locale)]
  const count = (message: string) => (n: number) => formatMessage(message, {}, n)
  return {
    ...m,
    orderChange: (order, s) => formatMessage(m.orderChange, { order, status: s }),
    orderChangeOfProfile: (order, s, profile) => formatMessage(m.orderChangeOfProfile, { order, status: s, profile }),
    profileWithDetail: (name, detail) => formatMessage(m.profileWithDetail, { name, detail }),
    queued: count(m.queued),
    sending: count(m.sending),
    needsReview: count(m.needsReview),
    attention: count(m.attention),
    status,
  }
}
