import { describe, expect, it } from 'vitest'
import type { OrderStatus } from '../../../shared/api'
import { coreSuite, type CoreUnderTest } from '../../../tests/support/core/core-suite'
import { testKeychain } from '../../../tests/support/core/test-keychain'
import { trayMessages } from './tray-texts'
import { initialTrayState, reduceTray, trayMenu } from './tray-state'

// The tray menu as the shell builds it, from the events of a real core watching a sandbox's orders.
const suite = coreSuite({ testMode: true, products: 50, orders: 60, speed: 0, tokenTtlSeconds: 36_000 })

const used = new Set<number>()
/** An order of the seed in that status not used yet, and how the menu refers to it. */
function take(status: OrderStatus): { id: number; ref: string } {
  const found = suite.sandbox.control.listOrdersRaw().find((o) => o.status === status && !used.has(o.id))
  if (!found) throw new Error(`the sandbox seed has no unused ${status} order`)
  used.add(found.id)
  return { id: found.id, ref: found.purchase_order_number ? `${found.id} (${found.purchase_order_number})` : String(found.id) }
}

async function useProfile(t: CoreUnderTest, name: string, baseUrl = suite.sandbox.baseUrl): Promise<string> {
  const { clientId, clientSecret } = suite.sandbox.demo
  const profile = await t.call<{ id: string }>('connection.save', { name, baseUrl, clientId, clientSecret })
  await t.call('connection.activate', { id: profile.id })
  await t.call('orders.pollNow')
  return profile.id
}

/** The menu's recent-order entries, from every event the core announced so far. */
function orderEntries(t: CoreUnderTest, locale = 'en') {
  const state = t.events.reduce((s, e) => reduceTray(s, e.event, e.payload), initialTrayState)
  return trayMenu(state, trayMessages(locale)).flatMap((i) => (i.type === 'normal' && i.action?.kind === 'openOrder' ? [{ label: i.label.trim(), action: i.action }] : []))
}

describe('tray menu with two connection profiles', () => {
  it('names the profile of each recent order once changes of two profiles are listed, and none while all are one profile’s', async () => {
    const t = await suite.start()
    const north = await useProfile(t, 'North account')
    const shipped = take('PROCESSING')
    suite.sandbox.control.transition(shipped.id, 'SHIPPED')
    await t.call('orders.pollNow')
    expect(orderEntries(t)).toEqual([{ label: `Order ${shipped.ref}: Shipped`, action: { kind: 'openOrder', orderId: shipped.id, profileId: north } }])

    const south = await useProfile(t, 'South account')
    const failed = take('PROCESSING')
    suite.sandbox.control.transition(failed.id, 'FAILED')
    await t.call('orders.pollNow')
    expect(orderEntries(t)).toEqual([
      { label: `Order ${failed.ref}: Failed · South account`, action: { kind: 'openOrder', orderId: failed.id, profileId: south } },
      { label: `Order ${shipped.ref}: Shipped · North account`, action: { kind: 'openOrder', orderId: shipped.id, profileId: north } },
    ])
    expect(orderEntries(t, 'fr').map((e) => e.label)).toEqual([`Commande ${failed.ref}\u202f: Échouée · South account`, `Commande ${shipped.ref}\u202f: Expédiée · North account`])

    // A profile renamed in Settings: its entries take the new name.
    await t.call('connection.save', { id: south, name: 'South (Lyon)', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId })
    expect(orderEntries(t)[0]!.label).toBe(`Order ${failed.ref}: Failed · South (Lyon)`)
  })

  it('tells two profiles of the same name apart by their service’s address, only while another has that name', async () => {
    const t = await suite.start()
    // The same service under two addresses: to the app, two services (production and staging, say).
    const url = new URL(suite.sandbox.baseUrl)
    const other = suite.sandbox.baseUrl.replace(url.hostname, url.hostname === 'localhost' ? '127.0.0.1' : 'localhost')
    const first = await useProfile(t, 'Acme')
    const shipped = take('PROCESSING')
    suite.sandbox.control.transition(shipped.id, 'SHIPPED')
    await t.call('orders.pollNow')
    const second = await useProfile(t, 'Acme', other)
    const failed = take('PROCESSING')
    suite.sandbox.control.transition(failed.id, 'FAILED')
    await t.call('orders.pollNow')

    const hostOf = (u: string) => new URL(u).host
    expect(orderEntries(t)).toEqual([
      { label: `Order ${failed.ref}: Failed · Acme (${hostOf(other)})`, action: { kind: 'openOrder', orderId: failed.id, profileId: second } },
      { label: `Order ${shipped.ref}: Shipped · Acme (${hostOf(suite.sandbox.baseUrl)})`, action: { kind: 'openOrder', orderId: shipped.id, profileId: first } },
    ])
    expect(orderEntries(t, 'de').map((e) => e.label)).toEqual([`Bestellung ${failed.ref}: Fehlgeschlagen · Acme (${hostOf(other)})`, `Bestellung ${shipped.ref}: Versandt · Acme (${hostOf(suite.sandbox.baseUrl)})`])

    // Renamed while not connected: each has a name of its own again, and the addresses go.
    await t.call('connection.save', { id: first, name: 'Acme (old)', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId })
    expect(orderEntries(t).map((e) => e.label)).toEqual([`Order ${failed.ref}: Failed · Acme`, `Order ${shipped.ref}: Shipped · Acme (old)`])
  })

  it('lists the changes the orders database kept after the app restarts, not none', async () => {
    const secrets = testKeychain()
    const t = await suite.start({ secrets })
    await useProfile(t, 'North account')
    const shipped = take('PROCESSING')
    suite.sandbox.control.transition(shipped.id, 'SHIPPED')
    await t.call('orders.pollNow')
    expect(orderEntries(t).map((e) => e.label)).toEqual([`Order ${shipped.ref}: Shipped`])
    await t.core.stop()

    // The next start folds the new core's events from an empty tray, as the shell does.
    const again = await suite.start({ dataDir: t.dataDir, secrets })
    await again.call('orders.pollNow')
    expect(orderEntries(again).map((e) => e.label)).toEqual([`Order ${shipped.ref}: Shipped`])
  })
})
