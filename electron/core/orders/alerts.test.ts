import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../../shared/api'
import { ORDER_FILTER_IDS_MAX } from '../../../shared/model/order'
import { AlertPrefs, type OrderChange } from '../../../shared/model/order-watch'
import { LANGUAGES, languageOrFallback } from '../../../shared/locales/languages'
import { alertsFor, COALESCE_ABOVE } from './alerts'
import { orderAlertTexts } from './order-alert-texts'

const now = Date.UTC(2026, 10, 22, 10)
const at = new Date(now).toISOString()
const change = (orderId: number, to: OrderChange['to'], from: OrderChange['from'] = 'PROCESSING', po: string | null = `PO-${orderId}`): OrderChange => ({
  orderId,
  purchaseOrderNumber: po,
  from,
  to,
  at,
})
const prefs = AlertPrefs.parse({})

describe('order alerts', () => {
  it('says which order, which purchase order and the new status, and opens that order', () => {
    const [a, ...rest] = alertsFor([change(41, 'SHIPPED', 'ACCEPTED')], { locale: 'en-GB', prefs, now })
    expect(rest).toEqual([])
    expect(a).toMatchObject({ title: 'Order 41: Shipped', target: { kind: 'order', orderId: 41 } })
    expect(a!.body).toContain('PO-41')
    expect(a!.body).toBe('Purchase order PO-41 · previous status: Accepted')
  })

  it('names the status before the change as such in every language (Spanish read "antes Creado", Italian "prima Creato")', () => {
    const body = (locale: string) => alertsFor([change(41, 'SHIPPED', 'CREATED')], { locale, prefs, now })[0]!.body
    expect(LANGUAGES.map((l) => body(l))).toEqual([
      'Bestellnummer PO-41 · vorheriger Status: Angelegt',
      'Purchase order PO-41 · previous status: Created',
      'Orden de compra PO-41 · estado anterior: Creado',
      'Bon de commande PO-41 · statut précédent\u202f: Créée',
      'Ordine d’acquisto PO-41 · stato precedente: Creato',
      'Inkooporder PO-41 · vorige status: Aangemaakt',
    ])
  })

  it('names the profile whose orders they are: a click after a switch must not open another service’s order of that number', () => {
    const profileId = 'p-1'
    expect(alertsFor([change(41, 'SHIPPED')], { locale: 'en', prefs, now, profileId })[0]!.target).toEqual({ kind: 'order', orderId: 41, profileId })
    const many = [1, 2, 3, 4].map((id) => change(id, 'SHIPPED'))
    expect(alertsFor(many, { locale: 'en', prefs, now, profileId })[0]!.target).toEqual({ kind: 'orders', orderIds: [1, 2, 3, 4], profileId })
  })

  it('says whose orders’ status it tells, so that a later alert of a newer status replaces it in the window’s strip, however many they are', () => {
    const profileId = 'p-1'
    expect(alertsFor([change(41, 'SHIPPED')], { locale: 'en', prefs, now, profileId })[0]!.statusOf).toEqual({ orderIds: [41], profileId })
    const many = Array.from({ length: ORDER_FILTER_IDS_MAX + 1 }, (_, k) => change(k + 1, 'SHIPPED'))
    // Too many for a click to list them: still each of them, in a newer status than any alert before.
    const [grouped] = alertsFor(many, { locale: 'en', prefs, now, profileId })
    expect(grouped!.target).toBeUndefined()
    expect(grouped!.statusOf).toEqual({ orderIds: many.map((c) => c.orderId), profileId })
  })

  it("speaks the user's language and falls back to English", () => {
    expect(alertsFor([change(7, 'SHIPPED')], { locale: 'de_DE', prefs, now })[0]!.title).toBe('Bestellung 7: Versandt')
    expect(alertsFor([change(7, 'CANCELLED')], { locale: 'fr', prefs, now })[0]!.title).toBe('Commande 7\u202f: Annulée')
    expect(alertsFor([change(7, 'SHIPPED')], { locale: 'pt-BR', prefs, now })[0]!.title).toBe('Order 7: Shipped')
    expect(languageOrFallback(undefined)).toBe('en')
  })

  it('has every status named in all six languages', () => {
    for (const lang of LANGUAGES) {
      const t = orderAlertTexts(lang)
      for (const s of ORDER_STATUSES) expect(t.status[s], `${lang} ${s}`).toMatch(/\S/)
    }
  })

  it('gives the reason when an order needs attention', () => {
    const [a] = alertsFor([change(9, 'ATTENTION_REQUIRED')], { locale: 'en', prefs, now, reasons: new Map([[9, 'Credit limit reached']]) })
    expect(a!.body).toContain('Credit limit reached')
    expect(alertsFor([change(9, 'SHIPPED', 'ACCEPTED', null)], { locale: 'en', prefs, now })[0]!.body).toContain('No purchase order number')
  })

  it('by default alerts what a rep acts on (shipped, attention required, failed, cancelled); the other statuses are opt-in', () => {
    const all = ORDER_STATUSES.filter((s) => s !== 'DRAFT').map((s, i) => change(i + 1, s))
    const titles = (p: AlertPrefs) => alertsFor(all, { locale: 'en', prefs: p, now }).flatMap((a) => (a.target?.kind === 'order' ? [a.title] : a.body.split(' · ')))
    expect(titles(prefs).sort()).toEqual(['Cancelled: 1', 'Failed: 1', 'Needs attention: 1', 'Shipped: 1'])
    expect(alertsFor([change(1, 'ACCEPTED'), change(2, 'COMPLETE')], { locale: 'en', prefs, now })).toEqual([])
    expect(alertsFor([change(1, 'ACCEPTED')], { locale: 'en', prefs: AlertPrefs.parse({ statuses: ['ACCEPTED'] }), now })).toHaveLength(1)
  })

  it('coalesces many changes at once into one summary', () => {
    const prefs = AlertPrefs.parse({ statuses: ORDER_STATUSES })
    const many = [change(1, 'SHIPPED'), change(2, 'SHIPPED'), change(3, 'ACCEPTED'), change(4, 'SHIPPED')]
    expect(alertsFor(many.slice(0, COALESCE_ABOVE), { locale: 'en', prefs, now })).toHaveLength(COALESCE_ABOVE)
    const alerts = alertsFor(many, { locale: 'en', prefs, now })
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.title).toBe('4 orders changed status')
    expect(alerts[0]!.body).toBe('Shipped: 3 · Accepted: 1')
    // In French the colon keeps its no-break space: "Expédiée" never ends a line with ": 3" starting the next.
    expect(alertsFor(many, { locale: 'fr', prefs, now })[0]!.body).toBe('Expédiée\u202f: 3 · Acceptée\u202f: 1')
    // Its click shows those orders, as one order's alert opens that order.
    expect(alerts[0]!.target).toEqual({ kind: 'orders', orderIds: [1, 2, 3, 4] })
  })

  it('follows the preferences: chosen statuses only, nothing while paused', () => {
    const onlyShipped = AlertPrefs.parse({ statuses: ['SHIPPED'] })
    expect(alertsFor([change(1, 'ACCEPTED'), change(2, 'SHIPPED')], { locale: 'en', prefs: onlyShipped, now }).map((a) => (a.target?.kind === 'order' ? a.target.orderId : undefined))).toEqual([2])
    expect(alertsFor([change(1, 'SHIPPED')], { locale: 'en', prefs: AlertPrefs.parse({ paused: true }), now })).toEqual([])
    const until = (ms: number) => AlertPrefs.parse({ pausedUntil: new Date(now + ms).toISOString() })
    expect(alertsFor([change(1, 'SHIPPED')], { locale: 'en', prefs: until(60_000), now })).toEqual([])
    expect(alertsFor([change(1, 'SHIPPED')], { locale: 'en', prefs: until(-60_000), now })).toHaveLength(1)
  })
})
