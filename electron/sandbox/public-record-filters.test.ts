import { describe, expect, it } from 'vitest'
import { recordSuite } from '../../tests/support/sandbox/record-suite'

/**
 * List filters as the public record describes them (spec 4.2; service-conventions.md "Lists":
 * different parameters ANDed, a repeated one ORed), each fact checked by a client written only from
 * the record (plain fetch over real HTTP).
 */
const rec = recordSuite({ products: 200, orders: 150, speed: 0, testMode: true })

type Row = Record<string, unknown> & { id: number }

describe('filters: different parameters ANDed, a repeated parameter ORed', () => {
  const ids = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b)

  it('organisation=5&organisation=10 lists the orders of both (ORed)', async () => {
    const five = await rec.api.all<Row>('/orders', { organisation: 5 })
    const ten = await rec.api.all<Row>('/orders', { organisation: 10 })
    expect(five.length).toBeGreaterThan(0)
    expect(ten.length).toBeGreaterThan(0)
    expect(ids(await rec.api.all<Row>('/orders', { organisation: [5, 10] }))).toEqual(ids([...five, ...ten]))
  })

  it('status=A&status=B and payment_type=X&payment_type=Y are ORed; status with payment_type is ANDed', async () => {
    const all = await rec.api.all<Row>('/orders')
    const failedOrCancelled = await rec.api.all<Row>('/orders', { status: ['FAILED', 'CANCELLED'] })
    expect(failedOrCancelled.length).toBeGreaterThan(0)
    expect(ids(failedOrCancelled)).toEqual(ids(all.filter((o) => o.status === 'FAILED' || o.status === 'CANCELLED')))
    expect(ids(await rec.api.all<Row>('/orders', { payment_type: ['ON_ACCOUNT', 'FINANCE'] }))).toEqual(ids(all))
    const finance = all.filter((o) => o.payment_type === 'FINANCE')
    expect(finance.length).toBeGreaterThan(0)
    const completeFinance = await rec.api.all<Row>('/orders', { status: 'COMPLETE', payment_type: 'FINANCE' })
    expect(ids(completeFinance)).toEqual(ids(finance.filter((o) => o.status === 'COMPLETE')))
    // Organisation AND status.
    expect(ids(await rec.api.all<Row>('/orders', { organisation: 5, status: 'COMPLETE' }))).toEqual(ids(all.filter((o) => o.organisation === 5 && o.status === 'COMPLETE')))
  })

  it('orders: every filter of spec 4.2 narrows as described and they combine by AND', async () => {
    const all = await rec.api.all<Row>('/orders')
    const totalsSorted = all.map((o) => o.total as number).sort((a, b) => a - b)
    const [low, high] = [totalsSorted[20]!, totalsSorted[100]!]
    const inRange = all.filter((o) => (o.total as number) >= low && (o.total as number) <= high)
    expect(ids(await rec.api.all<Row>('/orders', { value_from: low, value_to: high }))).toEqual(ids(inRange))
    const days = all.map((o) => (o.date as string).slice(0, 10)).sort()
    const [from, to] = [days[30]!, days[90]!]
    const between = all.filter((o) => (o.date as string).slice(0, 10) >= from && (o.date as string).slice(0, 10) <= to)
    expect(ids(await rec.api.all<Row>('/orders', { start_date: from, end_date: to }))).toEqual(ids(between))
    expect(ids(await rec.api.all<Row>('/orders', { start_date: from, end_date: to, value_from: low, value_to: high }))).toEqual(ids(between.filter((o) => inRange.includes(o))))
  })

  it('products: vendor and type ORed within, ANDed across, -1 selecting records with none', async () => {
    const all = await rec.api.all<Row>('/products')
    const noVendor = all.filter((p) => p.vendor === null || p.vendor === undefined)
    const noType = all.filter((p) => p.type === null || p.type === undefined)
    expect(noVendor.length).toBeGreaterThan(0)
    expect(ids(await rec.api.all<Row>('/products', { vendor: -1 }))).toEqual(ids(noVendor))
    expect(ids(await rec.api.all<Row>('/products', { type: -1 }))).toEqual(ids(noType))
    expect(ids(await rec.api.all<Row>('/products', { vendor: [-1, 1] }))).toEqual(ids(all.filter((p) => noVendor.includes(p) || p.vendor === 1)))
    expect(ids(await rec.api.all<Row>('/products', { vendor: [1, 2] }))).toEqual(ids(all.filter((p) => p.vendor === 1 || p.vendor === 2)))
    const type = all.find((p) => p.vendor === 1 && typeof p.type === 'number')!.type as number
    expect(ids(await rec.api.all<Row>('/products', { vendor: 1, type }))).toEqual(ids(all.filter((p) => p.vendor === 1 && p.type === type)))
  })

  it('users: organisation ORed, verified/disabled/password_reset ANDed with it', async () => {
    const all = await rec.api.all<Row>('/users')
    expect(ids(await rec.api.all<Row>('/users', { organisation: [5, 10] }))).toEqual(ids(all.filter((u) => u.organisation === 5 || u.organisation === 10)))
    expect(ids(await rec.api.all<Row>('/users', { verified: false }))).toEqual(ids(all.filter((u) => u.verified === false)))
    expect(ids(await rec.api.all<Row>('/users', { disabled: true }))).toEqual(ids(all.filter((u) => u.disabled === true)))
    expect(ids(await rec.api.all<Row>('/users', { password_reset: true, organisation: [1, 2, 3] }))).toEqual(ids(all.filter((u) => u.password_reset === true && [1, 2, 3].includes(u.organisation as number))))
  })

  it('a repeated text filter is ORed like any other repeated parameter', async () => {
    const stor = await rec.api.all<Row>('/products', { text: 'SUB-STOR' })
    const bkp = await rec.api.all<Row>('/products', { text: 'SUB-BKP' })
    const both = await rec.api.get<Row[]>('/products', { text: ['SUB-STOR', 'SUB-BKP'] })
    expect(both.status).toBe(200)
    expect(ids(both.body)).toEqual(ids([...stor, ...bkp]))
    const alex = await rec.api.all<Row>('/users', { text: 'Alex' })
    const zara = await rec.api.all<Row>('/users', { text: 'Zara' })
    expect(ids((await rec.api.get<Row[]>('/users', { text: ['Alex', 'Zara'] })).body)).toEqual(ids([...alex, ...zara]))
  })

  it('a repeated boolean or range filter is ORed too: verified=true&verified=false is everyone', async () => {
    const all = await rec.api.all<Row>('/users')
    const res = await rec.api.get<Row[]>('/users', { verified: ['true', 'false'] })
    expect(res.status).toBe(200)
    expect(ids(res.body)).toEqual(ids(all))
    const orders = await rec.api.all<Row>('/orders')
    const day = (orders[40]!.date as string).slice(0, 10)
    // date >= day OR date >= 2000-01-01: every order.
    expect((await rec.api.get<Row[]>('/orders', { start_date: [day, '2000-01-01'] })).body).toHaveLength(orders.length)
  })

  it('orders text matches the supplier reference and the purchase order number, in part and in any case', async () => {
    const all = await rec.api.all<Row>('/orders')
    const o = all.find((x) => typeof x.supplier_ref === 'string' && typeof x.purchase_order_number === 'string')!
    for (const text of [o.supplier_ref as string, o.purchase_order_number as string, (o.purchase_order_number as string).toLowerCase()]) {
      expect(ids(await rec.api.all<Row>('/orders', { text })), text).toContain(o.id)
    }
    const po = o.purchase_order_number as string
    const part = po.slice(0, -1)
    expect(ids(await rec.api.all<Row>('/orders', { text: part }))).toEqual(ids(all.filter((x) => typeof x.purchase_order_number === 'string' && x.purchase_order_number.toLowerCase().includes(part.toLowerCase()))))
  })

  it('users text matches the e-mail address as well as the name', async () => {
    const all = await rec.api.all<Row>('/users')
    const domain = (all[0]!.email_address as string).split('@')[1]!
    const byMail = await rec.api.all<Row>('/users', { text: `@${domain}` })
    expect(byMail.length).toBeGreaterThan(0)
    expect(ids(byMail)).toEqual(ids(all.filter((u) => (u.email_address as string).toLowerCase().includes(`@${domain}`))))
  })

  it('status takes every status of spec 3, DRAFT and PENDING_AUTHORISATION included', async () => {
    for (const status of ['DRAFT', 'CREATED', 'PROCESSING', 'ACCEPTED', 'PART_SHIPPED', 'SHIPPED', 'COMPLETE', 'ATTENTION_REQUIRED', 'FAILED', 'CANCELLED', 'PENDING_AUTHORISATION']) {
      const res = await rec.api.get<Row[]>('/orders', { status })
      expect(res.status, status).toBe(200)
      expect(res.body.every((o) => o.status === status), status).toBe(true)
    }
  })

  it('orders text matches only what spec 4.2 names (reference, supplier reference, purchase order): not the order\u2019s name or end user, nor a part of its id (the sandbox README: the id exactly)', async () => {
    const placed = await rec.api.post<Row>('/orders', {
      name: 'Zebra crossing kit',
      end_user: 'Quokka Valley Trust',
      purchase_order_number: 'PO-NARWHAL-7',
      shipping_address: { company_name: 'Text Co', addr_line_1: '1 Road', city: 'Leeds', postal_code: 'LS1 1AA', country_code: 1 },
      shipping_type: 1,
      line_items: [{ product_code: 'RTR-BRANCH-4G', quantity: 1 }],
    })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const found = async (text: string) => ids(await rec.api.all<Row>('/orders', { text }))
    expect(await found('NARWHAL')).toEqual([placed.body.id])
    expect(await found(String(placed.body.id))).toEqual([placed.body.id])
    expect(await found(`#${placed.body.id}`)).toEqual([placed.body.id])
    expect(await found('Zebra crossing')).toEqual([])
    expect(await found('Quokka')).toEqual([])
    expect(await found(String(placed.body.id).slice(0, -1))).not.toContain(placed.body.id)
  })
})

describe('the bounds of the order filters are inclusive (spec 4.2: total >= value, total <= value, on or after, on or before)', () => {
  const ids = (rows: Row[]) => rows.map((r) => r.id)

  it('value_from and value_to both equal to an order\u2019s total find it, for every order', async () => {
    const all = await rec.api.all<Row>('/orders')
    for (const o of all.slice(0, 60)) {
      const total = o.total as number
      const found = ids(await rec.api.all<Row>('/orders', { value_from: total, value_to: total }))
      expect(found, `order ${o.id} total ${total}`).toContain(o.id)
      expect(found.every((id) => all.find((x) => x.id === id)!.total === total)).toBe(true)
    }
  })

  it('start_date and end_date on an order\u2019s own day find it; the day after it (start) or before it (end) does not', async () => {
    const all = await rec.api.all<Row>('/orders')
    const shift = (day: string, by: number) => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10)
    for (const o of all.slice(0, 25)) {
      const day = (o.date as string).slice(0, 10)
      expect(ids(await rec.api.all<Row>('/orders', { start_date: day, end_date: day })), `order ${o.id}`).toContain(o.id)
      expect(ids(await rec.api.all<Row>('/orders', { start_date: shift(day, 1) })), `order ${o.id}`).not.toContain(o.id)
      expect(ids(await rec.api.all<Row>('/orders', { end_date: shift(day, -1) })), `order ${o.id}`).not.toContain(o.id)
    }
  })
})
