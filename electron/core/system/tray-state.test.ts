import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../../shared/api'
import { LANGUAGES, languageOrFallback } from '../../../shared/locales/languages'
import { trayMessages, type TrayMessages } from './tray-texts'
import { initialTrayState, RECENT_MAX, reduceTray, trayIcon, trayMenu, trayTooltip, type TrayState } from './tray-state'

const en = trayMessages('en')
const connected = (over: Partial<TrayState> = {}): TrayState => ({ ...initialTrayState, connected: true, online: true, ...over })
const status = (online: boolean, demo = false, locale = 'de_DE') => ({
  profile: { id: 'p', name: 'Main', baseUrl: 'https://x', clientId: 'c', demo, active: true },
  online,
  user: { locale },
  actingOrganisation: null,
  lastError: null,
  revision: 1,
})
const change = (orderId: number, to: string, po: string | null = null) => ({ orderId, purchaseOrderNumber: po, from: 'PROCESSING', to, at: '2026-01-01T10:00:00' })

describe('tray state from core events', () => {
  it('follows connection and online events, and takes the language from the signed-in user', () => {
    let s = reduceTray(initialTrayState, 'connection.changed', status(true, true))
    expect(s).toMatchObject({ connected: true, online: true, demo: true, locale: 'de_DE' })
    s = reduceTray(s, 'system.online', { online: false, checkedAt: 'now' })
    expect(s.online).toBe(false)
    expect(trayIcon(s)).toBe('offline')
    s = reduceTray(s, 'connection.changed', { ...status(false), profile: null, user: null })
    expect(s).toMatchObject({ connected: false, locale: 'de_DE' })
  })

  it('names the environment in the tooltip and the menu: production and staging always, demo data for a demo', () => {
    const withEnv = (environment: string, demo = false) => reduceTray(initialTrayState, 'connection.changed', { ...status(true, demo), profile: { ...status(true, demo).profile, environment } })
    const production = withEnv('production')
    expect(production.environment).toBe('production')
    expect(trayTooltip(production, en)).toBe('Wholesale Desk — Online (PRODUCTION)')
    expect(trayMenu(production, en)[0]).toMatchObject({ label: 'Wholesale Desk — Online (PRODUCTION)' })
    expect(trayTooltip(withEnv('staging'), en)).toBe('Wholesale Desk — Online (staging)')
    expect(trayTooltip(withEnv('demo', true), en)).toBe('Wholesale Desk — Online (demo data)')
    expect(trayTooltip(withEnv('production'), trayMessages('de'))).toContain('(PRODUKTION)')
    // Not connected: no environment is named.
    expect(trayTooltip(reduceTray(production, 'connection.changed', { ...status(false), profile: null, user: null }), en)).toBe('Wholesale Desk — Not connected')
  })

  it('says signed out, not online, while the service refuses the connection’s credentials, and online again once it takes them', () => {
    const refused = reduceTray(initialTrayState, 'connection.changed', { ...status(true), credentials: 'refused' })
    expect(refused).toMatchObject({ connected: true, online: true, signedOut: true })
    expect(trayIcon(refused)).toBe('offline')
    expect(trayTooltip(refused, en)).toBe('Wholesale Desk — Signed out: credentials refused')
    expect(trayMenu(refused, en)[0]).toMatchObject({ label: 'Wholesale Desk — Signed out: credentials refused' })
    expect(trayTooltip(refused, trayMessages('de'))).toContain('Abgemeldet')
    // The reachability event alone does not sign it back in.
    expect(reduceTray(refused, 'system.online', { online: true, checkedAt: 'now' }).signedOut).toBe(true)
    const accepted = reduceTray(refused, 'connection.changed', { ...status(true), credentials: 'accepted' })
    expect(trayTooltip(accepted, en)).toBe('Wholesale Desk — Online')
    expect(trayIcon(accepted)).toBe('online')
  })

  it('shows alerts paused as the core’s alert preferences say, wherever they were changed', () => {
    const paused = reduceTray(connected(), 'orders.alertPrefsChanged', { statuses: ['SHIPPED'], paused: true, pausedUntil: null })
    expect(paused.alertsPaused).toBe(true)
    expect(reduceTray(paused, 'orders.alertPrefsChanged', { statuses: ['SHIPPED'], paused: false, pausedUntil: null }).alertsPaused).toBe(false)
    expect(reduceTray(paused, 'orders.alertPrefsChanged', { paused: 'yes' })).toBe(paused)
  })

  it('counts the outbox and shows work in flight', () => {
    const s = reduceTray(connected(), 'outbox.changed', { queued: 3, sending: 1, needsReview: 0, rejected: 0 })
    expect(s.outbox).toEqual({ queued: 3, sending: 1, needsReview: 0, rejected: 0 })
    expect(trayIcon(s)).toBe('sending')
    expect(trayTooltip(s, en)).toBe('Wholesale Desk — Online · 3 submissions queued · 1 sending')
  })

  it('keeps the latest order changes, newest first, at most five', () => {
    let s = connected()
    s = reduceTray(s, 'orders.changed', { changes: [change(1, 'ACCEPTED'), change(2, 'SHIPPED', 'PO-7')], open: 4, attention: 0, at: 'x' })
    expect(s.recent.map((r) => r.orderId)).toEqual([2, 1])
    s = reduceTray(s, 'orders.changed', { changes: [3, 4, 5, 6, 1].map((id) => change(id, 'COMPLETE')), open: 2, attention: 0, at: 'x' })
    expect(s.recent.map((r) => r.orderId)).toEqual([1, 6, 5, 4, 3])
    expect(s.recent).toHaveLength(RECENT_MAX)
    expect(s.orders).toEqual({ open: 2, attention: 0 })
  })

  // The menu's order opened its number in whichever profile was connected when clicked, after a switch another order.
  it('opens each recent order with the profile it was seen in, so a click after switching profiles says whose it is', () => {
    let s = reduceTray(initialTrayState, 'connection.changed', status(true))
    s = reduceTray(s, 'orders.changed', { changes: [change(7, 'SHIPPED')], open: 1, attention: 0, at: 'x' })
    s = reduceTray(s, 'connection.changed', { ...status(true), profile: { ...status(true).profile, id: 'q' } })
    s = reduceTray(s, 'orders.changed', { changes: [change(8, 'ACCEPTED')], open: 1, attention: 0, at: 'x' })
    const actions = trayMenu(s, en).flatMap((i) => (i.type === 'normal' && i.action?.kind === 'openOrder' ? [i.action] : []))
    expect(actions).toEqual([
      { kind: 'openOrder', orderId: 8, profileId: 'q' },
      { kind: 'openOrder', orderId: 7, profileId: 'p' },
    ])
  })

  // Order numbers are each profile's own: profile B's 1042 is another order than profile A's.
  it('keeps another profile’s change of the same order number when an order of the connected profile changes', () => {
    const profile = (id: string, name: string) => ({ ...status(true), profile: { ...status(true).profile, id, name } })
    let s = reduceTray(initialTrayState, 'connection.changed', profile('a', 'Clinic A'))
    s = reduceTray(s, 'orders.changed', { changes: [change(1042, 'ACCEPTED')], open: 1, attention: 0, at: 'x' })
    s = reduceTray(s, 'connection.changed', profile('b', 'Clinic B'))
    s = reduceTray(s, 'orders.changed', { changes: [change(1042, 'SHIPPED')], open: 1, attention: 0, at: 'x' })
    s = reduceTray(s, 'connection.changed', profile('a', 'Clinic A'))
    s = reduceTray(s, 'orders.changed', { changes: [change(1042, 'SHIPPED')], open: 1, attention: 0, at: 'x' })
    const orders = trayMenu(s, en).flatMap((i) => (i.type === 'normal' && i.action?.kind === 'openOrder' ? [i.label.trim()] : []))
    expect(orders).toEqual(['Order 1042: Shipped · Clinic A', 'Order 1042: Shipped · Clinic B'])
    // Its own older entry of that order is replaced, not listed twice.
    expect(s.recent.map((r) => [r.profileId, r.orderId, r.status])).toEqual([
      ['a', 1042, 'SHIPPED'],
      ['b', 1042, 'SHIPPED'],
    ])
  })

  it('puts "needs attention" above everything else', () => {
    const s = reduceTray(connected({ online: false }), 'orders.changed', { changes: [change(9, 'ATTENTION_REQUIRED')], open: 1, attention: 1, at: 'x' })
    expect(trayIcon(s)).toBe('attention')
    expect(trayIcon(reduceTray(connected(), 'outbox.changed', { queued: 0, sending: 0, needsReview: 2, rejected: 0 }))).toBe('attention')
    expect(trayIcon(connected())).toBe('online')
    expect(trayIcon(initialTrayState)).toBe('offline')
  })

  it('ignores unknown events and malformed payloads instead of breaking', () => {
    const s = connected()
    expect(reduceTray(s, 'catalogue.syncProgress', { whatever: 1 })).toBe(s)
    expect(reduceTray(s, 'outbox.changed', 'garbage')).toBe(s)
    expect(reduceTray(s, 'orders.changed', null)).toBe(s)
    expect(reduceTray(s, 'connection.changed', { profile: 5 })).toBe(s)
    // A grown payload still reads: unknown fields are fine, bad counts count as zero.
    expect(reduceTray(s, 'outbox.changed', { queued: 2, sending: -1, extra: true }).outbox).toEqual({ queued: 2, sending: 0, needsReview: 0, rejected: 0 })
  })
})

describe('tray menu', () => {
  const labels = (s: TrayState, m: TrayMessages = en) => trayMenu(s, m).map((i) => (i.type === 'separator' ? '—' : i.label.trim()))

  it('lists latest changes, queued submissions, Sync now, Open, Pause alerts and Quit', () => {
    let s = reduceTray(connected(), 'orders.changed', { changes: [change(42, 'SHIPPED', 'PO-1')], open: 1, attention: 0, at: 'x' })
    s = reduceTray(s, 'outbox.changed', { queued: 2, sending: 1, needsReview: 0, rejected: 0 })
    expect(labels({ ...s, openAtLogin: false })).toEqual([
      'Wholesale Desk — Online',
      '—',
      'Latest changes',
      'Order 42 (PO-1): Shipped',
      '—',
      '2 submissions queued',
      '1 sending',
      '—',
      'Sync now',
      'Open Wholesale Desk',
      '—',
      'Pause alerts',
      'Keep running when the window is closed',
      'Start at login',
      '—',
      'Quit',
    ])
    const order = trayMenu(s, en).find((i) => i.type === 'normal' && i.label.includes('Order 42'))
    expect(order).toMatchObject({ action: { kind: 'openOrder', orderId: 42 } })
  })

  it('leaves out what this build or platform does not have', () => {
    const l = labels({ ...initialTrayState, openAtLogin: null })
    expect(l).not.toContain('Start at login')
    expect(l.some((x) => x.includes('queued'))).toBe(false)
    expect(l).toContain('No recent changes')
    expect(trayMenu(initialTrayState, en).find((i) => i.type === 'normal' && i.label === 'Sync now')).toMatchObject({ enabled: false })
  })

  it('shows the checkboxes in their current state', () => {
    const items = trayMenu(connected({ alertsPaused: true, keepInTray: false, openAtLogin: true }), en)
    const box = (label: string) => items.find((i) => i.type === 'checkbox' && i.label === label)
    expect(box('Pause alerts')).toMatchObject({ checked: true, action: { kind: 'togglePauseAlerts' } })
    expect(box('Keep running when the window is closed')).toMatchObject({ checked: false })
    expect(box('Start at login')).toMatchObject({ checked: true })
  })

  it('speaks the user’s language', () => {
    const s = reduceTray(connected({ locale: 'fr_FR' }), 'outbox.changed', { queued: 1, sending: 0, needsReview: 0, rejected: 0 })
    const fr = trayMessages(s.locale)
    expect(labels(s, fr)).toContain('Synchroniser maintenant')
    expect(trayTooltip(s, fr)).toBe('Wholesale Desk — En ligne · 1 envoi en attente')
    expect(labels(connected(), trayMessages('de-CH'))[0]).toBe('Wholesale Desk — Online')
    expect(labels(connected(), trayMessages('nl'))).toContain('Afsluiten')
  })

  it("speaks the window's language over the account's, also after the account signs in again", () => {
    let s = reduceTray(connected({ locale: 'en_GB' }), 'system.languageChanged', { language: 'fr' })
    expect(s.locale).toBe('fr')
    s = reduceTray(s, 'connection.changed', status(true, false, 'de_DE'))
    expect(trayTooltip(s, trayMessages(s.locale))).toBe('Wholesale Desk — En ligne')
  })
})

describe('tray messages', () => {
  it('picks one of the six languages from a locale, English otherwise', () => {
    expect(languageOrFallback('de_DE')).toBe('de')
    expect(languageOrFallback('es-419')).toBe('es')
    expect(languageOrFallback('IT')).toBe('it')
    expect(languageOrFallback('pt_BR')).toBe('en')
    expect(languageOrFallback(null)).toBe('en')
    expect(languageOrFallback('')).toBe('en')
    expect(trayMessages('pt_BR').quit).toBe('Quit')
  })

  it('has every message, every order status and working plurals in all six languages', () => {
    const shape = (m: TrayMessages) => Object.keys(m).sort()
    for (const lang of LANGUAGES) {
      const m = trayMessages(lang)
      expect(shape(m), lang).toEqual(shape(en))
      for (const [key, value] of Object.entries(m)) if (typeof value === 'string') expect(value.trim(), `${lang}.${key}`).not.toBe('')
      expect(Object.keys(m.status).sort(), lang).toEqual([...ORDER_STATUSES].sort())
      for (const n of [1, 2, 17]) {
        for (const f of [m.queued, m.sending, m.needsReview, m.attention]) expect(f(n), lang).toContain(String(n))
      }
      expect(m.orderChange('7', m.status.SHIPPED)).toContain('7')
      if (lang !== 'en') expect(m.syncNow, lang).not.toBe(en.syncNow)
    }
    expect(trayMessages('de').queued(1)).not.toBe(trayMessages('de').queued(2).replace('2', '1'))
    // French counts zero in the singular, English in the plural.
    expect([0, 1, 2].map((n) => trayMessages('fr').queued(n))).toEqual(['0 envoi en attente', '1 envoi en attente', '2 envois en attente'])
    expect([0, 1, 2].map((n) => trayMessages('en').queued(n))).toEqual(['0 submissions queued', '1 submission queued', '2 submissions queued'])
  })
})
