import { describe, expect, it, vi } from 'vitest'
import type { Order, OrderStatus } from '../../../shared/api'
import type { FullOrderDetail, OrderDetailResult, OrderListResult, ReorderResult } from '../../../shared/model/order'
import type { WatchState } from '../../../shared/model/order-watch'
import { CADENCE } from './cadence'
import { testKeychain } from '../../../tests/support/core/test-keychain'
import { connect, coreSuite, type CoreUnderTest, type makeCore } from '../../../tests/support/core/core-suite'

const suite = coreSuite({ testMode: true, products: 300, orders: 120, speed: 0, tokenTtlSeconds: 36_000 })

async function connected(creds = suite.sandbox.demo, opts: Parameters<typeof makeCore>[0] = {}): Promise<CoreUnderTest> {
  const t = await suite.start(opts)
  if (!opts.dataDir) await connect(t, suite.sandbox, creds)
  await t.call('orders.pollNow')
  return t
}

const used = new Set<number>()
function take(status: OrderStatus, where: (o: Order) => boolean = () => true): Order {
  const o = suite.sandbox.control.listOrdersRaw().find((x) => x.status === status && !used.has(x.id) && where(x))
  if (!o) throw new Error(`no unused ${status} order in the seed`)
  used.add(o.id)
  return o
}
const posts = (path: RegExp) => suite.sandbox.control.requestLog().filter((r) => r.method === 'POST' && path.test(r.path))

describe('order list and detail', () => {
  it('filters, sorts and pages on the service, with the total from X-Total-Count', async () => {
    const t = await connected()
    const all = suite.sandbox.control.listOrdersRaw()
    const statuses: string[] = ['SHIPPED', 'PENDING_AUTHORISATION']
    const expected = all.filter((o) => statuses.includes(o.status))
    const first = await t.call<OrderListResult>('orders.list', { filters: { status: statuses, sort_by: '+total' }, page: 1, perPage: 5 })
    expect(first.total).toBe(expected.length)
    expect(first.pages).toBe(Math.ceil(expected.length / 5))
    expect(first.rows).toHaveLength(5)
    expect(first.rows.every((r) => statuses.includes(r.status))).toBe(true)
    const totals = first.rows.map((r) => r.total)
    expect(totals).toEqual([...totals].sort((a, b) => a - b))
    expect(first.fromCache).toBe(false)

    const po = all.find((o) => o.purchase_order_number)!
    const byText = await t.call<OrderListResult>('orders.list', { filters: { text: po.purchase_order_number }, page: 1, perPage: 50 })
    expect(byText.rows.map((r) => r.id)).toContain(po.id)

    const finance = await t.call<OrderListResult>('orders.list', { filters: { payment_type: ['FINANCE'], value_from: 100 }, page: 1, perPage: 100 })
    expect(finance.rows.every((r) => r.payment_type === 'FINANCE' && r.total >= 100)).toBe(true)
  })

  it('refuses contradictory filters on the field, and remembers filters across a restart', async () => {
    const secrets = testKeychain()
    const t = await connected(suite.sandbox.demo, { secrets })
    const bad = await t.fail('orders.list', { filters: { start_date: '2025-06-01', end_date: '2025-01-01' }, page: 1 })
    expect(bad).toMatchObject({ code: 'invalid_input', fields: { 'filters.end_date': expect.any(String) } })
    await t.call('orders.saveFilters', { status: ['ATTENTION_REQUIRED'], text: 'PO-', sort_by: '-total' })
    await t.core.stop()
    const again = await connected(suite.sandbox.demo, { dataDir: t.dataDir, secrets })
    expect(await again.call('orders.filters')).toMatchObject({ status: ['ATTENTION_REQUIRED'], text: 'PO-', sort_by: '-total' })
  })

  it('writes quick filter changes once, not each: five sorts in a row cost one durable write, and a restart reads the last', async () => {
    const secrets = testKeychain()
    const t = await connected(suite.sandbox.demo, { secrets })
    await t.call('orders.saveFilters', { sort_by: '-date' })
    const settings = t.core.context.settings
    const writes = vi.spyOn(settings, 'set')
    for (const sort_by of ['-total', '+total', '-date', '+date', '-total']) await t.call('orders.saveFilters', { sort_by })
    expect(await t.call('orders.filters')).toMatchObject({ sort_by: '-total' })
    expect(writes.mock.calls.filter(([key]) => key.startsWith('orders.filters:'))).toHaveLength(0)
    t.clock.advance(1000)
    expect(writes.mock.calls.filter(([key]) => key.startsWith('orders.filters:'))).toHaveLength(1)
    await t.call('orders.saveFilters', { sort_by: '+date' }) // one more: kept however soon the app stops
    await t.core.stop()
    const again = await connected(suite.sandbox.demo, { dataDir: t.dataDir, secrets })
    expect(await again.call('orders.filters')).toMatchObject({ sort_by: '+date' })
  })

  it('shows the last results read while offline, labelled with their age', async () => {
    const t = await connected()
    // Once the local index holds every order, offline reads answer from it (orders-index.test.ts).
    await vi.waitFor(async () => expect(await t.call('orders.indexState')).toMatchObject({ complete: true }), { timeout: 20_000 })
    const filters = { status: ['COMPLETE'] }
    const online = await t.call<OrderListResult>('orders.list', { filters, page: 1, perPage: 20 })
    const detail = await t.call<FullOrderDetail>('orders.get', { id: online.rows[0]!.id })
    t.clock.advance(10 * 60_000)
    await suite.sandbox.control.pause()
    try {
      // The list asks nothing of the service now: the app learns it is offline from the watcher's next poll.
      expect(await t.call('orders.pollNow')).toMatchObject({ phase: 'offline' })
      const offline = await t.call<OrderListResult>('orders.list', { filters, page: 1, perPage: 20 })
      expect(offline.fromCache).toBe(true)
      expect(offline.rows).toEqual(online.rows)
      expect(offline.fetchedAt).toBe(online.fetchedAt)
      const cachedDetail = await t.call<OrderDetailResult>('orders.get', { id: detail.order.id })
      expect(cachedDetail).toMatchObject({ fromCache: true, order: { id: detail.order.id } })
      const neverListed = await t.call<OrderListResult>('orders.list', { filters: { status: ['FAILED'] }, page: 1, perPage: 20 })
      expect(neverListed).toMatchObject({ fromCache: true, fetchedAt: online.fetchedAt })
      expect(neverListed.rows.length).toBeGreaterThan(0)
    } finally {
      await suite.sandbox.control.resume()
    }
  })

  it('gives every field of an order, shipments with tracking numbers included', async () => {
    const t = await connected()
    const shipped = take('SHIPPED')
    const { order } = await t.call<FullOrderDetail>('orders.get', { id: shipped.id })
    expect(order).toMatchObject({ id: shipped.id, status: 'SHIPPED', purchase_order_number: shipped.purchase_order_number, total: shipped.total })
    expect(order.shipments.length).toBeGreaterThan(0)
    expect(order.shipments[0]!.tracking_number).toBeTruthy()
    expect(order.line_items.length).toBe(shipped.line_items.length)
    expect((await t.fail('orders.get', { id: 999_999 })).code).toBe('not_found')
  })
})

describe('resubmit and cancel follow section 3', () => {
  it('resubmits only an order that needs attention, then watches it quickly without echoing the change', async () => {
    const t = await connected()
    // Accepted is not among the statuses alerted by default.
    await t.call('orders.setAlertPrefs', { statuses: ['ACCEPTED'], paused: false, pausedUntil: null })
    const processing = take('PROCESSING')
    suite.sandbox.control.clearRequestLog()
    const refused = await t.fail('orders.resubmit', { id: processing.id })
    expect(refused).toMatchObject({ code: 'conflict', message: expect.stringMatching(/Only an order that needs attention/), reason: { code: 'orderNotResubmittable', status: 'PROCESSING' } })
    expect(posts(/resubmit$/)).toEqual([])

    const stuck = take('ATTENTION_REQUIRED')
    const resumed = await t.call<Order>('orders.resubmit', { id: stuck.id })
    expect(resumed.status).toBe('PROCESSING')
    expect(suite.sandbox.control.listOrdersRaw().find((o) => o.id === stuck.id)!.status).toBe('PROCESSING')
    await t.call('orders.pollNow')
    expect(t.alerts).toEqual([])

    // The next poll comes quickly after the user's action.
    const s = await t.call<WatchState>('orders.watchState')
    expect(Date.parse(s.nextPollAt!) - t.clock.now()).toBe(CADENCE.quickMs)
    suite.sandbox.control.transition(stuck.id, 'ACCEPTED')
    t.clock.advance(CADENCE.quickMs)
    await vi.waitFor(() => expect(t.alerts.map((a) => (a.target?.kind === 'order' ? a.target.orderId : undefined))).toEqual([stuck.id]))
  })

  it('takes a resubmit the service answers with something other than an order as done (its answer is not shown, spec 4.1), and reads the order', async () => {
    const t = await connected()
    const stuck = take('ATTENTION_REQUIRED')
    suite.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'POST', path: `^/orders/${stuck.id}/resubmit$` }, unset: ['id', 'organisation', 'status', 'total'], set: { message: 'Order resubmitted' } })
    suite.sandbox.control.clearRequestLog()
    try {
      const resumed = await t.call<Order>('orders.resubmit', { id: stuck.id })
      expect(resumed).toMatchObject({ id: stuck.id, status: 'PROCESSING' })
      expect(posts(/resubmit$/)).toHaveLength(1)
    } finally {
      suite.sandbox.control.clearFaults()
    }
  })

  it('cancels before ACCEPTED and never from ACCEPTED on', async () => {
    const t = await connected()
    const accepted = take('ACCEPTED')
    suite.sandbox.control.clearRequestLog()
    const refused = await t.fail('orders.cancel', { id: accepted.id })
    expect(refused).toMatchObject({ code: 'conflict', message: expect.stringMatching(/ACCEPTED.*cannot be cancelled|can no longer be cancelled/), reason: { code: 'orderPastCancelling', status: 'ACCEPTED' } })
    // Each status that no longer allows it says why: how far the order got, or that it is over.
    const shipped = take('SHIPPED')
    expect(await t.fail('orders.cancel', { id: shipped.id })).toMatchObject({ code: 'conflict', reason: { code: 'orderPastCancelling', status: 'SHIPPED' } })
    const gone = take('CANCELLED')
    expect(await t.fail('orders.cancel', { id: gone.id })).toMatchObject({ code: 'conflict', reason: { code: 'orderAlreadyCancelled' } })
    const failed = take('FAILED')
    expect(await t.fail('orders.cancel', { id: failed.id })).toMatchObject({ code: 'conflict', reason: { code: 'orderNotCancellable', status: 'FAILED' } })
    expect(posts(/cancel$/)).toEqual([])

    const created = take('CREATED')
    const cancelled = await t.call<Order>('orders.cancel', { id: created.id })
    expect(cancelled.status).toBe('CANCELLED')
    expect(suite.sandbox.control.listOrdersRaw().find((o) => o.id === created.id)!.status).toBe('CANCELLED')
  })

  it("shows the service's own refusal when the order moved on in the meantime", async () => {
    const t = await connected()
    const o = take('PROCESSING')
    suite.sandbox.control.injectFault({ kind: 'latency', ms: 400, match: { method: 'POST', path: '/cancel$' } })
    suite.sandbox.control.clearRequestLog()
    const pending = t.fail('orders.cancel', { id: o.id })
    await vi.waitFor(() => expect(posts(/cancel$/)).toHaveLength(1))
    suite.sandbox.control.transition(o.id, 'ACCEPTED')
    expect(await pending).toMatchObject({ code: 'conflict', message: expect.stringMatching(new RegExp(`service refused to cancel order ${o.id}.*ACCEPTED`)) })
  })

  it('says clearly when the order is not one of yours', async () => {
    const other = suite.sandbox.clients.find((c) => c.organisationId !== suite.sandbox.demo.organisationId && !c.admin)!
    const t = await connected(other)
    const foreign = take('COMPLETE', (x) => x.organisation === suite.sandbox.demo.organisationId)
    suite.sandbox.control.transition(foreign.id, 'CREATED')
    expect(await t.fail('orders.cancel', { id: foreign.id })).toMatchObject({ code: 'not_found', message: expect.stringMatching(/not visible to you/), reason: { code: 'orderUnknown' } })
    expect(await t.fail('orders.resubmit', { id: foreign.id })).toMatchObject({ code: 'not_found', reason: { code: 'orderUnknown' } })
    expect(suite.sandbox.control.listOrdersRaw().find((x) => x.id === foreign.id)!.status).toBe('CREATED')
  })
})

describe('reorder', () => {
  it('copies an order into a new local draft basket', async () => {
    const t = await connected()
    const done = take('COMPLETE')
    const r = await t.call<ReorderResult>('orders.reorder', { id: done.id })
    expect(r.lines).toBe(done.line_items.length)
    const draft = await t.call<{ doc: { name: string; line_items: { product: number; quantity: number }[] }; organisation: number }>('baskets.get', { id: r.draftId })
    expect(draft.doc.name).toBe(`Reorder of order ${done.id}`)
    expect(draft.doc.line_items.map((l) => [l.product, l.quantity])).toEqual(done.line_items.map((l) => [l.product, l.quantity]))
    expect(draft.organisation).toBe(done.organisation)
  })

  it('offline, reorders an order opened here before from its kept copy; one never opened is refused, saying why', async () => {
    const t = await connected()
    const opened = take('SHIPPED')
    const never = take('COMPLETE')
    await t.call('orders.get', { id: opened.id })
    await suite.sandbox.control.pause()
    try {
      expect(await t.call('orders.pollNow')).toMatchObject({ phase: 'offline' })
      const r = await t.call<ReorderResult>('orders.reorder', { id: opened.id })
      const draft = await t.call<{ doc: { line_items: { product: number; quantity: number }[] }; organisation: number }>('baskets.get', { id: r.draftId })
      expect(draft.doc.line_items.map((l) => [l.product, l.quantity])).toEqual(opened.line_items.map((l) => [l.product, l.quantity]))
      expect(draft.organisation).toBe(opened.organisation)
      expect(await t.fail('orders.reorder', { id: never.id })).toMatchObject({ code: 'offline' })
    } finally {
      await suite.sandbox.control.resume()
    }
  })
})
