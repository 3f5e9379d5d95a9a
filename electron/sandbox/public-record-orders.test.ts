import { describe, expect, it } from 'vitest'
import { RecordClient } from '../../tests/support/sandbox/record-client'
import { recordSuite } from '../../tests/support/sandbox/record-suite'

/**
 * Orders and their line items as the public record describes them (spec 2.8, 2.9, 3, 4.1, 8, 9;
 * service-conventions.md "Known endpoints", "Line items", "Orders"), each fact checked by a client
 * written only from the record (plain fetch over real HTTP). Only the status an order is put in for
 * a test is set through the sandbox's control, as the service operator would.
 */
const rec = recordSuite({ products: 60, orders: 200, speed: 0, testMode: true })

type Line = Record<string, unknown>
type Order = Record<string, unknown> & { id: number; status: string; line_items: Line[] }

/** The nine statuses of the public documentation. */
const PUBLIC_STATUSES = ['CREATED', 'PROCESSING', 'ACCEPTED', 'PART_SHIPPED', 'SHIPPED', 'COMPLETE', 'ATTENTION_REQUIRED', 'FAILED', 'CANCELLED']

const address = { company_name: 'Record Co', recipient_name: 'Goods In', addr_line_1: '1 Record Street', city: 'Leeds', postal_code: 'LS1 1AA', country_code: 1 }
const orderBody = (over: Record<string, unknown> = {}) => ({ purchase_order_number: 'PO-REC-1', shipping_address: address, shipping_type: 1, line_items: [{ product_code: 'SW-24P-POE', quantity: 1 }], name: 'Record order', ...over })

describe('POST /orders places an order directly, with a body very like a basket\u2019s; GET /orders/{id} follows it', () => {
  it('places the order in a public status and answers it again by id', async () => {
    const placed = await rec.api.post<Order>('/orders', orderBody({ ship_instructions: 'Dock 4', provisioning_instructions: 'VLAN 20', part_ship: false }))
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(Number.isInteger(placed.body.id)).toBe(true)
    expect(PUBLIC_STATUSES).toContain(placed.body.status)
    const got = await rec.api.get<Order>(`/orders/${placed.body.id}`)
    expect(got.status).toBe(200)
    expect(got.body).toMatchObject({ id: placed.body.id, purchase_order_number: 'PO-REC-1', shipping_type: 1, ship_instructions: 'Dock 4', provisioning_instructions: 'VLAN 20', part_ship: false, name: 'Record order' })
    expect(got.body.line_items[0]).toMatchObject({ product: 5, quantity: 1 })
  })

  it('tolerates request fields it does not know (a minor release may add optional ones)', async () => {
    const res = await rec.api.post<Order>('/orders', orderBody({ x_added_in_a_minor_release: { any: 'thing' }, line_items: [{ product_code: 'SW-24P-POE', quantity: 1, x_line_extra: true }] }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  })

  it('an order that cannot be placed says so of the order, not of a basket (no basket is involved)', async () => {
    const res = await rec.api.post<{ detail: string; errors: { field: string }[] }>('/orders', orderBody({ line_items: [] }))
    expect(res.status).toBe(422)
    expect(res.body.errors.map((e) => e.field)).toContain('line_items')
    expect(res.body.detail).toMatch(/order/i)
    expect(res.body.detail).not.toMatch(/basket/i)
  })

  it('a submitted basket keeps its id as the order id (spec 4.2 rule 3)', async () => {
    const basket = await rec.api.post<Order>('/baskets', orderBody({ name: 'Record basket' }))
    expect(basket.status).toBe(201)
    expect(basket.body.status).toBe('DRAFT')
    const submitted = await rec.api.post<Order>(`/baskets/${basket.body.id}/submit`)
    expect(submitted.status).toBe(200)
    expect(submitted.body.id).toBe(basket.body.id)
    expect((await rec.api.get<Order>(`/orders/${basket.body.id}`)).body.id).toBe(basket.body.id)
  })
})

describe('submit and resubmit, whose request bodies are not shown (spec 4.1, 4.2)', () => {
  it('take no body, an empty JSON object or JSON null alike', async () => {
    for (const body of [undefined, {}, null]) {
      const basket = (await rec.api.post<Order>('/baskets', orderBody({ name: 'Action body' }))).body
      const submitted = await rec.api.send<Order>('POST', `/baskets/${basket.id}/submit`, body)
      expect(submitted.status, JSON.stringify(body)).toBe(200)
      expect(submitted.body.id).toBe(basket.id)
      rec.sb.control.transition(basket.id, 'ATTENTION_REQUIRED', { reason: 'Check the address' })
      const resubmitted = await rec.api.send<Order>('POST', `/orders/${basket.id}/resubmit`, body)
      expect(resubmitted.status, JSON.stringify(body)).toBe(200)
      expect(resubmitted.body.status).not.toBe('ATTENTION_REQUIRED')
    }
  })
})

describe('a body read from the service goes back as it is (spec 4.2 "Modify basket: body as create")', () => {
  it('a basket read with GET, nulls and all, is accepted back by PUT unchanged', async () => {
    const basket = await rec.api.post<Order>('/baskets', orderBody({ name: 'Round trip', line_items: [{ product_code: 'SW-24P-POE', quantity: 2 }] }))
    expect(basket.status).toBe(201)
    const read = await rec.api.get<Order>(`/baskets/${basket.body.id}`)
    // The answer carries null for what is not set (here, at least the instructions): the point of the test.
    expect(Object.values(read.body).filter((v) => v === null).length).toBeGreaterThan(0)
    expect(Object.values(read.body.line_items[0]!).filter((v) => v === null).length).toBeGreaterThan(0)
    const back = await rec.api.send<Order>('PUT', `/baskets/${basket.body.id}`, read.body)
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    expect(back.body).toMatchObject({ id: basket.body.id, name: 'Round trip', purchase_order_number: 'PO-REC-1', shipping_type: 1 })
    expect(back.body.line_items).toHaveLength(1)
    expect(back.body.line_items[0]).toMatchObject({ product: 5, quantity: 2 })
  })

  it('null for an optional field is the field left out; null for a required one is named as missing', async () => {
    const placed = await rec.api.post<Order>('/orders', orderBody({ ship_instructions: null, part_ship: null, line_items: [{ product_code: 'SW-24P-POE', quantity: 1, markup: null }] }))
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const refused = await rec.api.post<{ errors: { field: string }[] }>('/orders', orderBody({ line_items: [{ product_code: 'SW-24P-POE', quantity: null }] }))
    expect(refused.status).toBe(422)
    expect(refused.body.errors.map((e) => e.field)).toContain('line_items.0.quantity')
  })
})

describe('line items: when both product and product_code are given, product wins (likewise the provisioning and maintenance pairs)', () => {
  it('uses the ids and ignores the SKUs beside them, even unknown ones', async () => {
    const res = await rec.api.post<Order>(
      '/orders',
      orderBody({
        line_items: [
          { product: 6, product_code: 'SW-24P-POE', quantity: 1, prov_product: 1, prov_product_code: 'NO-SUCH-PROV', maintenance_product: 3, maintenance_product_code: 'MAINT-3Y-4H' },
          { product: 5, product_code: 'NO-SUCH-SKU', quantity: 2 },
        ],
      }),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.line_items.map((l) => [l.product, l.prov_product, l.maintenance_product, l.quantity])).toEqual([
      [6, 1, 3, 1],
      [5, null, null, 2],
    ])
  })

  it('takes the SKU when no id is given', async () => {
    const res = await rec.api.post<Order>('/orders', orderBody({ line_items: [{ product_code: 'SW-24P-POE', quantity: 1, prov_product_code: 'PROV-CLOUD-STD', maintenance_product_code: 'MAINT-3Y-4H' }] }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.line_items[0]).toMatchObject({ product: 5, prov_product: 1, maintenance_product: 4 })
  })
})

describe('statuses and resubmit', () => {
  it('lists orders only in the nine public statuses; PENDING_AUTHORISATION is a filter value', async () => {
    const all = await rec.api.all<Order>('/orders')
    expect(all.length).toBeGreaterThan(100)
    for (const o of all) expect(PUBLIC_STATUSES, `order ${o.id}`).toContain(o.status)
    expect(new Set(all.map((o) => o.status))).toEqual(new Set(PUBLIC_STATUSES))
    const pending = await rec.api.get<Order[]>('/orders', { status: 'PENDING_AUTHORISATION' })
    expect(pending.status).toBe(200)
    expect(Array.isArray(pending.body)).toBe(true)
  })

  it('POST /orders/{id}/resubmit resumes an order in ATTENTION_REQUIRED, whose attention_required carries the reason', async () => {
    const placed = (await rec.api.post<Order>('/orders', orderBody())).body
    rec.sb.control.transition(placed.id, 'ATTENTION_REQUIRED', { reason: 'Delivery address needs a contact number' })
    const waiting = (await rec.api.get<Order>(`/orders/${placed.id}`)).body
    expect(waiting).toMatchObject({ status: 'ATTENTION_REQUIRED', attention_required: 'Delivery address needs a contact number' })
    const res = await rec.api.post<Order>(`/orders/${placed.id}/resubmit`)
    expect(res.status).toBeLessThan(300)
    expect((await rec.api.get<Order>(`/orders/${placed.id}`)).body.status).not.toBe('ATTENTION_REQUIRED')
  })

  it('refuses resubmit in every other status', async () => {
    const placed = (await rec.api.post<Order>('/orders', orderBody())).body
    for (const status of PUBLIC_STATUSES.filter((s) => s !== 'ATTENTION_REQUIRED')) {
      rec.sb.control.transition(placed.id, status as 'CREATED')
      const res = await rec.api.post(`/orders/${placed.id}/resubmit`)
      expect(res.status, status).toBeGreaterThanOrEqual(400)
      expect(res.status, status).toBeLessThan(500)
      expect((await rec.api.get<Order>(`/orders/${placed.id}`)).body.status).toBe(status)
    }
  })
})

describe('date-times are ISO 8601 without a zone designator (spec 2)', () => {
  const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/
  it('on orders and audit entries, with shipment dates as dates; the sandbox writes them in UTC', async () => {
    const all = await rec.api.all<Order & { date: string; shipments: { date: string }[] }>('/orders')
    for (const o of all) {
      expect(o.date, `order ${o.id}`).toMatch(DATE_TIME)
      for (const s of o.shipments) expect(s.date, `order ${o.id}`).toMatch(/^\d{4}-\d\d-\d\d$/)
    }
    expect(all.some((o) => o.shipments.length)).toBe(true)
    const user = (await rec.api.get<{ audit_logs: { timestamp: string }[] }>(`/users/${rec.sb.demo.userId}`)).body
    for (const entry of user.audit_logs) expect(entry.timestamp).toMatch(DATE_TIME)
    const before = Date.now()
    const placed = (await rec.api.post<Order & { date: string }>('/orders', orderBody())).body
    const placedAt = Date.parse(`${placed.date}Z`)
    expect(placedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
    expect(placedAt).toBeLessThanOrEqual(Date.now())
  })
})

describe('ship_instructions and provisioning_instructions: at most 3500 characters', () => {
  it('takes 3500 characters of each, round-tripped, and refuses 3501', async () => {
    const max = 'x'.repeat(3500)
    const ok = await rec.api.post<Order>('/orders', orderBody({ ship_instructions: max, provisioning_instructions: max }))
    expect(ok.status).toBe(201)
    expect((await rec.api.get<Order>(`/orders/${ok.body.id}`)).body).toMatchObject({ ship_instructions: max, provisioning_instructions: max })
    for (const field of ['ship_instructions', 'provisioning_instructions']) {
      for (const path of ['/orders', '/baskets']) {
        const res = await rec.api.post(path, orderBody({ [field]: `${max}x` }))
        expect(res.status, `${path} ${field}`).toBeGreaterThanOrEqual(400)
        expect(res.status, `${path} ${field}`).toBeLessThan(500)
      }
    }
  })
})

describe('statuses mean what spec 3 says of them', () => {
  it('PART_SHIPPED orders have shipped some but not all, SHIPPED and COMPLETE ones all, open ones none; ATTENTION_REQUIRED ones carry the reason', async () => {
    type Shipped = Order & { date: string; shipments: { items: { product: number; quantity: number }[] }[]; attention_required: string | null }
    // The orders as the service made them: the history, before this file moved any.
    const history = (await rec.api.all<Shipped>('/orders')).filter((o) => o.date < '2025-07-01')
    expect(new Set(history.map((o) => o.status))).toEqual(new Set(PUBLIC_STATUSES))
    for (const o of history) {
      const ordered = o.line_items.reduce((n, l) => n + (l.quantity as number), 0)
      const shipped = o.shipments.flatMap((s) => s.items).reduce((n, i) => n + i.quantity, 0)
      if (o.status === 'PART_SHIPPED') {
        expect(shipped, `order ${o.id}`).toBeGreaterThan(0)
        expect(shipped, `order ${o.id}`).toBeLessThan(ordered)
      } else if (o.status === 'SHIPPED' || o.status === 'COMPLETE') expect(shipped, `order ${o.id}`).toBe(ordered)
      else if (o.status !== 'CANCELLED' && o.status !== 'FAILED') expect(shipped, `order ${o.id} ${o.status}`).toBe(0)
      if (o.status === 'ATTENTION_REQUIRED') expect(o.attention_required, `order ${o.id}`).toMatch(/\S/)
    }
  })
})

describe('the 3500 of spec 8 counts characters, not UTF-16 units or bytes', () => {
  it('takes 3500 characters that are each two UTF-16 units (emoji), and refuses 3501 of them', async () => {
    const emoji = '\u{1F4E6}'
    const ok = await rec.api.post<Order>('/orders', orderBody({ ship_instructions: emoji.repeat(3500), provisioning_instructions: '\u00e9'.repeat(3500) }))
    expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(201)
    expect((await rec.api.get<Order>(`/orders/${ok.body.id}`)).body.ship_instructions).toBe(emoji.repeat(3500))
    const over = await rec.api.post<{ errors: { field: string }[] }>('/orders', orderBody({ ship_instructions: emoji.repeat(3501) }))
    expect(over.status).toBe(422)
    expect(over.body.errors.map((e) => e.field)).toEqual(['ship_instructions'])
  })
})

describe('cancelling is not an API operation (spec 3, public record): a sandbox answering like the real service has no cancel route', () => {
  const live = recordSuite({ products: 30, orders: 20, speed: 0, testMode: true, cancelOrder: false })

  it('answers POST /orders/{id}/cancel as an unknown path and leaves the order as it was', async () => {
    const placed = (await live.api.post<Order>('/orders', orderBody())).body
    const res = await live.api.post(`/orders/${placed.id}/cancel`, { reason: 'Ordered twice' })
    expect(res.status).toBe(404)
    expect((await live.api.get<Order>(`/orders/${placed.id}`)).body.status).toBe(placed.status)
    expect((await live.api.get<{ cancelOrder: boolean }>('/sandbox/capabilities')).body).toEqual({ cancelOrder: false })
  })
})

describe('fields of spec 2.8 and 2.9 as a request may give them', () => {
  it('part_ship defaults to true', async () => {
    const body = orderBody()
    expect(body).not.toHaveProperty('part_ship')
    const placed = await rec.api.post<Order>('/orders', body)
    expect(placed.status).toBe(201)
    expect((await rec.api.get<Order>(`/orders/${placed.body.id}`)).body.part_ship).toBe(true)
  })

  it('does not take response-only fields from a request: the service sets ids, status, prices, totals, references and approval', async () => {
    const finance = { company_name: 'Record Co', target: 'SELF', email_address: 'finance@record.example', term_length: 36, approved: true }
    const honest = (await rec.api.post<Order>('/orders', orderBody())).body
    const res = await rec.api.post<Order>(
      '/orders',
      orderBody({
        id: honest.id,
        status: 'COMPLETE',
        total: 0.01,
        ship_cost: 0,
        supplier_ref: 'MINE',
        manual_authorisation: true,
        attention_required: 'None',
        units: [{ id: 1, order: 1, product: 5, serial: 1 }],
        shipments: [{ reference: 'MINE', tracking_number: 'MINE', date: '2025-01-01', items: [] }],
        payment_type: 'FINANCE',
        finance,
        line_items: [{ product_code: 'SW-24P-POE', quantity: 1, id: 1, order: 1, name: 'Mine', price: 0.01, original_price: 0.01, sub_total_for_item: 0.01 }],
      }),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const got = (await rec.api.get<Order>(`/orders/${res.body.id}`)).body
    expect(got.id).not.toBe(honest.id)
    expect(PUBLIC_STATUSES).toContain(got.status)
    expect(got.status).not.toBe('COMPLETE')
    expect(got).toMatchObject({ total: honest.total, ship_cost: honest.ship_cost, manual_authorisation: false, units: [], shipments: [] })
    expect(got.supplier_ref).not.toBe('MINE')
    expect(got.attention_required).not.toBe('None')
    expect((got.finance as { approved: boolean }).approved).toBe(false)
    expect(got.line_items[0]).toMatchObject({ order: got.id, price: honest.line_items[0]!.price, sub_total_for_item: honest.line_items[0]!.sub_total_for_item, name: honest.line_items[0]!.name })
    expect(got.line_items[0]!.id).not.toBe(1)
  })

  it('markup is required on the lines of an order financed for the CUSTOMER, and a line discount only comes from a quote (spec 2.9)', async () => {
    const finance = { company_name: 'Record Co', target: 'CUSTOMER', email_address: 'finance@record.example', term_length: 36 }
    const unmarked = await rec.api.post<{ errors: { field: string }[] }>('/orders', orderBody({ payment_type: 'FINANCE', finance }))
    expect(unmarked.status).toBe(422)
    expect(unmarked.body.errors.map((e) => e.field)).toContain('line_items.0.markup')
    const marked = await rec.api.post<Order>('/orders', orderBody({ payment_type: 'FINANCE', finance, line_items: [{ product_code: 'SW-24P-POE', quantity: 1, markup: 15 }] }))
    expect(marked.status, JSON.stringify(marked.body)).toBe(201)
    expect(marked.body.line_items[0]!.markup).toBe(15)
    const discounted = await rec.api.post<{ errors: { field: string }[] }>('/orders', orderBody({ line_items: [{ product_code: 'SW-24P-POE', quantity: 1, discount: 10 }] }))
    expect(discounted.status).toBe(422)
    expect(discounted.body.errors.map((e) => e.field)).toContain('line_items.0.discount')
  })

  it('payment_type is ON_ACCOUNT or FINANCE: another is refused', async () => {
    const res = await rec.api.post<{ errors: { field: string }[] }>('/orders', orderBody({ payment_type: 'CARD' }))
    expect(res.status).toBe(422)
    expect(res.body.errors.map((e) => e.field)).toContain('payment_type')
  })
})

describe('baskets (spec 4.2)', () => {
  it('Add line item answers the created line item, with the response fields of 2.9', async () => {
    const basket = (await rec.api.post<Order>('/baskets', orderBody({ name: 'Line basket' }))).body
    const res = await rec.api.post<Line>(`/baskets/${basket.id}/line_items`, { product_code: 'RTR-BRANCH-4G', quantity: 3 })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ order: basket.id, product: 7, quantity: 3 })
    expect(Number.isInteger(res.body.id)).toBe(true)
    for (const f of ['name']) expect(typeof res.body[f], f).toBe('string')
    for (const f of ['price', 'original_price', 'sub_total_for_item']) expect(typeof res.body[f], f).toBe('number')
    const again = (await rec.api.get<Order>(`/baskets/${basket.id}`)).body
    expect(again.line_items.map((l) => l.id)).toContain(res.body.id)
  })

  it('List baskets lists the caller\u2019s own organisation\u2019s baskets', async () => {
    const child = rec.sb.clients.find((c) => c.organisationId === 2 && c.admin)!
    const childApi = await new RecordClient(rec.sb.url, child).signIn()
    const theirs = (await childApi.post<Order>('/baskets', orderBody({ name: 'Child basket' }))).body
    const mine = (await rec.api.post<Order>('/baskets', orderBody({ name: 'Parent basket' }))).body
    const listedForMe = (await rec.api.all<Order>('/baskets')).map((b) => b.id)
    const listedForChild = (await childApi.all<Order>('/baskets')).map((b) => b.id)
    expect(listedForMe).toContain(mine.id)
    expect(listedForMe).not.toContain(theirs.id)
    expect(listedForChild).toContain(theirs.id)
    expect(listedForChild).not.toContain(mine.id)
    for (const b of await rec.api.all<Order & { organisation: number }>('/baskets')) expect(b.organisation).toBe(rec.sb.demo.organisationId)
  })
})

describe('a basket is a limited view of an order: its attributes carry over to the order (spec 1, 2.8, 4.2)', () => {
  it('every field of Create basket is answered by the basket and again by the order it becomes', async () => {
    const finance = { company_number: '01234567', company_name: 'Record Co', target: 'CUSTOMER', email_address: 'finance@record.example', title: 'Ms', first_name: 'Ada', name: 'Record', contact_number: '0113 000 0000', term_length: 36, registered_address: address, trading_addresses: [address] }
    const create = {
      purchase_order_number: 'PO-CARRY-1',
      shipping_address: address,
      shipping_type: 1,
      ship_instructions: 'Ring the bell',
      end_user: 'Carry School',
      provisioning_instructions: 'VLAN 30',
      part_ship: false,
      name: 'Carry basket',
      payment_type: 'FINANCE',
      finance,
      line_items: [
        { product_code: 'SW-24P-POE', quantity: 2, prov_product_code: 'PROV-CLOUD-STD', maintenance_product_code: 'MAINT-1Y-NBD', markup: 12.5 },
        { product: 6, quantity: 1, markup: 5 },
      ],
    }
    const basket = await rec.api.post<Order>('/baskets', create)
    expect(basket.status, JSON.stringify(basket.body)).toBe(201)
    const { line_items: _l, finance: _f, ...scalar } = create
    const { approved: _a, ...financeRead } = { ...finance, approved: undefined }
    expect(basket.body).toMatchObject({ ...scalar, status: 'DRAFT', finance: financeRead })
    const read = (await rec.api.get<Order>(`/baskets/${basket.body.id}`)).body
    expect(read).toMatchObject({ ...scalar, finance: financeRead })
    const submitted = (await rec.api.post<Order>(`/baskets/${basket.body.id}/submit`)).body
    const order = (await rec.api.get<Order>(`/orders/${basket.body.id}`)).body
    for (const o of [submitted, order]) {
      expect(o).toMatchObject({ ...scalar, id: basket.body.id, finance: financeRead })
      expect(o.line_items.map((l) => [l.product, l.quantity, l.prov_product, l.maintenance_product, l.markup])).toEqual([
        [5, 2, 1, 3, 12.5],
        [6, 1, null, null, 5],
      ])
    }
    expect(PUBLIC_STATUSES).toContain(order.status)
  })

  it('once submitted it is an order, no longer a basket: gone from List baskets, in List orders', async () => {
    const basket = (await rec.api.post<Order>('/baskets', orderBody({ name: 'Gone from baskets' }))).body
    expect((await rec.api.all<Order>('/baskets')).map((b) => b.id)).toContain(basket.id)
    await rec.api.post(`/baskets/${basket.id}/submit`)
    expect((await rec.api.all<Order>('/baskets')).map((b) => b.id)).not.toContain(basket.id)
    expect((await rec.api.all<Order>('/orders')).map((o) => o.id)).toContain(basket.id)
  })

  it('Modify basket takes a body as create and answers the basket with it', async () => {
    const basket = (await rec.api.post<Order>('/baskets', orderBody({ name: 'Before modify' }))).body
    const change = orderBody({ name: 'After modify', purchase_order_number: 'PO-MOD-2', end_user: 'Modified Trust', ship_instructions: 'Back door', line_items: [{ product_code: 'RTR-BRANCH-4G', quantity: 4 }] })
    const res = await rec.api.send<Order>('PUT', `/baskets/${basket.id}`, change)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ id: basket.id, status: 'DRAFT', name: 'After modify', purchase_order_number: 'PO-MOD-2', end_user: 'Modified Trust', ship_instructions: 'Back door' })
    expect(res.body.line_items.map((l) => [l.product, l.quantity])).toEqual([[7, 4]])
    expect((await rec.api.get<Order>(`/baskets/${basket.id}`)).body).toMatchObject({ name: 'After modify', purchase_order_number: 'PO-MOD-2' })
  })
})

describe('types of an order\u2019s fields (spec 2: ids integers, money numbers; 2.8, 2.9)', () => {
  it('every order and basket: ids integers, money numbers, flags booleans, references strings, units and shipments as spec 2.8 types them', async () => {
    type Full = Order & { units: Record<string, unknown>[]; shipments: (Record<string, unknown> & { items: Record<string, unknown>[] })[] }
    const orders = [...(await rec.api.all<Full>('/orders')), ...(await rec.api.all<Full>('/baskets'))]
    const intOrNull = (v: unknown) => v === null || Number.isInteger(v)
    const strOrNull = (v: unknown) => v === null || typeof v === 'string'
    for (const o of orders) {
      const at = `order ${o.id}`
      expect(Number.isInteger(o.id), at).toBe(true)
      expect(Number.isInteger(o.organisation), at).toBe(true)
      for (const f of ['external_id', 'parent_id', 'shipping_type']) expect(intOrNull(o[f]), `${at} ${f}`).toBe(true)
      for (const f of ['total', 'ship_cost']) expect(typeof o[f], `${at} ${f}`).toBe('number')
      // Not set is null (the sandbox README's choice); set, a number.
      expect(o.discount === null || typeof o.discount === 'number', `${at} discount`).toBe(true)
      for (const f of ['ship_final', 'manual_authorisation', 'part_ship']) expect(typeof o[f], `${at} ${f}`).toBe('boolean')
      for (const f of ['purchase_order_number', 'supplier_ref', 'ship_instructions', 'end_user', 'provisioning_instructions', 'name', 'attention_required']) expect(strOrNull(o[f]), `${at} ${f}`).toBe(true)
      expect(['ON_ACCOUNT', 'FINANCE'], at).toContain(o.payment_type)
      expect(Array.isArray(o.linked_supplier_refs) && (o.linked_supplier_refs as unknown[]).every((r) => typeof r === 'string'), at).toBe(true)
      for (const l of o.line_items) {
        for (const f of ['id', 'order', 'product', 'quantity']) expect(Number.isInteger(l[f]), `${at} line ${f}`).toBe(true)
        expect(l.order, at).toBe(o.id)
        for (const f of ['price', 'original_price', 'sub_total_for_item']) expect(typeof l[f], `${at} line ${f}`).toBe('number')
        for (const f of ['prov_product', 'maintenance_product', 'selected_rate_plan', 'prov_organisation', 'prov_group', 'prov_site']) expect(intOrNull(l[f]), `${at} line ${f}`).toBe(true)
        expect(typeof l.name, at).toBe('string')
        if (l.prov_product !== null) expect([typeof l.prov_product_name, typeof l.prov_product_price], at).toEqual(['string', 'number'])
        if (l.maintenance_product !== null) expect([typeof l.maintenance_product_name, typeof l.maintenance_product_price], at).toEqual(['string', 'number'])
      }
      for (const u of o.units) {
        for (const f of ['id', 'order', 'product']) expect(Number.isInteger(u[f]), `${at} unit ${f}`).toBe(true)
        // A unit not shipped yet has no serial: null (the sandbox README's choice for what is not set).
        expect(intOrNull(u.serial), `${at} unit serial`).toBe(true)
      }
      for (const s of o.shipments) {
        for (const f of ['reference', 'tracking_number']) expect(typeof s[f], `${at} shipment ${f}`).toBe('string')
        for (const i of s.items) {
          expect(Number.isInteger(i.product) && Number.isInteger(i.quantity), at).toBe(true)
          expect([typeof i.name, typeof i.product_code], at).toEqual(['string', 'string'])
          expect((i.serial_numbers as unknown[]).every((n) => Number.isInteger(n)), `${at} serial_numbers`).toBe(true)
        }
      }
    }
    expect(orders.some((o) => o.units.length > 0)).toBe(true)
    expect(orders.some((o) => o.line_items.some((l) => l.prov_product !== null))).toBe(true)
  })

  it('a basket\u2019s date is a date-time without a zone designator too', async () => {
    for (const b of await rec.api.all<Order & { date: string }>('/baskets')) expect(b.date, `basket ${b.id}`).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/)
  })
})

describe('subscription line items (spec 2.9): the order object of the kind goes in, and the answer adds its fields', () => {
  it('storage_order and backup_order answer subscription_id; meeting_order answers subscription_id, meeting_order_type and meeting_order_sub_type', async () => {
    const meeting = { deal_registration_id: 'DR-9', deal_registration_approval_id: 'DRA-9', end_user_name: 'Ada Field', end_user_company: 'Fields Co', end_user_email: 'ada@fields.example' }
    const res = await rec.api.post<Order>('/orders', {
      end_user: 'Fields Co',
      line_items: [
        { product_code: 'SUB-STOR-BASE', quantity: 5, storage_order: { team_name: 'Fields', admin_email: 'it@fields.example' } },
        { product_code: 'SUB-BKP-BASE', quantity: 5, backup_order: { tenant_name: 'fields', admin_email: 'it@fields.example' } },
        { product_code: 'SUB-MEET-BASE', quantity: 5, meeting_order: meeting },
      ],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const [storage, backup, meet] = res.body.line_items as (Line & { storage_order: Line; backup_order: Line; meeting_order: Line })[]
    expect(storage!.storage_order).toMatchObject({ team_name: 'Fields', admin_email: 'it@fields.example' })
    expect(Number.isInteger(storage!.storage_order.subscription_id)).toBe(true)
    expect(backup!.backup_order).toMatchObject({ tenant_name: 'fields', admin_email: 'it@fields.example' })
    expect(Number.isInteger(backup!.backup_order.subscription_id)).toBe(true)
    expect(meet!.meeting_order).toMatchObject(meeting)
    expect(Number.isInteger(meet!.meeting_order.subscription_id)).toBe(true)
    expect(typeof meet!.meeting_order.meeting_order_type).toBe('string')
    expect(typeof meet!.meeting_order.meeting_order_sub_type).toBe('string')
  })

  it('selected_rate_plan buys that plan: rate_plan_details names it, with the line\u2019s id and its charges priced as numbers', async () => {
    const product = (await rec.api.get<Record<string, unknown> & { rate_plans: { id: number; name: string; default: boolean }[] }>('/products/9')).body
    const plan = product.rate_plans.find((p) => !p.default)!
    const res = await rec.api.post<Order>('/orders', { line_items: [{ product: 9, quantity: 5, selected_rate_plan: plan.id, storage_order: { team_name: 'Plans', admin_email: 'it@plans.example' } }] })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const line = res.body.line_items[0] as Line & { id: number; rate_plan_details: Line & { rate_plan_charges: Line[] } }
    expect(line.selected_rate_plan).toBe(plan.id)
    expect(line.rate_plan_details).toMatchObject({ id: plan.id, name: plan.name, line_item_id: line.id })
    expect(line.rate_plan_details.rate_plan_charges.length).toBeGreaterThan(0)
    for (const c of line.rate_plan_details.rate_plan_charges) {
      expect(c.rate_plan_id).toBe(plan.id)
      expect(typeof c.price).toBe('number')
    }
  })

  it('a partner-platform provisioning product takes prov_organisation, prov_group and prov_site, answered as given', async () => {
    const res = await rec.api.post<Order>('/orders', orderBody({ line_items: [{ product_code: 'SW-24P-POE', quantity: 1, prov_product_code: 'PROV-PARTNER-SITE', prov_organisation: 71, prov_group: 72, prov_site: 73 }] }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.line_items[0]).toMatchObject({ prov_product: 2, prov_organisation: 71, prov_group: 72, prov_site: 73 })
  })
})

describe('transitions of spec 3', () => {
  it('an order placed or submitted proceeds through the typical flow PROCESSING \u2192 ACCEPTED \u2192 SHIPPED \u2192 COMPLETE as the service processes it', async () => {
    const seen = new Map<number, string[]>()
    for (let i = 0; i < 12; i++) {
      const placed = (await rec.api.post<Order>('/orders', orderBody({ part_ship: false, name: `Flow ${i}` }))).body
      seen.set(placed.id, [placed.status])
    }
    for (let step = 0; step < 8; step++) {
      rec.sb.control.tick()
      for (const [id, path] of seen) {
        const now = (await rec.api.get<Order>(`/orders/${id}`)).body.status
        if (now !== path.at(-1)) path.push(now)
      }
    }
    const paths = [...seen.values()].map((p) => p.join(' > '))
    expect(paths).toContain('CREATED > PROCESSING > ACCEPTED > SHIPPED > COMPLETE')
    for (const p of paths) {
      expect(p.startsWith('CREATED > PROCESSING'), p).toBe(true)
      // From ACCEPTED on, forward only.
      if (p.includes('ACCEPTED')) expect(p.slice(p.indexOf('ACCEPTED')), p).toMatch(/^ACCEPTED( > (PART_SHIPPED|SHIPPED|COMPLETE))*$/)
    }
  })

  it('ATTENTION_REQUIRED waits for the issue to be resolved: service processing does not move it on', async () => {
    const placed = (await rec.api.post<Order>('/orders', orderBody())).body
    rec.sb.control.transition(placed.id, 'ATTENTION_REQUIRED', { reason: 'Credit check' })
    for (let i = 0; i < 5; i++) rec.sb.control.tick()
    expect((await rec.api.get<Order>(`/orders/${placed.id}`)).body).toMatchObject({ status: 'ATTENTION_REQUIRED', attention_required: 'Credit check' })
  })
})

describe('GET /orders/{id} with an id that is not an integer (spec 4.1: path parameter id, integer)', () => {
  it('is refused as a client error, never answered as an order or a server error', async () => {
    for (const id of ['abc', '1.5', '-1', '0']) {
      const res = await rec.api.get(`/orders/${id}`)
      expect(res.status, id).toBeGreaterThanOrEqual(400)
      expect(res.status, id).toBeLessThan(500)
    }
  })
})

describe('line prices are the caller\u2019s product prices (spec 2.7, 2.9)', () => {
  it('a line\u2019s price, prov_product_price and maintenance_product_price are the prices the product answers for the same caller, with the related products\u2019 names', async () => {
    const creds = rec.sb.clients.find((c) => c.organisationId === 7 && !c.admin)!
    const api = await new RecordClient(rec.sb.url, creds).signIn()
    type Related = { id: number; name: string; price: number }
    const product = (await api.get<{ name: string; price: number; provisioning: Related[]; maintenance: Related[] }>('/products/5')).body
    const [prov, maint] = [product.provisioning.find((r) => r.id === 1)!, product.maintenance.find((r) => r.id === 4)!]
    const placed = await api.post<Order>('/orders', orderBody({ line_items: [{ product: 5, quantity: 3, prov_product: 1, maintenance_product: 4 }] }))
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(placed.body.line_items[0]).toMatchObject({ name: product.name, price: product.price, original_price: product.price, prov_product_name: prov.name, prov_product_price: prov.price, maintenance_product_name: maint.name, maintenance_product_price: maint.price })
  })
})

describe('product wins over product_code on every write that takes line items (service-conventions.md "Line items")', () => {
  it('Add line item and Modify basket use the ids and ignore the SKUs beside them', async () => {
    const basket = (await rec.api.post<Order>('/baskets', orderBody({ name: 'Ids win' }))).body
    const added = await rec.api.post<Line>(`/baskets/${basket.id}/line_items`, { product: 6, product_code: 'NO-SUCH-SKU', quantity: 1, prov_product: 1, prov_product_code: 'MAINT-1Y-NBD', maintenance_product: 3, maintenance_product_code: 'NO-SUCH' })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ product: 6, prov_product: 1, maintenance_product: 3 })
    const modified = await rec.api.send<Order>('PUT', `/baskets/${basket.id}`, orderBody({ name: 'Ids win', line_items: [{ product: 7, product_code: 'SW-24P-POE', quantity: 2 }] }))
    expect(modified.status, JSON.stringify(modified.body)).toBe(200)
    expect(modified.body.line_items.map((l) => [l.product, l.quantity])).toEqual([[7, 2]])
  })
})

describe('a submitted basket is an order (spec 3): it is no longer written as a basket', () => {
  it('Modify basket, Add line item and Submit basket on it are refused, and the order stays as it was', async () => {
    const basket = (await rec.api.post<Order>('/baskets', orderBody({ name: 'Submitted once' }))).body
    const order = (await rec.api.post<Order>(`/baskets/${basket.id}/submit`)).body
    for (const [method, path, body] of [
      ['PUT', `/baskets/${basket.id}`, orderBody({ name: 'Changed after' })],
      ['POST', `/baskets/${basket.id}/line_items`, { product_code: 'RTR-BRANCH-4G', quantity: 1 }],
      ['POST', `/baskets/${basket.id}/submit`, undefined],
    ] as const) {
      const res = await rec.api.send(method, path, body)
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
      expect(res.status, `${method} ${path}`).toBeLessThan(500)
    }
    const after = (await rec.api.get<Order>(`/orders/${basket.id}`)).body
    expect(after).toMatchObject({ name: 'Submitted once', status: order.status })
    expect(after.line_items).toHaveLength(order.line_items.length)
  })
})

describe('X-Total-Count counts all matching results (service-conventions.md "Lists"), filters applied', () => {
  it('on orders, products and users with filters, the count is of what the filters match, and X-Total-Pages follows per_page', async () => {
    const cases: [string, Record<string, string | boolean | (string | number)[]>][] = [
      ['/orders', { status: ['COMPLETE', 'FAILED'] }],
      ['/orders', { payment_type: 'FINANCE', organisation: [4, 7] }],
      ['/products', { text: 'Maintenance' }],
      ['/users', { verified: true }],
    ]
    for (const [path, query] of cases) {
      const matching = await rec.api.all<Order>(path, query)
      const res = await rec.api.get<Order[]>(path, { ...query, per_page: 3 })
      expect(res.headers.get('x-total-count'), `${path} ${JSON.stringify(query)}`).toBe(String(matching.length))
      expect(res.headers.get('x-total-pages'), `${path} ${JSON.stringify(query)}`).toBe(String(Math.ceil(matching.length / 3)))
    }
  })
})

describe('finance and markup (spec 2.8, 2.9)', () => {
  const finance = (target: string) => ({ company_name: 'Record Co', target, email_address: 'finance@record.example', term_length: 36 })

  it('markup is required when the order has a finance object for the CUSTOMER, whatever its payment_type; for SELF it is not', async () => {
    for (const over of [{ payment_type: 'ON_ACCOUNT', finance: finance('CUSTOMER') }, { finance: finance('CUSTOMER') }]) {
      const res = await rec.api.post<{ errors: { field: string }[] }>('/orders', orderBody(over))
      expect(res.status, JSON.stringify(over)).toBe(422)
      expect(res.body.errors.map((e) => e.field)).toContain('line_items.0.markup')
    }
    expect((await rec.api.post('/orders', orderBody({ payment_type: 'FINANCE', finance: finance('SELF') }))).status).toBe(201)
  })

  it('a line added to a basket financed for the CUSTOMER needs markup too', async () => {
    const basket = await rec.api.post<Order>('/baskets', orderBody({ payment_type: 'FINANCE', finance: finance('CUSTOMER'), line_items: [{ product_code: 'SW-24P-POE', quantity: 1, markup: 8 }] }))
    expect(basket.status, JSON.stringify(basket.body)).toBe(201)
    const bare = await rec.api.post<{ errors: { field: string }[] }>(`/baskets/${basket.body.id}/line_items`, { product_code: 'RTR-BRANCH-4G', quantity: 1 })
    expect(bare.status).toBe(422)
    expect(bare.body.errors.map((e) => e.field).join(' ')).toMatch(/markup/)
    expect((await rec.api.post(`/baskets/${basket.body.id}/line_items`, { product_code: 'RTR-BRANCH-4G', quantity: 1, markup: 8 })).status).toBe(201)
  })
})

describe('addresses on orders (spec 2.4, 2.8; service-conventions.md: country_code is a country id)', () => {
  it('a country_code that is no id of GET /country_codes is refused, naming the address\u2019s field', async () => {
    const ids = (await rec.api.all<{ id: number }>('/country_codes')).map((c) => c.id)
    const unknown = Math.max(...ids) + 1
    const res = await rec.api.post<{ errors: { field: string }[] }>('/orders', orderBody({ shipping_address: { ...address, country_code: unknown } }))
    expect(res.status).toBe(422)
    expect(res.body.errors.map((e) => e.field)).toContain('shipping_address.country_code')
  })

  it('the shipping address is an Address without name: a saved address sent whole is answered without its label', async () => {
    const saved = (await rec.api.all<Record<string, unknown>>('/organisations/1/addresses'))[0]!
    expect(typeof saved.name).toBe('string')
    const res = await rec.api.post<Order & { shipping_address: Record<string, unknown> }>('/orders', orderBody({ shipping_address: saved }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const { name: _label, ...withoutName } = saved
    expect(res.body.shipping_address).not.toHaveProperty('name')
    expect(res.body.shipping_address).toMatchObject(Object.fromEntries(Object.entries(withoutName).filter(([, v]) => v !== null)))
  })
})

describe('cancelling (spec 3): from ATTENTION_REQUIRED to CANCELLED; from ACCEPTED on, no transition', () => {
  // The sandbox offers the web interface's cancel as a route it announces (GET /sandbox/capabilities).
  it('where cancel is offered, an order in ATTENTION_REQUIRED becomes CANCELLED, and one ACCEPTED or later is refused and stays as it was', async () => {
    expect((await rec.api.get<{ cancelOrder: boolean }>('/sandbox/capabilities')).body.cancelOrder).toBe(true)
    const waiting = (await rec.api.post<Order>('/orders', orderBody())).body
    rec.sb.control.transition(waiting.id, 'ATTENTION_REQUIRED', { reason: 'Stock check' })
    const cancelled = await rec.api.post<Order>(`/orders/${waiting.id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect((await rec.api.get<Order>(`/orders/${waiting.id}`)).body.status).toBe('CANCELLED')
    for (const status of ['ACCEPTED', 'PART_SHIPPED', 'SHIPPED', 'COMPLETE'] as const) {
      const placed = (await rec.api.post<Order>('/orders', orderBody())).body
      rec.sb.control.transition(placed.id, status)
      const res = await rec.api.post(`/orders/${placed.id}/cancel`)
      expect(res.status, status).toBeGreaterThanOrEqual(400)
      expect(res.status, status).toBeLessThan(500)
      expect((await rec.api.get<Order>(`/orders/${placed.id}`)).body.status, status).toBe(status)
    }
  })
})

describe('product wins even when it names no product (service-conventions.md "Line items")', () => {
  it('an unknown id beside a good SKU is refused on the id\u2019s field, never replaced by the SKU; likewise the provisioning and maintenance pairs', async () => {
    for (const [line, field] of [
      [{ product: 999999, product_code: 'SW-24P-POE', quantity: 1 }, 'line_items.0.product'],
      [{ product: 5, prov_product: 999999, prov_product_code: 'PROV-CLOUD-STD', quantity: 1 }, 'line_items.0.prov_product'],
      [{ product: 5, maintenance_product: 999999, maintenance_product_code: 'MAINT-1Y-NBD', quantity: 1 }, 'line_items.0.maintenance_product'],
    ] as const) {
      const res = await rec.api.post<{ errors: { field: string }[] }>('/orders', orderBody({ line_items: [line] }))
      expect(res.status, field).toBe(422)
      expect(res.body.errors.map((e) => e.field), field).toEqual([field])
    }
  })
})

describe('quantity is an integer (spec 2.9)', () => {
  it('a fractional or textual quantity is refused naming the line\u2019s quantity', async () => {
    for (const quantity of [1.5, '2']) {
      const res = await rec.api.post<{ errors: { field: string }[] }>('/orders', orderBody({ line_items: [{ product_code: 'SW-24P-POE', quantity }] }))
      expect(res.status, String(quantity)).toBe(422)
      expect(res.body.errors.map((e) => e.field)).toEqual(['line_items.0.quantity'])
    }
  })
})

describe('more of spec 2.8, 3, 4.2 and 8 on baskets and orders', () => {
  it('the 3500-character bound holds on Modify basket too', async () => {
    const basket = (await rec.api.post<Order>('/baskets', orderBody({ name: 'Bound on PUT' }))).body
    const max = 'y'.repeat(3500)
    const ok = await rec.api.send<Order>('PUT', `/baskets/${basket.id}`, orderBody({ ship_instructions: max, provisioning_instructions: max }))
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ ship_instructions: max, provisioning_instructions: max })
    for (const field of ['ship_instructions', 'provisioning_instructions']) {
      const res = await rec.api.send<{ errors: { field: string }[] }>('PUT', `/baskets/${basket.id}`, orderBody({ [field]: `${max}y` }))
      expect(res.status, field).toBe(422)
      expect(res.body.errors.map((e) => e.field)).toEqual([field])
    }
  })

  it('part_ship defaults to true on a basket too, and every basket listed is DRAFT', async () => {
    const basket = await rec.api.post<Order>('/baskets', orderBody({ name: 'Default part_ship' }))
    expect(basket.body.part_ship).toBe(true)
    for (const b of await rec.api.all<Order>('/baskets')) expect(b.status, `basket ${b.id}`).toBe('DRAFT')
  })

  it('an order placed is listed at once, and X-Total-Count grows by one', async () => {
    const before = Number((await rec.api.get('/orders', { per_page: 1 })).headers.get('x-total-count'))
    const placed = (await rec.api.post<Order>('/orders', orderBody({ name: 'Counted' }))).body
    const after = await rec.api.get<(Order & { date: string })[]>('/orders', { per_page: 1000 })
    expect(Number(after.headers.get('x-total-count'))).toBe(before + 1)
    // Newest first by default (-date): nothing listed before it is older.
    const at = after.body.findIndex((o) => o.id === placed.id)
    expect(at).toBeGreaterThanOrEqual(0)
    for (const o of after.body.slice(0, at)) expect(o.date >= after.body[at]!.date, `order ${o.id}`).toBe(true)
  })

  it('resubmit answers for the same order, and the order keeps its id and lines', async () => {
    const placed = (await rec.api.post<Order>('/orders', orderBody({ name: 'Resubmitted' }))).body
    rec.sb.control.transition(placed.id, 'ATTENTION_REQUIRED', { reason: 'Address check' })
    const res = await rec.api.post<Order>(`/orders/${placed.id}/resubmit`)
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(placed.id)
    const got = (await rec.api.get<Order>(`/orders/${placed.id}`)).body
    expect(got).toMatchObject({ id: placed.id, name: 'Resubmitted' })
    expect(got.line_items.map((l) => l.id)).toEqual(placed.line_items.map((l) => l.id))
  })
})

describe('units and shipments belong to their order (spec 2.8)', () => {
  it('each unit names its order and a product of the order\u2019s lines; each shipment item a product of its lines, never more than ordered', async () => {
    type Full = Order & { units: { order: number; product: number }[]; shipments: { items: { product: number; quantity: number }[] }[] }
    const all = await rec.api.all<Full>('/orders')
    expect(all.some((o) => o.units.length && o.shipments.length)).toBe(true)
    for (const o of all) {
      const ordered = new Map<number, number>()
      for (const l of o.line_items) ordered.set(l.product as number, (ordered.get(l.product as number) ?? 0) + (l.quantity as number))
      for (const u of o.units) {
        expect(u.order, `order ${o.id}`).toBe(o.id)
        expect(ordered.has(u.product), `order ${o.id} unit product ${u.product}`).toBe(true)
      }
      const shipped = new Map<number, number>()
      for (const i of o.shipments.flatMap((s) => s.items)) shipped.set(i.product, (shipped.get(i.product) ?? 0) + i.quantity)
      for (const [product, quantity] of shipped) expect(quantity, `order ${o.id} product ${product}`).toBeLessThanOrEqual(ordered.get(product) ?? 0)
    }
  })
})
