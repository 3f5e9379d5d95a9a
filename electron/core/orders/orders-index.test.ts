import { describe, expect, it, vi } from 'vitest'
import type { OrderDetailResult, OrderListResult } from '../../../shared/ipc/channels/orders'
import { connect, coreSuite, type CoreUnderTest } from '../../../tests/support/core/core-suite'
import { TestClient } from '../../../tests/support/sandbox/test-client'
import { SHOWCASE } from '../../sandbox'
import { CADENCE } from './cadence'

const suite = coreSuite({ testMode: true, products: 200, orders: 600, speed: 0, tokenTtlSeconds: 36_000 })

async function indexed(): Promise<CoreUnderTest> {
  const t = await suite.start()
  await connect(t, suite.sandbox)
  await vi.waitFor(async () => expect(await t.call('orders.indexState')).toMatchObject({ complete: true }), { timeout: 30_000 })
  return t
}
const list = (t: CoreUnderTest, filters: object, perPage = 100) => t.call<OrderListResult>('orders.list', { filters, page: 1, perPage })

describe('the local orders index', () => {
  it('holds every order and answers filters and sorts as the service does', async () => {
    const t = await indexed()
    const all = suite.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT')
    expect(await t.call('orders.indexState')).toMatchObject({ complete: true, count: all.length })
    const statuses = ['SHIPPED', 'ATTENTION_REQUIRED']
    const page = await list(t, { status: statuses, sort_by: '+total' }, 20)
    const expected = all.filter((o) => statuses.includes(o.status)).sort((a, b) => a.total - b.total)
    expect(page.total).toBe(expected.length)
    expect(page.rows.map((r) => r.total)).toEqual(expected.slice(0, 20).map((o) => o.total))
    const newest = await list(t, { sort_by: '-date' }, 5)
    expect(newest.rows[0]!.date).toBe([...all].sort((a, b) => b.date!.localeCompare(a.date!))[0]!.date)
    expect(suite.sandbox.control.requestLog().filter((r) => r.path.endsWith('/orders') && decodeURIComponent(r.query).includes('+total')).length).toBe(0)
  })

  it('gives the ids of a whole filtered, sorted list in its order, and the rows of any of them by id', async () => {
    const t = await indexed()
    const filters = { status: ['SHIPPED', 'COMPLETE'], sort_by: '-total' }
    const listed = await list(t, filters, 1000)
    const { ids } = (await t.call<{ ids: number[] } | null>('orders.listIds', { filters }))!
    expect(ids).toHaveLength(listed.total)
    expect(ids.slice(0, listed.rows.length)).toEqual(listed.rows.map((r) => r.id))
    const picked = [ids.at(-1)!, ids[0]!, 999_999_999]
    const { rows } = await t.call<{ rows: OrderListResult['rows'] }>('orders.rowsById', { ids: picked })
    expect(rows.map((r) => r.id).sort()).toEqual(picked.slice(0, 2).sort())
    expect(rows.find((r) => r.id === ids[0])).toEqual(listed.rows[0])
  })

  it('finds orders by part of a PO number, by order name and by organisation name, which the service text filter does not match', async () => {
    const t = await indexed()
    const byPo = await list(t, { text: '00414' })
    expect(byPo.rows.map((r) => r.purchase_order_number)).toContain(suite.sandbox.control.listOrdersRaw().find((o) => o.purchase_order_number?.endsWith('00414'))!.purchase_order_number)
    const byName = await list(t, { text: 'dunmore' })
    expect(byName.total).toBeGreaterThan(0)
    const dunmore = suite.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT' && o.organisation === 8)
    expect(byName.total).toBe(dunmore.length)
    const id = dunmore[0]!.id
    expect((await list(t, { text: `#${id}` })).rows.map((r) => r.id)).toContain(id)
  })

  it('finds an order by a linked supplier reference and by a shipment reference, from the index as the service does', async () => {
    const t = await indexed()
    const shipped = suite.sandbox.control.listOrdersRaw().find((o) => o.status !== 'DRAFT' && o.shipments.length > 0 && o.linked_supplier_refs.length > 0)!
    const api = new TestClient(suite.sandbox)
    for (const reference of [shipped.linked_supplier_refs[0]!, shipped.shipments[0]!.reference]) {
      expect((await api.get<{ id: number }[]>(`/orders?text=${encodeURIComponent(reference)}`)).body.map((o) => o.id)).toEqual([shipped.id])
      expect((await list(t, { text: reference.toLowerCase() })).rows.map((r) => r.id)).toEqual([shipped.id])
    }
  })

  it('keeps the whole history readable offline, labelled with the age of the index', async () => {
    const t = await indexed()
    const online = await list(t, { status: ['FAILED'] })
    await suite.sandbox.control.pause()
    try {
      // The list asks nothing of the service now: the app learns it is offline from the watcher's next poll.
      expect(await t.call('orders.pollNow')).toMatchObject({ phase: 'offline' })
      const offline = await list(t, { status: ['FAILED'] })
      expect(offline).toMatchObject({ fromCache: true, total: online.total, fetchedAt: online.fetchedAt })
      expect(offline.rows).toEqual(online.rows)
    } finally {
      await suite.sandbox.control.resume()
    }
  })

  it('offline, answers an order never opened here with its row as the index last held it, instead of an error', async () => {
    const t = await indexed()
    const [row] = (await list(t, { status: ['SHIPPED'] }, 1)).rows
    await suite.sandbox.control.pause()
    try {
      expect(await t.call('orders.pollNow')).toMatchObject({ phase: 'offline' })
      const detail = await t.call<OrderDetailResult>('orders.get', { id: row!.id })
      expect(detail).toMatchObject({ order: null, lastKnown: row, fromCache: true, fetchedAt: (await t.call<{ syncedAt: string }>('orders.indexState')).syncedAt })
    } finally {
      await suite.sandbox.control.resume()
    }
  })

  // Offline, an order never opened here showed its status and total only: no lines, shipping or discount.
  it('offline, answers an order never opened here with its lines, shipping and discount as the list last read them', async () => {
    const t = await indexed()
    const served = suite.sandbox.control.listOrdersRaw().find((o) => o.status === 'SHIPPED' && o.line_items.length >= 2 && o.shipping_address && o.ship_cost)!
    await suite.sandbox.control.pause()
    try {
      await t.call('orders.pollNow')
      const detail = await t.call<OrderDetailResult>('orders.get', { id: served.id })
      expect(detail).toMatchObject({ order: null, fromCache: true, lastKnown: { id: served.id } })
      const kept = detail.order === null ? detail.kept : null
      expect(kept).toMatchObject({
        ship_cost: served.ship_cost,
        discount: served.discount,
        shipping_type: served.shipping_type,
        shipping_address: served.shipping_address,
        ship_instructions: served.ship_instructions,
      })
      expect(kept!.line_items.map((l) => [l.product, l.name, l.quantity, l.price, l.sub_total_for_item])).toEqual(served.line_items.map((l) => [l.product, l.name, l.quantity, l.price, l.sub_total_for_item]))
    } finally {
      await suite.sandbox.control.resume()
    }
  })

  it('takes in an order placed elsewhere at the next poll, and reads nothing more when the poll lists no new order', async () => {
    const t = await indexed()
    const index = () => t.call<{ count: number; syncedAt: string | null }>('orders.indexState')
    const polled = async (): Promise<void> => {
      const before = (await t.call<{ lastPollAt: string | null }>('orders.watchState')).lastPollAt
      t.clock.advance(CADENCE.idleMs)
      await vi.waitFor(async () => expect((await t.call<{ lastPollAt: string | null }>('orders.watchState')).lastPollAt).not.toBe(before), { timeout: 10_000 })
    }
    const dayReads = () => suite.sandbox.control.requestLog().filter((r) => r.path === '/orders' && r.query.includes('start_date')).length

    // A poll that lists only orders the index holds: the index is not read again.
    await polled()
    suite.sandbox.control.clearRequestLog()
    await polled()
    expect(dayReads()).toBe(0)

    // Another colleague's order, placed in the web shop: listed open by the next poll, then in the index.
    const count = (await index()).count
    const api = new TestClient(suite.sandbox)
    const address = { company_name: 'Apex', recipient_name: 'Goods In', addr_line_1: '1 High Street', city: 'London', postal_code: 'EC1A 1BB', country_code: 1 }
    const basket = await api.post<{ id: number }>('/baskets', { name: 'Placed elsewhere', purchase_order_number: 'PO-ELSEWHERE-1', shipping_address: address, shipping_type: 1, line_items: [{ product_code: SHOWCASE.accessPoint.sku, quantity: 1 }] })
    expect(basket.status).toBe(201)
    expect((await api.post(`/baskets/${basket.body.id}/submit`)).status).toBe(200)
    await polled()
    await vi.waitFor(async () => expect((await index()).count).toBe(count + 1), { timeout: 10_000 })
    expect(dayReads()).toBe(1)
    expect((await list(t, { text: 'PO-ELSEWHERE-1' })).rows.map((r) => r.id)).toEqual([basket.body.id])
  })
})

describe('a copy of the order history that cannot finish', () => {
  const state = (t: CoreUnderTest) => t.call<{ complete: boolean; count: number; problem: string | null }>('orders.indexState')
  const announced = (t: CoreUnderTest) => t.events.filter((e) => e.event === 'orders.indexChanged').map((e) => e.payload as { complete: boolean; problem: string | null })

  it('says the credentials were refused (not "copying…" for ever), and copies everything once the secret is entered again', async () => {
    const t = await suite.start()
    const id = await connect(t, suite.sandbox, { ...suite.sandbox.demo, clientSecret: 'wrong' })
    await vi.waitFor(async () => expect(await state(t)).toMatchObject({ complete: false, count: 0, problem: 'credentials' }), { timeout: 10_000 })
    // The view is told, as it is of every change of the index.
    expect(announced(t).at(-1)).toMatchObject({ complete: false, problem: 'credentials' })
    // The list says why it is empty: the same refusal, not an empty history.
    expect(await t.fail('orders.list', { filters: {}, page: 1, perPage: 100 })).toMatchObject({ code: 'unauthorized', fields: { problem: 'bad_credentials' } })

    await t.call('connection.save', { id, name: 'Test', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret })
    await vi.waitFor(async () => expect(await state(t)).toMatchObject({ complete: true, problem: null }), { timeout: 30_000 })
    expect((await state(t)).count).toBe(suite.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT').length)
  })

  it('says the service cannot be reached, and finishes the copy by itself once it answers again', async () => {
    const t = await suite.start()
    await suite.sandbox.control.pause()
    await connect(t, suite.sandbox)
    await vi.waitFor(async () => expect(await state(t)).toMatchObject({ complete: false, problem: 'unreachable' }), { timeout: 10_000 })
    await suite.sandbox.control.resume()
    // The connection's own probe (every 5 s while offline) finds the service again; the copy follows.
    t.clock.advance(5_000)
    await vi.waitFor(async () => expect(await state(t)).toMatchObject({ complete: true, problem: null }), { timeout: 30_000 })
  })

  it('says the service cannot be reached when a network sign-in page answers instead (hotel Wi-Fi), as the online state does', async () => {
    const t = await suite.start()
    suite.sandbox.control.injectFault({ kind: 'captivePortal', status: 511, match: { path: '^/orders' } })
    try {
      await connect(t, suite.sandbox)
      await vi.waitFor(async () => expect(await state(t)).toMatchObject({ complete: false, problem: 'unreachable' }), { timeout: 10_000 })
    } finally {
      suite.sandbox.control.clearFaults()
    }
    t.clock.advance(5_000)
    await vi.waitFor(async () => expect(await state(t)).toMatchObject({ complete: true, problem: null }), { timeout: 30_000 })
  })
})

describe('orders picked by id (the orders a grouped alert was about)', () => {
  // The orders asked of the service (the catalogue's own reading, e.g. of product groups, goes on beside it).
  const requests = () => suite.sandbox.control.requestLog().filter((r) => r.path.startsWith('/orders')).map((r) => `${r.method} ${r.path}`)

  it('lists exactly those orders, in the sort chosen and with the other filters, from the index', async () => {
    const t = await indexed()
    const all = suite.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT')
    const picked = [all[3]!, all[40]!, all[200]!, all[401]!, all[555]!]
    const ids = picked.map((o) => o.id)
    const page = await list(t, { ids, sort_by: '+total' })
    expect(page.total).toBe(picked.length)
    expect(page.rows.map((r) => r.id)).toEqual([...picked].sort((a, b) => a.total - b.total || a.id - b.id).map((o) => o.id))
    const status = picked[0]!.status
    const inStatus = await list(t, { ids, status: [status] })
    expect(inStatus.rows.map((r) => r.id).sort()).toEqual(picked.filter((o) => o.status === status).map((o) => o.id).sort())
    expect((await t.call<{ ids: number[] } | null>('orders.listIds', { filters: { ids, sort_by: '+total' } }))!.ids).toEqual(page.rows.map((r) => r.id))
  })

  it('lists them before the index is complete too, reading by id (once) the orders it does not hold', async () => {
    // The index's reading of the whole history fails (the watcher's list of open orders still answers).
    suite.sandbox.control.injectFault({ kind: 'status', status: 500, match: { method: 'GET', path: '^/orders$', query: '^(?!.*status)' } })
    const t = await suite.start()
    await connect(t, suite.sandbox)
    await t.call('orders.pollNow').catch(() => {})
    expect(await t.call('orders.indexState')).toMatchObject({ complete: false })
    const all = suite.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT')
    const picked = [all[10]!, all[300]!, all[590]!]
    suite.sandbox.control.clearRequestLog()
    const page = await list(t, { ids: picked.map((o) => o.id), sort_by: '-total' })
    expect(page.rows.map((r) => r.id)).toEqual([...picked].sort((a, b) => b.total - a.total || b.id - a.id).map((o) => o.id))
    expect(page).toMatchObject({ total: 3, fromCache: false })
    expect(requests().sort()).toEqual(picked.map((o) => `GET /orders/${o.id}`).sort())
    // Asked again (the view reloading): answered from what was read, nothing asked of the service.
    suite.sandbox.control.clearRequestLog()
    expect((await list(t, { ids: picked.map((o) => o.id), sort_by: '-total' })).rows).toEqual(page.rows)
    expect(requests()).toEqual([])
  })
})
