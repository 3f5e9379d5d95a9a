import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Order, type BasketBody } from '../../shared/api'
import { SHOWCASE, startSandbox, type Sandbox } from '.'
import { TestClient } from '../../tests/support/sandbox/test-client'

const address = { addr_line_1: '1 High Street', city: 'London', postal_code: 'EC1A 1BB', country_code: 1 }
const body = (lines: BasketBody['line_items'], extra: Partial<BasketBody> = {}): BasketBody => ({ shipping_address: address, shipping_type: 1, line_items: lines, ...extra })

describe('driven workflow (speed 0)', () => {
  let sb: Sandbox
  let api: TestClient
  beforeAll(async () => {
    sb = await startSandbox({ products: 100, orders: 40, speed: 0, tokenTtlSeconds: 10 * 86_400, manualAuthorisation: true })
    api = new TestClient(sb)
  })
  afterAll(() => sb.close())
  const place = async (lines: BasketBody['line_items'], extra?: Partial<BasketBody>) => Order.parse((await api.post('/orders', body(lines, extra))).body)
  const get = async (id: number) => Order.parse((await api.get(`/orders/${id}`)).body)

  // Runs first: the tick test below moves every open order.
  it('has seeded history in every status, with shipments where shipped', () => {
    const orders = sb.control.listOrdersRaw()
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['CREATED', 'PROCESSING', 'ACCEPTED', 'PART_SHIPPED', 'SHIPPED', 'COMPLETE', 'ATTENTION_REQUIRED', 'FAILED', 'CANCELLED', 'PENDING_AUTHORISATION']))
    for (const o of orders.filter((x) => ['PART_SHIPPED', 'SHIPPED', 'COMPLETE'].includes(x.status))) expect(o.shipments.length).toBeGreaterThan(0)
    for (const o of orders.filter((x) => x.status === 'ATTENTION_REQUIRED')) expect(o.attention_required).toBeTruthy()
    expect(sb.control.listBasketsRaw().length).toBeGreaterThanOrEqual(14)
  })

  it('part-ships, ships and completes with shipments, tracking, units and serials', async () => {
    const o = await place([{ product: SHOWCASE.switch.id, quantity: 3 }, { product: SHOWCASE.accessPoint.id, quantity: 2 }])
    sb.control.transition(o.id, 'PROCESSING')
    const processing = await get(o.id)
    expect(processing.supplier_ref).toBe(`SUP-${o.id}`)
    sb.control.transition(o.id, 'ACCEPTED')
    const accepted = await get(o.id)
    expect(accepted.units).toHaveLength(5)
    expect(accepted.units.every((u) => u.serial === null)).toBe(true)
    sb.control.transition(o.id, 'PART_SHIPPED')
    const part = await get(o.id)
    expect(part.shipments).toHaveLength(1)
    expect(part.shipments[0]).toMatchObject({ reference: `SHP-${o.id}-1` })
    expect(part.shipments[0]!.tracking_number).toBeTruthy()
    expect(part.shipments[0]!.items.map((i) => [i.product, i.quantity])).toEqual([[SHOWCASE.switch.id, 3]])
    expect(part.shipments[0]!.items[0]!.serial_numbers).toHaveLength(3)
    expect(part.ship_final).toBe(false)
    sb.control.transition(o.id, 'SHIPPED')
    const shipped = await get(o.id)
    expect(shipped.shipments).toHaveLength(2)
    expect(shipped.shipments[1]!.items.map((i) => [i.product, i.quantity])).toEqual([[SHOWCASE.accessPoint.id, 2]])
    expect(shipped.units.every((u) => typeof u.serial === 'number')).toBe(true)
    expect(shipped.ship_final).toBe(true)
    sb.control.transition(o.id, 'COMPLETE')
    expect((await get(o.id)).status).toBe('COMPLETE')
    expect((await get(o.id)).shipments).toHaveLength(2)
  })

  it('ships everything at once when jumping straight to SHIPPED', async () => {
    const o = await place([{ product: SHOWCASE.switch.id, quantity: 1 }])
    sb.control.transition(o.id, 'SHIPPED')
    const shipped = await get(o.id)
    expect(shipped.shipments).toHaveLength(1)
    expect(shipped.shipments[0]!.items[0]!.serial_numbers).toHaveLength(1)
  })

  it('steps every open order once per tick', async () => {
    const o = await place([{ product: SHOWCASE.licence.id, quantity: 1 }])
    const seen = [o.status]
    for (let i = 0; i < 6; i++) {
      sb.control.tick()
      seen.push((await get(o.id)).status)
    }
    expect(seen.slice(0, 2)).toEqual(['CREATED', 'PROCESSING'])
    expect(['COMPLETE', 'ATTENTION_REQUIRED', 'FAILED']).toContain(seen[seen.length - 1])
  })

  it('never moves orders on its own at speed 0, not even when the clock moves', async () => {
    const o = await place([{ product: SHOWCASE.licence.id, quantity: 1 }])
    sb.control.advanceClock(86_400)
    expect((await get(o.id)).status).toBe('CREATED')
  })

  it('refuses to transition a basket or an unknown order', async () => {
    const b = (await api.post<{ id: number }>('/baskets', body([{ product: 5, quantity: 1 }]))).body
    expect(() => sb.control.transition(b.id, 'PROCESSING')).toThrow()
    expect(() => sb.control.transition(1, 'PROCESSING')).toThrow()
  })
})

describe('simulated workflow (speed > 0)', () => {
  let sb: Sandbox
  let api: TestClient
  beforeAll(async () => {
    sb = await startSandbox({ products: 100, orders: 80, speed: 100, tokenTtlSeconds: 10 * 86_400, manualAuthorisation: true })
    api = new TestClient(sb)
  })
  afterAll(() => sb.close())

  it('moves orders on by itself in real time', async () => {
    const o = Order.parse((await api.post('/orders', body([{ product: SHOWCASE.licence.id, quantity: 1 }]))).body)
    const deadline = Date.now() + 5000
    let status = o.status
    while (status === 'CREATED' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100))
      status = Order.parse((await api.get(`/orders/${o.id}`)).body).status
    }
    expect(status).not.toBe('CREATED')
  })

  it('catches up when the clock jumps: orders end COMPLETE, some in ATTENTION_REQUIRED or FAILED; manual ones wait', async () => {
    const ids: number[] = []
    for (let i = 0; i < 40; i++) ids.push(Order.parse((await api.post('/orders', body([{ product: SHOWCASE.switch.id, quantity: 2 }]))).body).id)
    const echo = new TestClient(sb, sb.clients.find((c) => c.organisationId === 10)!)
    const manual = Order.parse((await echo.post('/orders', body([{ product: SHOWCASE.switch.id, quantity: 20 }]))).body)
    expect(manual.status).toBe('PENDING_AUTHORISATION')
    sb.control.advanceClock(3600)
    const final = (await Promise.all(ids.map((id) => api.get<Order>(`/orders/${id}`)))).map((r) => Order.parse(r.body))
    const statuses = new Set(final.map((o) => o.status))
    expect([...statuses].every((s) => ['COMPLETE', 'ATTENTION_REQUIRED', 'FAILED'].includes(s))).toBe(true)
    expect(statuses.has('COMPLETE')).toBe(true)
    expect(statuses.has('ATTENTION_REQUIRED') || statuses.has('FAILED')).toBe(true)
    for (const o of final.filter((x) => x.status === 'ATTENTION_REQUIRED')) expect(o.attention_required).toBeTruthy()
    for (const o of final.filter((x) => x.status === 'COMPLETE')) expect(o.shipments.length).toBeGreaterThan(0)
    expect(Order.parse((await echo.get(`/orders/${manual.id}`)).body).status).toBe('PENDING_AUTHORISATION')
    // A resubmitted order resumes and is not sent to attention again.
    const attention = final.find((o) => o.status === 'ATTENTION_REQUIRED')
    expect(attention, 'an order needing attention to resubmit').toBeDefined()
    expect((await api.post(`/orders/${attention!.id}/resubmit`)).status).toBe(200)
    sb.control.advanceClock(3600)
    expect(Order.parse((await api.get(`/orders/${attention!.id}`)).body).status).toBe('COMPLETE')
  })
})

describe('simulated workflow at a set pace (movesPerMinute)', () => {
  let sb: Sandbox
  beforeAll(async () => {
    sb = await startSandbox({ products: 100, orders: 200, speed: 100, movesPerMinute: 3, tokenTtlSeconds: 10 * 86_400 })
  })
  afterAll(() => sb.close())

  it('moves a few orders a minute, however many are due', () => {
    const statuses = () => new Map(sb.control.listOrdersRaw().map((o) => [o.id, o.status]))
    // The seeded orders under way get their due times (within a second at this speed).
    sb.control.advanceClock(1)
    let before = statuses()
    const moved: number[] = []
    for (let minute = 0; minute < 3; minute++) {
      sb.control.advanceClock(60)
      const after = statuses()
      moved.push([...after].filter(([id, s]) => before.get(id) !== s).length)
      before = after
    }
    expect(moved.every((n) => n >= 1 && n <= 3), `moves per minute: ${moved.join(', ')}`).toBe(true)
  })
})
