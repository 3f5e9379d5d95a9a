import { z } from 'zod'
import { ServiceOrderStatus } from '../../../shared/api'
import { statusLabel } from '../../../shared/locales/status-labels'
import { isSignedOut } from '../../../shared/model/connection'
import type { TrayMessages } from './tray-texts'

/**
 * What the tray shows, folded from core events. Events are read by name and checked loosely here,
 * so the tray keeps working when a feature (outbox, order watcher) is absent or its payload grows.
 * Plain data and words, built here under plain Node; the shell (electron/main/tray.ts) only renders it.
 */
export interface TrayState {
  connected: boolean
  /** The connected profile: the order watcher's changes are its orders. */
  profileId: string | null
  /** Its display name, which names a recent change's profile when the list holds more than one. */
  profileName: string | null
  /** What tells it from a saved profile of the same name (Profile.nameDetail); null when its name is its own. */
  profileDetail: string | null
  online: boolean
  /** The service refused the profile's credentials (or the keychain lost its secret): nothing works, reachable or not. */
  signedOut: boolean
  demo: boolean
  /** Where orders go: demo, staging or production; null when not connected. */
  environment: 'demo' | 'staging' | 'production' | null
  /** The tray's language: the window's (once it said), else the signed-in user's locale; null until known. */
  locale: string | null
  /** The language the window shows, which wins over the account's. */
  windowLanguage: string | null
  outbox: { queued: number; sending: number; needsReview: number; rejected: number } | null
  orders: { open: number; attention: number } | null
  /** With the profile the change was seen in: opened after a switch, the window says whose order it is. */
  recent: Array<{ orderId: number; label: string | null; status: ServiceOrderStatus; at: string; profileId: string | null; profileName: string | null; profileDetail: string | null }>
  alertsPaused: boolean
  keepInTray: boolean
  /** null where the OS offers no login item (or it cannot be changed). */
  openAtLogin: boolean | null
}

export const RECENT_MAX = 5

export const initialTrayState: TrayState = {
  connected: false,
  profileId: null,
  profileName: null,
  profileDetail: null,
  online: false,
  signedOut: false,
  demo: false,
  environment: null,
  locale: null,
  windowLanguage: null,
  outbox: null,
  orders: null,
  recent: [],
  alertsPaused: false,
  keepInTray: true,
  openAtLogin: null,
}

const count = z.number().int().min(0).catch(0)
const ConnectionChanged = z.object({
  profile: z.object({ id: z.string().nullable().catch(null).optional(), name: z.string().nullable().catch(null).optional(), nameDetail: z.string().nullable().catch(null).optional(), demo: z.boolean().catch(false), environment: z.enum(['demo', 'staging', 'production']).nullable().catch(null).optional() }).loose().nullable(),
  online: z.boolean(),
  credentials: z.string().catch('unchecked').optional(),
  user: z.object({ locale: z.string().catch('') }).loose().nullable().catch(null),
})
const ProfilesChanged = z.object({ profiles: z.array(z.object({ id: z.string(), name: z.string(), nameDetail: z.string().nullable().catch(null).optional() }).loose()).catch([]) })
const LanguageChanged = z.object({ language: z.string().min(2) })
const SystemOnline = z.object({ online: z.boolean() })
const OutboxChanged = z.object({ queued: count, sending: count, needsReview: count.optional(), rejected: count.optional() })
const AlertPrefsChanged = z.object({ paused: z.boolean() })
const Change = z.object({ orderId: z.number().int().positive(), purchaseOrderNumber: z.string().nullable().catch(null), to: ServiceOrderStatus, at: z.string().catch('') }).loose()
const OrdersChanged = z.object({
  changes: z.array(Change).catch([]),
  open: count.optional(),
  attention: count.optional(),
})
/** The watcher's state: its recent changes are the ones orders.db keeps, newest first (read again after a restart). */
const WatchChanged = z.object({ recent: z.array(Change).catch([]) })

/** A change the watcher saw, as the menu lists it: the connected profile's (the watcher watches its orders only). */
const entryOf = (c: z.infer<typeof Change>, state: TrayState): TrayState['recent'][number] => ({
  orderId: c.orderId,
  label: c.purchaseOrderNumber,
  status: c.to,
  at: c.at,
  profileId: state.profileId,
  profileName: state.profileName,
  profileDetail: state.profileDetail,
})

/** Whether two entries are of one order: its number within its profile. */
const sameOrder = (a: TrayState['recent'][number], b: TrayState['recent'][number]): boolean => a.profileId === b.profileId && a.orderId === b.orderId

/** A profile's entries take its name and detail as they are now (renamed, or another of its name saved or gone). */
function relabel(recent: TrayState['recent'], profileId: string, profileName: string | null, profileDetail: string | null): TrayState['recent'] {
  return recent.map((r) => (r.profileId === profileId && (r.profileName !== profileName || r.profileDetail !== profileDetail) ? { ...r, profileName, profileDetail } : r))
}

export function reduceTray(state: TrayState, event: string, payload: unknown): TrayState {
  switch (event) {
    case 'connection.changed': {
      const p = ConnectionChanged.safeParse(payload)
      if (!p.success) return state
      const connected = p.data.profile !== null
      const profileId = p.data.profile?.id ?? null
      const profileName = p.data.profile?.name || null
      const profileDetail = p.data.profile?.nameDetail || null
      const recent = profileId ? relabel(state.recent, profileId, profileName, profileDetail) : state.recent
      return {
        ...state,
        connected,
        profileId,
        profileName,
        profileDetail,
        recent,
        online: p.data.online,
        signedOut: connected && isSignedOut(p.data.credentials),
        demo: p.data.profile?.demo ?? false,
        environment: p.data.profile ? (p.data.profile.environment ?? (p.data.profile.demo ? 'demo' : null)) : null,
        locale: state.windowLanguage ?? (p.data.user?.locale || state.locale),
        ...(connected ? {} : { recent: [], orders: state.orders && { open: 0, attention: 0 } }),
      }
    }
    case 'connection.profilesChanged': {
      // Another profile of the same name saved (or renamed, or gone): the entries of both say which is which.
      const p = ProfilesChanged.safeParse(payload)
      if (!p.success) return state
      let recent = state.recent
      for (const profile of p.data.profiles) recent = relabel(recent, profile.id, profile.name || null, profile.nameDetail || null)
      const active = p.data.profiles.find((profile) => profile.id === state.profileId)
      const profileDetail = active ? active.nameDetail || null : state.profileDetail
      return recent === state.recent && profileDetail === state.profileDetail ? state : { ...state, recent, profileDetail }
    }
    case 'system.languageChanged': {
      const p = LanguageChanged.safeParse(payload)
      return p.success ? { ...state, windowLanguage: p.data.language, locale: p.data.language } : state
    }
    case 'system.online': {
      const p = SystemOnline.safeParse(payload)
      return p.success ? { ...state, online: p.data.online } : state
    }
    case 'outbox.changed': {
      const p = OutboxChanged.safeParse(payload)
      if (!p.success) return state
      return { ...state, outbox: { queued: p.data.queued, sending: p.data.sending, needsReview: p.data.needsReview ?? 0, rejected: p.data.rejected ?? 0 } }
    }
    case 'orders.alertPrefsChanged': {
      const p = AlertPrefsChanged.safeParse(payload)
      return p.success ? { ...state, alertsPaused: p.data.paused } : state
    }
    case 'orders.changed': {
      const p = OrdersChanged.safeParse(payload)
      if (!p.success) return state
      const fresh = p.data.changes.map((c) => entryOf(c, state))
      // Order numbers are each profile's own: another profile's entry of the same number is another order, and stays.
      const recent = [...fresh.reverse(), ...state.recent.filter((r) => !fresh.some((f) => sameOrder(f, r)))].slice(0, RECENT_MAX)
      const orders = { open: p.data.open ?? state.orders?.open ?? 0, attention: p.data.attention ?? state.orders?.attention ?? 0 }
      return { ...state, recent, orders }
    }
    case 'orders.watchChanged': {
      // After a restart the menu lists the changes the connected profile's orders.db kept, not none.
      const p = WatchChanged.safeParse(payload)
      if (!p.success || !state.profileId) return state
      const seen = new Set<number>()
      const mine = p.data.recent
        .filter((c) => !seen.has(c.orderId) && seen.add(c.orderId))
        .map((c) => entryOf(c, state))
      const others = state.recent.filter((r) => r.profileId !== state.profileId)
      const recent = [...mine, ...others].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, RECENT_MAX)
      return JSON.stringify(recent) === JSON.stringify(state.recent) ? state : { ...state, recent }
    }
    default:
      return state
  }
}

export type TrayIcon = 'online' | 'offline' | 'sending' | 'attention'

/** One picture for the state, most urgent first: something needs the user, no service, work in flight, all well. */
export function trayIcon(state: TrayState): TrayIcon {
  if ((state.orders?.attention ?? 0) > 0 || (state.outbox?.needsReview ?? 0) > 0 || (state.outbox?.rejected ?? 0) > 0) return 'attention'
  if (!state.connected || !state.online || state.signedOut) return 'offline'
  if ((state.outbox?.sending ?? 0) > 0 || (state.outbox?.queued ?? 0) > 0) return 'sending'
  return 'online'
}

/** The environment beside the online state: production and staging always, demo data for a demo. */
function environmentWord(state: TrayState, m: TrayMessages): string | null {
  if (state.environment === 'production') return m.production
  if (state.environment === 'staging') return m.staging
  return state.demo || state.environment === 'demo' ? m.demo : null
}

/** Signed out, offline or online: what the connection lets the app do. */
function connectionWord(state: TrayState, m: TrayMessages): string {
  return state.signedOut ? m.signedOut : state.online ? m.online : m.offline
}

export function trayTooltip(state: TrayState, m: TrayMessages): string {
  const parts = [state.connected ? connectionWord(state, m) : m.notConnected]
  const env = state.connected ? environmentWord(state, m) : null
  if (env) parts[0] += ` (${env})`
  if (state.outbox?.queued) parts.push(m.queued(state.outbox.queued))
  if (state.outbox?.sending) parts.push(m.sending(state.outbox.sending))
  const review = (state.outbox?.needsReview ?? 0) + (state.outbox?.rejected ?? 0)
  if (review) parts.push(m.needsReview(review))
  if (state.orders?.attention) parts.push(m.attention(state.orders.attention))
  return `${m.appName} — ${parts.join(' · ')}`
}

export type TrayAction =
  | { kind: 'open' }
  | { kind: 'openOrder'; orderId: number; profileId?: string }
  | { kind: 'syncNow' }
  | { kind: 'togglePauseAlerts' }
  | { kind: 'toggleKeepInTray' }
  | { kind: 'toggleOpenAtLogin' }
  | { kind: 'quit' }

export type TrayMenuItem =
  | { type: 'separator' }
  | { type: 'normal'; label: string; enabled: boolean; action?: TrayAction }
  | { type: 'checkbox'; label: string; checked: boolean; action: TrayAction }

/** The tray menu as data; the shell's tray.ts turns it into an Electron Menu (rebuilt whenever it changes). */
export function trayMenu(state: TrayState, m: TrayMessages): TrayMenuItem[] {
  const env = state.connected ? environmentWord(state, m) : null
  const header = state.connected ? `${connectionWord(state, m)}${env ? ` (${env})` : ''}` : m.notConnected
  const items: TrayMenuItem[] = [{ type: 'normal', label: `${m.appName} — ${header}`, enabled: false }, { type: 'separator' }]
  items.push({ type: 'normal', label: m.latestChanges, enabled: false })
  if (state.recent.length === 0) items.push({ type: 'normal', label: `   ${m.noRecentChanges}`, enabled: false })
  // Order numbers are each profile's own: with changes of two profiles listed, each says whose it is.
  const ofSeveralProfiles = new Set(state.recent.map((r) => r.profileId)).size > 1
  for (const r of state.recent) {
    const ref = r.label ? `${r.orderId} (${r.label})` : String(r.orderId)
    const status = statusLabel(m.status, r.status)
    // Two profiles of the same name: each also says what tells it from the other (its service, its user).
    const profile = r.profileName && r.profileDetail ? m.profileWithDetail(r.profileName, r.profileDetail) : r.profileName
    const label = ofSeveralProfiles && profile ? m.orderChangeOfProfile(ref, status, profile) : m.orderChange(ref, status)
    items.push({ type: 'normal', label: `   ${label}`, enabled: true, action: { kind: 'openOrder', orderId: r.orderId, ...(r.profileId ? { profileId: r.profileId } : {}) } })
  }
  if (state.outbox) {
    items.push({ type: 'separator' })
    items.push({ type: 'normal', label: m.queued(state.outbox.queued), enabled: true, action: { kind: 'open' } })
    if (state.outbox.sending) items.push({ type: 'normal', label: `   ${m.sending(state.outbox.sending)}`, enabled: false })
    const review = state.outbox.needsReview + state.outbox.rejected
    if (review) items.push({ type: 'normal', label: `   ${m.needsReview(review)}`, enabled: true, action: { kind: 'open' } })
  }
  if (state.orders?.attention) items.push({ type: 'normal', label: m.attention(state.orders.attention), enabled: true, action: { kind: 'open' } })
  items.push({ type: 'separator' })
  items.push({ type: 'normal', label: m.syncNow, enabled: state.connected, action: { kind: 'syncNow' } })
  items.push({ type: 'normal', label: m.open, enabled: true, action: { kind: 'open' } })
  items.push({ type: 'separator' })
  items.push({ type: 'checkbox', label: m.pauseAlerts, checked: state.alertsPaused, action: { kind: 'togglePauseAlerts' } })
  items.push({ type: 'checkbox', label: m.keepInTray, checked: state.keepInTray, action: { kind: 'toggleKeepInTray' } })
  if (state.openAtLogin !== null) items.push({ type: 'checkbox', label: m.startAtLogin, checked: state.openAtLogin, action: { kind: 'toggleOpenAtLogin' } })
  items.push({ type: 'separator' })
  items.push({ type: 'normal', label: m.quit, enabled: true, action: { kind: 'quit' } })
  return items
}
