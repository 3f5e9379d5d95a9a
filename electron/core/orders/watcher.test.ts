import { rmSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { isOpenStatus, ORDER_STATUSES, type Order, type OrderStatus } from '../../../shared/api'
import type { OrderListResult } from '../../../shared/model/order'
import type { WatchState } from '../../../shared/model/order-watch'
import type { ConnectionStatus } from '../../../shared/model/connection'
import type { Alert } from '../platform/services'
import { CADENCE } from './cadence'
import type { SecretStore } from '../credentials/secret-store'
import { testKeychain } from '../../../tests/support/core/test-keychain'
import { connect, coreSuite, type CoreUnderTest } from '../../../tests/support/core/core-suite'
import { until } from '../../../tests/support/core/until'

const suite = coreSuite({ testMode: true, products: 300, orders: 120, speed: 0, tokenTtlSeconds: 36_000 })
const started = (dataDir?: string, secrets?: SecretStore) => suite.start({ dataDir, secrets })

/** Orders of the demo user's organisations in a given status, not yet used by another test. */
const used = new Set<number>()
function take(status: OrderStatus, n = 1): Order[] {
  const found = suite.sandbox.control.listOrdersRaw().filter((o) => o.status === status && !used.has(o.id))
  if (found.length < n) throw new Error(`the suite.sandbox seed has only ${found.length} unused ${status} orders`)
  const picked = found.slice(0, n)
  for (const o of picked) used.add(o.id)
  return picked
}

const state = (t: CoreUnderTest) => t.call<WatchState>('orders.watchState')
const poll = (t: CoreUnderTest) => t.call<WatchState>('orders.pollNow')
/** The order an alert opens (none for a grouped alert). */
const orderOf = (a: Alert) => (a.target?.kind === 'order' ? a.target.orderId : undefined)
const alertsFor = (t: CoreUnderTest, orderId: number) => t.alerts.filter((a) => orderOf(a) === orderId)
/** Opts in to alerts of every status (by default only shipped, attention required, failed and cancelled alert). */
const alertEveryStatus = (t: CoreUnderTest) => t.call('orders.setAlertPrefs', { statuses: [...ORDER_STATUSES], paused: false, pausedUntil: null })
/** The connected profile: an order alert names it, order numbers being each service's own. */
const profileOf = async (t: CoreUnderTest) => (await t.call<ConnectionStatus>('connection.status')).profile!.id

describe('order watcher', () => {
  it('sets a silent baseline on the first sync, then announces each transition exactly once', async () => {
    const t = await started()
    await connect(t, suite.sandbox)
    await alertEveryStatus(t)
    const s = await poll(t)
    expect(t.alerts).toEqual([])
    const open = suite.sandbox.control.listOrdersRaw().filter((o) => isOpenStatus(o.status)).length
    expect(s.open).toBe(open)
    expect(s.phase).toBe('watching')

    const [order] = take('PROCESSING')
    suite.sandbox.control.transition(order!.id, 'ACCEPTED')
    await poll(t)
    await poll(t)
    expect(alertsFor(t, order!.id)).toHaveLength(1)
    expect(alertsFor(t, order!.id)[0]!.title).toMatch(/Accepted/)
    // Clicked after a switch to another profile, it must not open that one's order of the same number.
    expect(alertsFor(t, order!.id)[0]!.target).toEqual({ kind: 'order', orderId: order!.id, profileId: await profileOf(t) })

    suite.sandbox.control.transition(order!.id, 'SHIPPED')
    await poll(t)
    expect(alertsFor(t, order!.id).map((a) => a.title)).toEqual([expect.stringMatching(/Accepted/), expect.stringMatching(/Shipped/)])

    // Leaving the open list: learned by fetching that one order by id.
    suite.sandbox.control.clearRequestLog()
    suite.sandbox.control.transition(order!.id, 'COMPLETE')
    await poll(t)
    expect(alertsFor(t, order!.id)).toHaveLength(3)
    expect(alertsFor(t, order!.id)[2]!.title).toMatch(/Complete/)
    const paths = suite.sandbox.control.requestLog().map((r) => `${r.method} ${r.path}`)
    expect(paths).toContain(`GET /orders/${order!.id}`)
    await poll(t)
    expect(alertsFor(t, order!.id)).toHaveLength(3)

    const changed = t.events.filter((e) => e.event === 'orders.changed').map((e) => e.payload as { changes: { orderId: number; to: string }[] })
    expect(changed.flatMap((p) => p.changes).filter((c) => c.orderId === order!.id).map((c) => c.to)).toEqual(['ACCEPTED', 'SHIPPED', 'COMPLETE'])
  })

  it('announces once, after a restart, what changed while the app was closed — and nothing older', async () => {
    const secrets = testKeychain()
    const first = await started(undefined, secrets)
    await connect(first, suite.sandbox)
    await alertEveryStatus(first)
    await poll(first)
    const [a] = take('PROCESSING')
    suite.sandbox.control.transition(a!.id, 'ACCEPTED')
    await poll(first)
    expect(alertsFor(first, a!.id)).toHaveLength(1)
    await first.core.stop()

    const [b] = take('ACCEPTED')
    suite.sandbox.control.transition(b!.id, 'SHIPPED')
    const second = await started(first.dataDir, secrets)
    await poll(second)
    await poll(second)
    expect(alertsFor(second, b!.id)).toHaveLength(1)
    expect(alertsFor(second, a!.id)).toEqual([])
    expect(second.alerts).toHaveLength(1)
    rmSync(first.dataDir, { recursive: true, force: true })
  })

  it('does not give counts of open orders before it has listed them once (not 0: not known)', async () => {
    const t = await started()
    suite.sandbox.control.injectFault({ kind: 'status', status: 503, match: { method: 'GET', path: '^/orders$' } })
    try {
      await connect(t, suite.sandbox)
      await vi.waitFor(async () => expect((await state(t)).phase).toBe('backing_off'))
      expect(await state(t)).toMatchObject({ counted: false, lastPollAt: null })
    } finally {
      suite.sandbox.control.clearFaults()
    }
    const s = await poll(t)
    expect(s.counted).toBe(true)
    expect(s.open).toBeGreaterThan(0)
  })

  it('pauses while the service is offline and catches up when it is back', async () => {
    const t = await started()
    await connect(t, suite.sandbox)
    await poll(t)
    const [o] = take('ACCEPTED')
    await suite.sandbox.control.pause()
    try {
      suite.sandbox.control.transition(o!.id, 'SHIPPED')
      t.clock.advance(CADENCE.defaultMs)
      await vi.waitFor(async () => expect((await state(t)).phase).toBe('offline'))
      expect((await state(t)).nextPollAt).toBeNull()
    } finally {
      await suite.sandbox.control.resume()
    }
    expect(t.alerts).toEqual([])
    // The connection's probe notices the service is back; the watcher polls at once.
    t.clock.advance(5_000)
    await vi.waitFor(() => expect(alertsFor(t, o!.id)).toHaveLength(1))
    expect((await state(t)).phase).toBe('watching')
  })

  it('stays online when the active profile is edited during a poll, and announces what that poll would have', async () => {
    const t = await started()
    const profileId = await connect(t, suite.sandbox)
    await alertEveryStatus(t)
    await poll(t)
    // An order leaves the open list: the next poll lists the open orders (slowly here), then fetches that one by id.
    const [o] = take('SHIPPED')
    suite.sandbox.control.transition(o!.id, 'COMPLETE')
    suite.sandbox.control.injectFault({ kind: 'latency', ms: 300, match: { method: 'GET', path: '^/orders$' } })
    const polling = poll(t)
    await until(() => suite.sandbox.control.requestLog().some((r) => r.method === 'GET' && r.path === '/orders' && r.status === 0), 'the open orders asked for')

    // Saving the profile starts a new session: the old client closes once the list is answered,
    // so the old poll's fetch by id is never sent. That is no sign of the service being away.
    await t.call('connection.save', { id: profileId, name: 'Renamed', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId })
    // "Check now" answers without an error: the poll was cut short, it did not fail.
    const answered = await polling
    expect(answered.lastError).toBeNull()
    expect(['starting', 'watching']).toContain(answered.phase)
    await vi.waitFor(() => expect(alertsFor(t, o!.id)).toHaveLength(1))
    const online = t.events.filter((e) => e.event === 'system.online').map((e) => (e.payload as { online: boolean }).online)
    expect(online).toEqual([true])
    expect(await state(t)).toMatchObject({ phase: 'watching', lastError: null })
  })

  it('after switching back to a profile used before, starts from what the service shows: no flood of what changed meanwhile, the next change announced', async () => {
    const t = await started()
    const first = await connect(t, suite.sandbox)
    await poll(t)
    await connect(t, suite.sandbox)
    await poll(t)
    const [x, y] = take('PROCESSING', 2)
    suite.sandbox.control.transition(x!.id, 'FAILED')
    await t.call('connection.activate', { id: first })
    await poll(t)
    expect(t.alerts).toEqual([])
    suite.sandbox.control.transition(y!.id, 'FAILED')
    await poll(t)
    expect(t.alerts.map(orderOf)).toEqual([y!.id])
  })

  it("words alerts in the window's language, whatever the account's locale, and the next ones in the next language chosen", async () => {
    const t = await started()
    await connect(t, suite.sandbox)
    await poll(t)
    await t.call('system.setLanguage', { language: 'fr' })
    const [a, b] = take('PROCESSING', 2)
    suite.sandbox.control.transition(a!.id, 'FAILED')
    await poll(t)
    expect(alertsFor(t, a!.id).map((x) => x.title)).toEqual([`Commande ${a!.id}\u202f: Échouée`])
    expect(alertsFor(t, a!.id)[0]!.body).toContain('statut précédent\u202f: En traitement')
    await t.call('system.setLanguage', { language: 'de' })
    suite.sandbox.control.transition(b!.id, 'FAILED')
    await poll(t)
    expect(alertsFor(t, b!.id).map((x) => x.title)).toEqual([`Bestellung ${b!.id}: Fehlgeschlagen`])
    expect(t.events.filter((e) => e.event === 'system.languageChanged').map((e) => e.payload)).toEqual([{ language: 'fr' }, { language: 'de' }])
  })

  it('coalesces many changes at once into one summary alert, whose click shows exactly those orders', async () => {
    const t = await started()
    await connect(t, suite.sandbox)
    await poll(t)
    const orders = take('ACCEPTED', 5)
    for (const o of orders) suite.sandbox.control.transition(o.id, 'SHIPPED')
    await poll(t)
    expect(t.alerts).toHaveLength(1)
    expect(t.alerts[0]!.title).toBe('5 orders changed status')
    const last = t.events.filter((e) => e.event === 'orders.changed').at(-1)!.payload as { changes: unknown[] }
    expect(last.changes).toHaveLength(5)
    // What a click opens: the orders list filtered to the alert's orders, each with its new status.
    const target = t.alerts[0]!.target
    expect(target?.kind).toBe('orders')
    expect(target?.profileId).toBe(await profileOf(t))
    const ids = target?.kind === 'orders' ? target.orderIds : []
    expect([...ids].sort()).toEqual(orders.map((o) => o.id).sort())
    const listed = await t.call<OrderListResult>('orders.list', { filters: { ids }, page: 1, perPage: 100 })
    expect(listed.rows.map((r) => [r.id, r.status]).sort()).toEqual(orders.map((o) => [o.id, 'SHIPPED']).sort())
  })

  it('polls on its own at the default interval and honours Retry-After', async () => {
    const t = await started()
    await connect(t, suite.sandbox)
    await poll(t)
    const [o] = take('PROCESSING')
    suite.sandbox.control.transition(o!.id, 'FAILED')
    // Not a millisecond early: no poll reaches the service (given the time one would take to).
    // The local orders index reads the list without a status filter (its own refresh, not a poll).
    const polls = () =>
      suite.sandbox.control.requestLog().filter((r) => r.method === 'GET' && r.path.startsWith('/orders') && !(r.path === '/orders' && !decodeURIComponent(r.query).includes('status'))).length
    const pollsBefore = polls()
    t.clock.advance(CADENCE.defaultMs - 1)
    await new Promise((r) => setTimeout(r, 100))
    expect(polls()).toBe(pollsBefore)
    expect(alertsFor(t, o!.id)).toEqual([])
    t.clock.advance(1)
    await vi.waitFor(() => expect(alertsFor(t, o!.id)).toHaveLength(1))

    suite.sandbox.control.injectFault({ kind: 'status', status: 503, retryAfterSeconds: 300, times: 1, match: { method: 'GET', path: '^/orders$' } })
    const before = (await state(t)).nextPollAt!
    t.clock.advance(Date.parse(before) - t.clock.now())
    await vi.waitFor(async () => expect((await state(t)).phase).toBe('backing_off'))
    const s = await state(t)
    expect(Date.parse(s.nextPollAt!) - t.clock.now()).toBeGreaterThanOrEqual(300_000)
    expect(s.lastError).toBeTruthy()
    t.clock.advance(300_000)
    await vi.waitFor(async () => expect((await state(t)).phase).toBe('watching'))
  })

  it('honours a Retry-After written as an HTTP date, as one written in seconds', async () => {
    const t = await started()
    await connect(t, suite.sandbox)
    await poll(t)
    suite.sandbox.control.injectFault({ kind: 'status', status: 429, retryAfterSeconds: 600, retryAfterAs: 'date', times: 1, match: { method: 'GET', path: '^/orders$' } })
    const before = (await state(t)).nextPollAt!
    t.clock.advance(Date.parse(before) - t.clock.now())
    await vi.waitFor(async () => expect((await state(t)).phase).toBe('backing_off'))
    // The date is whole seconds, as is the answer's Date header it is counted from.
    expect(Date.parse((await state(t)).nextPollAt!) - t.clock.now()).toBeGreaterThanOrEqual(599_000)
    t.clock.advance(600_000)
    await vi.waitFor(async () => expect((await state(t)).phase).toBe('watching'))
  })

  it('follows the alert preferences: chosen statuses only, none while paused', async () => {
    const t = await started()
    await connect(t, suite.sandbox)
    await poll(t)
    await t.call('orders.setAlertPrefs', { statuses: ['SHIPPED'], paused: false, pausedUntil: null })
    const [accepted] = take('PROCESSING')
    const [shipped] = take('ACCEPTED')
    suite.sandbox.control.transition(accepted!.id, 'ACCEPTED')
    suite.sandbox.control.transition(shipped!.id, 'SHIPPED')
    await poll(t)
    expect(t.alerts.map(orderOf)).toEqual([shipped!.id])

    await t.call('orders.setAlertPrefs', { statuses: ['SHIPPED'], paused: true, pausedUntil: null })
    // The tray hears of it, whoever paused.
    expect(t.events.filter((e) => e.event === 'orders.alertPrefsChanged').at(-1)?.payload).toMatchObject({ paused: true })
    const [later] = take('ACCEPTED')
    suite.sandbox.control.transition(later!.id, 'SHIPPED')
    await poll(t)
    expect(t.alerts).toHaveLength(1)
    // Paused alerts still reach the tray's counts and the views.
    const last = t.events.filter((e) => e.event === 'orders.changed').at(-1)!.payload as { changes: { orderId: number }[] }
    expect(last.changes.map((c) => c.orderId)).toEqual([later!.id])
    await t.call('orders.setAlertPrefs', {})
  })

  it('follows an order into a status it does not know: named in readable words, counted open, alerted, and the watch goes on', async () => {
    const t = await started()
    await connect(t, suite.sandbox)
    // ACCEPTED is opt-in since the default alert set is what a rep acts on.
    await alertEveryStatus(t)
    const before = await poll(t)
    const [odd, other] = take('PROCESSING', 2)
    // The order leaves the list of known open statuses; asked by id, the service names a status a later release added.
    suite.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/orders/${odd!.id}$` }, set: { status: 'ON_HOLD' } })
    try {
      suite.sandbox.control.transition(odd!.id, 'COMPLETE')
      suite.sandbox.control.transition(other!.id, 'ACCEPTED')
      const s = await poll(t)
      expect(s.phase).toBe('watching')
      // Not known to be final, the ON_HOLD order still counts as open (ACCEPTED is open too).
      expect(s.open).toBe(before.open)
      expect((await poll(t)).open).toBe(before.open)
      expect(alertsFor(t, odd!.id).map((a) => a.title)).toEqual([expect.stringMatching(/: On hold$/)])
      expect(alertsFor(t, other!.id).map((a) => a.title)).toEqual([expect.stringMatching(/Accepted/)])
    } finally {
      suite.sandbox.control.clearFaults()
    }
  })
})
