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
