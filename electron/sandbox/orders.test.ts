import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Basket, LineItem, Order, Problem, type BasketBody, type FieldError } from '../../shared/api'
import { SHOWCASE, startSandbox, type Sandbox } from '.'
import { TestClient } from '../../tests/support/sandbox/test-client'

let sb: Sandbox
let api: TestClient
let buyer: TestClient

const address = { company_name: 'Apex', recipient_name: 'Goods In', addr_line_1: '1 High Street', city: 'London', postal_code: 'EC1A 1BB', country_code: 1 }
const basketBody = (extra: Partial<BasketBody> = {}): BasketBody => ({
  name: 'Test basket',
  purchase_order_number: 'PO-TEST-1',
  shipping_address: address,
  shipping_type: 1,
  line_items: [{ product_code: SHOWCASE.switch.sku, quantity: 2, prov_product_code: SHOWCASE.provisioning.sku }],
  ...extra,
})
const fields = (res: { body: unknown }) => ((res.body as Problem).errors ?? []).map((e: FieldError) => e.field)

beforeAll(async () => {
  sb = await startSandbox({ products: 300, orders: 200, speed: 0, testMode: true, manualAuthorisation: true })
  api = new TestClient(sb)
  buyer = new TestClient(sb, sb.clients.find((c) => c.organisationId === 1 && !c.admin)!)
})
afterAll(() => sb.close())

describe('baskets', () => {
  it('runs the official sample flow: token, whoami, country codes, shipping types, basket by SKU', async () => {
    expect((await api.get('/whoami')).status).toBe(200)
    const countries = (await api.get<{ id: number; iso_code: string }[]>('/country_codes')).body
    const types = (await api.get<{ id: number }[]>('/shipping_types')).body
    const res = await api.post('/baskets', {
      purchase_order_number: 'PO-SAMPLE-1',
      shipping_address: { ...address, country_code: countries.find((c) => c.iso_code === 'GB')!.id },
      shipping_type: types[0]!.id,
      provisioning_instructions: 'Please pre-configure VLAN 20',
      line_items: [
        { product_code: SHOWCASE.switch.sku, quantity: 1, prov_product_code: SHOWCASE.provisioning.sku },
        { product_code: SHOWCASE.accessPoint.sku, quantity: 3 },
      ],
      name: 'Sample basket',
    })
    expect(res.status, res.text).toBe(201)
    const basket = Basket.parse(res.body)
    expect(basket.status).toBe('DRAFT')
    expect(res.headers.location).toBe(`/api/v1/baskets/${basket.id}`)
    const [sw, ap] = basket.line_items
    expect(sw).toMatchObject({ product: SHOWCASE.switch.id, prov_product: SHOWCASE.provisioning.id, price: 420, prov_product_price: 25, sub_total_for_item: 445 })
    expect(ap!.sub_total_for_item).toBe(ap!.price * 3)
    expect(basket.ship_cost).toBe(9.95)
    expect(basket.total).toBe(Math.round((445 + ap!.price * 3 + 9.95) * 100) / 100)
  })

  it('round-trips name and purchase_order_number exactly and finds them again', async () => {
    const marker = 'wd:7f3a-ü ✓ "quoted" <tag> \\ 100%_'
    const created = Basket.parse((await api.post('/baskets', basketBody({ name: marker, purchase_order_number: `PO ${marker}` }))).body)
    expect(created.name).toBe(marker)
    expect(created.purchase_order_number).toBe(`PO ${marker}`)
    const listed = (await api.get<Basket[]>('/baskets')).body.find((b) => b.id === created.id)!
    expect(listed.name).toBe(marker)
    const order = Order.parse((await api.post(`/baskets/${created.id}/submit`)).body)
    expect(order.purchase_order_number).toBe(`PO ${marker}`)
    const found = (await api.get<Order[]>('/orders', { query: { text: 'wd:7F3A-Ü' } })).body
    expect(found.map((o) => o.id)).toEqual([created.id])
  })

  it('sorts baskets by name as people alphabetise them: an accented name is not listed after Z', async () => {
    const mine = ['Zinc basket', 'Ébène basket', 'ebony basket']
    for (const name of mine) expect((await api.post('/baskets', basketBody({ name }))).status).toBe(201)
    const names = async (sort_by: string) => (await api.get<Basket[]>('/baskets', { query: { sort_by } })).body.map((b) => b.name).filter((n) => mine.includes(n!))
    expect(await names('+name')).toEqual(['Ébène basket', 'ebony basket', 'Zinc basket'])
    expect(await names('-name')).toEqual(['Zinc basket', 'ebony basket', 'Ébène basket'])
  })

  it('resolves lines by id or SKU, the id winning when both are given', async () => {
    const res = await api.post<Basket>('/baskets', basketBody({ line_items: [{ product: SHOWCASE.accessPoint.id, product_code: SHOWCASE.switch.sku, quantity: 1 }, { product_code: 'sw-24p-poe', quantity: 1, maintenance_product_code: SHOWCASE.maintenance.sku }] }))
    expect(res.status).toBe(201)
    expect(res.body.line_items.map((l) => l.product)).toEqual([SHOWCASE.accessPoint.id, SHOWCASE.switch.id])
    expect(res.body.line_items[1]).toMatchObject({ maintenance_product: SHOWCASE.maintenance.id, maintenance_product_price: 45, sub_total_for_item: 465 })
  })

  it('names the field of an unknown or ambiguous SKU', async () => {
    const lines = [{ product_code: SHOWCASE.switch.sku, quantity: 1 }, { product: SHOWCASE.router.id, quantity: 1 }, { product_code: 'NO-SUCH-SKU', quantity: 1 }, { product_code: SHOWCASE.ambiguousSku, quantity: 1 }]
    const res = await api.post('/baskets', basketBody({ line_items: lines }))
    expect(res.status).toBe(422)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(fields(res)).toEqual(['line_items.2.product_code', 'line_items.3.product_code'])
    const ok = await api.post<Basket>('/baskets', basketBody({ line_items: [{ product: SHOWCASE.ambiguousIds[1], product_code: SHOWCASE.ambiguousSku, quantity: 1 }] }))
    expect(ok.status).toBe(201)
    expect(ok.body.line_items[0]!.product).toBe(SHOWCASE.ambiguousIds[1])
  })

  it('checks provisioning, maintenance and partner-platform fields', async () => {
    const wrongProv = await api.post('/baskets', basketBody({ line_items: [{ product: SHOWCASE.router.id, quantity: 1, prov_product_code: SHOWCASE.provisioning.sku, maintenance_product: SHOWCASE.maintenance3y.id }] }))
    expect(fields(wrongProv)).toEqual(['line_items.0.prov_product_code', 'line_items.0.maintenance_product'])
    const partner = await api.post('/baskets', basketBody({ line_items: [{ product: SHOWCASE.firewall.id, quantity: 1, prov_product_code: SHOWCASE.partnerProvisioning.sku }] }))
    expect(fields(partner)).toEqual(['line_items.0.prov_organisation', 'line_items.0.prov_group', 'line_items.0.prov_site'])
    const ok = await api.post<Basket>('/baskets', basketBody({ line_items: [{ product: SHOWCASE.firewall.id, quantity: 1, prov_product: SHOWCASE.partnerProvisioning.id, prov_organisation: 7, prov_group: 8, prov_site: 9 }] }))
    expect(ok.status).toBe(201)
    expect(ok.body.line_items[0]).toMatchObject({ prov_organisation: 7, prov_group: 8, prov_site: 9, prov_product_name: 'Partner Platform Site Provisioning' })
  })

  it('allows discounts only from quotes and requires markup for customer finance', async () => {
    expect(fields(await api.post('/baskets', basketBody({ line_items: [{ product: SHOWCASE.switch.id, quantity: 1, discount: 10 }] })))).toEqual(['line_items.0.discount'])
    const finance = { target: 'CUSTOMER' as const, company_name: 'Echo Dental', email_address: 'a@b.example' }
    const noMarkup = await api.post('/baskets', basketBody({ payment_type: 'FINANCE', finance, line_items: [{ product: SHOWCASE.switch.id, quantity: 1 }, { product: SHOWCASE.router.id, quantity: 1, markup: 5 }] }))
    expect(fields(noMarkup)).toEqual(['line_items.0.markup'])
    const ok = await api.post<Basket>('/baskets', basketBody({ payment_type: 'FINANCE', finance, line_items: [{ product: SHOWCASE.switch.id, quantity: 1, markup: 12.5 }] }))
    expect(ok.status).toBe(201)
    expect(ok.body.line_items[0]!.markup).toBe(12.5)
    expect(ok.body.finance).toMatchObject({ target: 'CUSTOMER', approved: false })
    expect(fields(await api.post('/baskets', basketBody({ payment_type: 'FINANCE' })))).toEqual(['finance'])
    const line = await api.post(`/baskets/${ok.body.id}/line_items`, { product: SHOWCASE.router.id, quantity: 1 })
    expect(fields(line)).toEqual(['markup'])
  })

  it('limits instructions to 3500 characters', async () => {
    expect((await api.post('/baskets', basketBody({ ship_instructions: 'x'.repeat(3500), provisioning_instructions: 'y'.repeat(3500) }))).status).toBe(201)
    expect(fields(await api.post('/baskets', basketBody({ ship_instructions: 'x'.repeat(3501), provisioning_instructions: 'y'.repeat(3501) })))).toEqual(['ship_instructions', 'provisioning_instructions'])
  })

  it('validates subscription order data against the product kind and rate plans', async () => {
    const storage = { team_name: 'Design', admin_email: 'it@apex.example' }
    const cases: [BasketBody['line_items'], string[]][] = [
      [[{ product: SHOWCASE.storage.id, quantity: 5 }], ['line_items.0.storage_order']],
      [[{ product: SHOWCASE.switch.id, quantity: 1, storage_order: storage }], ['line_items.0.storage_order']],
      [[{ product: SHOWCASE.backup.id, quantity: 1, storage_order: storage }], ['line_items.0.storage_order', 'line_items.0.backup_order']],
      [[{ product: SHOWCASE.storage.id, quantity: 100_000, storage_order: storage }], ['line_items.0.quantity']],
      [[{ product: SHOWCASE.storage.id, quantity: 5, storage_order: storage, selected_rate_plan: 999_999 }], ['line_items.0.selected_rate_plan']],
      [[{ product: SHOWCASE.switch.id, quantity: 1, selected_rate_plan: 1 }], ['line_items.0.selected_rate_plan']],
    ]
    for (const [line_items, expected] of cases) expect(fields(await api.post('/baskets', basketBody({ line_items }))), JSON.stringify(line_items)).toEqual(expected)
    const product = (await api.get<{ rate_plans: { id: number; default: boolean; min_quantity: number }[] }>(`/products/${SHOWCASE.storage.id}`)).body
    const annual = product.rate_plans.find((p) => !p.default)!
    expect(fields(await api.post('/baskets', basketBody({ line_items: [{ product: SHOWCASE.storage.id, quantity: annual.min_quantity - 1, selected_rate_plan: annual.id, storage_order: storage }] })))).toEqual(['line_items.0.quantity'])
    const meeting = { end_user_name: 'Pat', end_user_company: 'Echo', end_user_email: 'pat@echo.example' }
    const res = await api.post<Basket>('/baskets', basketBody({
      line_items: [
        { product: SHOWCASE.storage.id, quantity: 10, selected_rate_plan: annual.id, storage_order: storage },
        { product: SHOWCASE.backup.id, quantity: 3, backup_order: { tenant_name: 'apex', admin_email: 'it@apex.example' } },
        { product: SHOWCASE.meeting.id, quantity: 2, meeting_order: meeting },
      ],
    }))
    expect(res.status, res.text).toBe(201)
    const [st] = res.body.line_items
    expect(st!.rate_plan_details).toMatchObject({ id: annual.id, line_item_id: st!.id })
    expect(st!.price).toBeCloseTo(8 * 0.9, 2)
    expect(st!.storage_order).toMatchObject({ ...storage, subscription_id: null })
    const order = Order.parse((await api.post(`/baskets/${res.body.id}/submit`)).body)
    expect(order.line_items[0]!.storage_order!.subscription_id).toBeGreaterThan(0)
    expect(order.line_items[2]!.meeting_order).toMatchObject({ ...meeting, meeting_order_type: 'NEW', meeting_order_sub_type: 'BASE' })
    expect(order.line_items[2]!.meeting_order!.subscription_id).toBeGreaterThan(0)
  })

  it('acts for a descendant organisation named in the body, never an ancestor or sibling', async () => {
    const org4 = new TestClient(sb, sb.clients.find((c) => c.organisationId === 4 && c.admin)!)
    const ok = await org4.post<Basket>('/baskets', basketBody({ organisation: 10 }))
    expect(ok.status).toBe(201)
    expect(ok.body.organisation).toBe(10)
    expect(ok.body.line_items[0]!.price).toBe(504)
    for (const organisation of [1, 2, 5, 999]) expect(fields(await org4.post('/baskets', basketBody({ organisation }))), String(organisation)).toEqual(['organisation'])
    expect((await new TestClient(sb, sb.clients.find((c) => c.organisationId === 10)!).get(`/baskets/${ok.body.id}`)).status).toBe(200)
  })

  it('lists the own organisation\u2019s baskets with paging headers and sorting', async () => {
    const res = await api.get<Basket[]>('/baskets')
    expect(res.status).toBe(200)
    expect(res.body.every((b) => b.status === 'DRAFT' && b.organisation === 1)).toBe(true)
    expect(res.headers['x-total-count']).toBe(String(res.body.length))
    // By name as people alphabetise: case and accents set aside (the sort is stable, so equal names keep their order).
    const names = res.body.map((b) => b.name ?? '')
    expect(names).toEqual([...names].sort(new Intl.Collator('und', { sensitivity: 'base' }).compare))
    const totals = (await api.get<Basket[]>('/baskets', { query: { sort_by: '-total' } })).body.map((b) => b.total)
    expect(totals).toEqual([...totals].sort((a, b) => b - a))
    expect((await api.get<Basket[]>('/baskets', { query: { per_page: 1, page: 2 } })).body).toHaveLength(1)
  })

  it('modifies (full replace) and adds line items', async () => {
    const b = Basket.parse((await buyer.post('/baskets', basketBody())).body)
    const put = await buyer.put<Basket>(`/baskets/${b.id}`, { name: 'Replaced', line_items: [{ product: SHOWCASE.licence.id, quantity: 4 }] })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ id: b.id, name: 'Replaced', purchase_order_number: null, shipping_type: null, ship_cost: 0 })
    expect(put.body.line_items.map((l) => l.product)).toEqual([SHOWCASE.licence.id])
    const added = await buyer.post(`/baskets/${b.id}/line_items`, { product_code: SHOWCASE.router.sku, quantity: 2 })
    expect(added.status).toBe(201)
    const line = LineItem.parse(added.body)
    expect(line.order).toBe(b.id)
    const after = Basket.parse((await buyer.get(`/baskets/${b.id}`)).body)
    expect(after.line_items.map((l) => l.id)).toEqual([put.body.line_items[0]!.id, line.id])
    expect(after.total).toBe(Math.round((put.body.total + line.sub_total_for_item) * 100) / 100)
    expect(fields(await buyer.post(`/baskets/${b.id}/line_items`, { product_code: 'NOPE', quantity: 1 }))).toEqual(['product_code'])
  })

  it('re-prices baskets when buy prices rise, keeping original_price', async () => {
    const b = Basket.parse((await api.post('/baskets', basketBody({ line_items: [{ product: SHOWCASE.phone.id, quantity: 2 }] }))).body)
    sb.control.raisePrices([SHOWCASE.phone.id], 10)
    const after = Basket.parse((await api.get(`/baskets/${b.id}`)).body)
    expect(after.line_items[0]!.original_price).toBe(b.line_items[0]!.price)
    expect(after.line_items[0]!.price).toBeCloseTo(b.line_items[0]!.price * 1.1, 2)
    expect(after.total).toBeGreaterThan(b.total)
  })

  it('submits a basket as the order with the same id; the basket is gone', async () => {
    const b = Basket.parse((await buyer.post('/baskets', basketBody())).body)
    const res = await buyer.post<Order>(`/baskets/${b.id}/submit`)
    expect(res.status).toBe(200)
    expect(res.headers.location).toBe(`/api/v1/orders/${b.id}`)
    const order = Order.parse(res.body)
    expect(order).toMatchObject({ id: b.id, status: 'CREATED', name: b.name, purchase_order_number: b.purchase_order_number })
    expect(order.external_id).toBeGreaterThan(0)
    expect((await buyer.get(`/baskets/${b.id}`)).status).toBe(404)
    expect((await buyer.get(`/orders/${b.id}`)).status).toBe(200)
    expect((await buyer.post(`/baskets/${b.id}/submit`)).status).toBe(409)
    expect((await buyer.put(`/baskets/${b.id}`, basketBody())).status).toBe(409)
    expect((await buyer.post(`/baskets/${b.id}/line_items`, { product: 5, quantity: 1 })).status).toBe(409)
    expect((await buyer.get<Basket[]>('/baskets')).body.map((x) => x.id)).not.toContain(b.id)
  })

  it('refuses to submit an empty basket or goods without an address', async () => {
    const empty = Basket.parse((await api.post('/baskets', { name: 'Empty' })).body)
    expect(fields(await api.post(`/baskets/${empty.id}/submit`))).toEqual(['line_items'])
    const noAddress = Basket.parse((await api.post('/baskets', { line_items: [{ product: SHOWCASE.switch.id, quantity: 1 }] })).body)
    expect(fields(await api.post(`/baskets/${noAddress.id}/submit`))).toEqual(['shipping_address', 'shipping_type'])
    const licences = Basket.parse((await api.post('/baskets', { line_items: [{ product: SHOWCASE.licence.id, quantity: 1 }] })).body)
    expect((await api.post(`/baskets/${licences.id}/submit`)).status).toBe(200)
  })

  it('holds orders over the organisation\u2019s authorisation limit in PENDING_AUTHORISATION', async () => {
    const echo = new TestClient(sb, sb.clients.find((c) => c.organisationId === 10 && !c.admin)!)
    const big = await echo.post<Order>('/orders', basketBody({ line_items: [{ product: SHOWCASE.switch.id, quantity: 10 }] }))
    expect(big.status).toBe(201)
    expect(big.body).toMatchObject({ status: 'PENDING_AUTHORISATION', manual_authorisation: true })
    const small = await echo.post<Order>('/orders', basketBody({ line_items: [{ product: SHOWCASE.switch.id, quantity: 1 }] }))
    expect(small.body).toMatchObject({ status: 'CREATED', manual_authorisation: false })
  })

  it('answers 400, 415 and 422 for malformed bodies', async () => {
    expect((await api.call('POST', '/baskets', { raw: '{"name": ', contentType: 'application/json' })).status).toBe(400)
    expect((await api.call('POST', '/baskets', { raw: 'name=x', contentType: 'application/x-www-form-urlencoded' })).status).toBe(415)
    expect((await api.call('POST', '/baskets', { raw: '{}' })).status).toBe(415)
    expect((await api.call('POST', '/baskets', { raw: '[]', contentType: 'application/json' })).status).toBe(422)
    expect((await api.call('POST', '/baskets', { raw: 'null', contentType: 'application/json; charset=utf-8' })).status).toBe(422)
    const res = await api.post('/baskets', { line_items: [{ quantity: 0 }], shipping_type: 'one' })
    expect(res.status).toBe(422)
    expect(fields(res)).toEqual(expect.arrayContaining(['line_items.0.quantity', 'line_items.0.product_code', 'shipping_type']))
    expect(fields(await api.post('/baskets', { shipping_type: 99, shipping_address: { ...address, country_code: 999 } }))).toEqual(['shipping_type', 'shipping_address.country_code'])
    // Unknown fields are ignored.
    expect((await api.post('/baskets', { ...basketBody(), colour: 'blue', line_items: [{ product: 5, quantity: 1, note: 'x' }] })).status).toBe(201)
  })

  it('refuses a basket, a basket edit, a submit and an order whose shipping type does not deliver to the address country', async () => {
    const france = { ...address, country_code: 3 }
    const refused = await api.post<Problem>('/baskets', basketBody({ shipping_address: france, shipping_type: 1 }))
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual([{ field: 'shipping_type', message: 'UK Standard Next Day Delivery does not deliver to France' }])
    // Excluded countries: International Express goes anywhere but the United Kingdom.
    expect(fields(await api.post('/orders', basketBody({ shipping_type: 6 })))).toEqual(['shipping_type'])
    expect((await api.post('/baskets', basketBody({ shipping_address: france, shipping_type: 6 }))).status).toBe(201)
    expect((await api.post('/baskets', basketBody({ shipping_address: france, shipping_type: 5 }))).status).toBe(201)
    expect((await api.post('/baskets', basketBody({ shipping_address: france, shipping_type: 7 }))).status).toBe(201)
    const b = (await api.post<Basket>('/baskets', basketBody())).body
    expect(fields(await api.put(`/baskets/${b.id}`, basketBody({ shipping_address: france })))).toEqual(['shipping_type'])
    // The service's list changes under a basket: its submit is refused on the same field, and the basket stays.
    sb.control.setShippingCountries(1, [2], false)
    try {
      expect(fields(await api.post(`/baskets/${b.id}/submit`))).toEqual(['shipping_type'])
      expect((await api.get(`/baskets/${b.id}`)).status).toBe(200)
    } finally {
      sb.control.setShippingCountries(1, [1], false)
    }
  })
})

describe('order fields spec 2.8 gives only a type for (the sandbox README: "What the record leaves not shown")', () => {
  it('external_id is 500000 + id once placed (null on a basket), parent_id null, ship_final true from SHIPPED on, the order discount null', async () => {
    const basket = await api.post<Basket>('/baskets', basketBody())
    expect(basket.status).toBe(201)
    expect(basket.body).toMatchObject({ external_id: null, parent_id: null, ship_final: false, discount: null })
    const placed = await api.post<Order>(`/baskets/${basket.body.id}/submit`)
    expect(placed.body).toMatchObject({ external_id: 500_000 + basket.body.id, parent_id: null, ship_final: false, discount: null })
    const all = (await api.get<Order[]>('/orders')).body
    expect(all.every((o) => o.external_id === 500_000 + o.id && o.parent_id === null && o.discount === null)).toBe(true)
    expect(all.every((o) => o.ship_final === (o.status === 'SHIPPED' || o.status === 'COMPLETE'))).toBe(true)
    sb.control.transition(placed.body.id, 'PROCESSING')
    sb.control.transition(placed.body.id, 'ACCEPTED')
    sb.control.transition(placed.body.id, 'SHIPPED')
    expect((await api.get<Order>(`/orders/${placed.body.id}`)).body.ship_final).toBe(true)
  })
})

describe('orders', () => {
  it('places an order directly', async () => {
    const res = await buyer.post<Order>('/orders', basketBody({ purchase_order_number: 'PO-DIRECT' }))
    expect(res.status).toBe(201)
    expect(Order.parse(res.body)).toMatchObject({ status: 'CREATED', purchase_order_number: 'PO-DIRECT' })
    expect(res.headers.location).toBe(`/api/v1/orders/${res.body.id}`)
    expect(fields(await buyer.post('/orders', { name: 'nothing' }))).toEqual(['line_items'])
  })

  it('lists orders (never baskets) with every filter', async () => {
    const all = (await api.get<Order[]>('/orders')).body
    expect(all.length).toBeGreaterThan(100)
    expect(all.every((o) => o.status !== 'DRAFT')).toBe(true)
    const dates = all.map((o) => o.date!)
    expect(dates).toEqual([...dates].sort().reverse())
    const q = async (query: Record<string, string | number | (string | number)[]>) => {
      const res = await api.get<Order[]>('/orders', { query })
      expect(res.status, JSON.stringify(query)).toBe(200)
      expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(res.body.length)
      return res.body
    }
    expect((await q({ status: 'COMPLETE' })).every((o) => o.status === 'COMPLETE')).toBe(true)
    const two = await q({ status: ['FAILED', 'CANCELLED'] })
    expect(new Set(two.map((o) => o.status))).toEqual(new Set(['FAILED', 'CANCELLED']))
    expect((await q({ status: 'PENDING_AUTHORISATION' })).length).toBeGreaterThan(0)
    expect((await q({ status: 'DRAFT' })).length).toBe(0)
    expect((await q({ payment_type: 'FINANCE' })).every((o) => o.payment_type === 'FINANCE')).toBe(true)
    expect((await q({ organisation: [4, 7] })).every((o) => [4, 7].includes(o.organisation))).toBe(true)
    expect((await q({ value_from: 1000, value_to: 2000 })).every((o) => o.total >= 1000 && o.total <= 2000)).toBe(true)
    const some = all[10]!
    const day = some.date!.slice(0, 10)
    expect((await q({ start_date: day, end_date: day })).every((o) => o.date!.startsWith(day))).toBe(true)
    expect((await q({ start_date: day })).every((o) => o.date! >= day)).toBe(true)
    expect((await q({ text: String(some.id) })).map((o) => o.id)).toEqual([some.id])
    const shipped = all.find((o) => o.supplier_ref)!
    expect((await q({ text: shipped.supplier_ref!.toLowerCase() })).map((o) => o.id)).toContain(shipped.id)
    expect((await q({ text: some.purchase_order_number!.slice(3) })).map((o) => o.id)).toContain(some.id)
    const totals = (await q({ sort_by: '+total' })).map((o) => o.total)
    expect(totals).toEqual([...totals].sort((a, b) => a - b))
    expect((await q({ status: 'COMPLETE', organisation: 2 })).every((o) => o.status === 'COMPLETE' && o.organisation === 2)).toBe(true)
    for (const bad of [{ status: 'SHIPPING' }, { start_date: '2025-13-01' }, { value_from: 'lots' }, { payment_type: 'CASH' }, { organisation: 'x' }]) {
      expect((await api.get('/orders', { query: bad })).status, JSON.stringify(bad)).toBe(400)
    }
  })

  it('lists two orders placed in the same second newest first under -date (the id follows the sort), oldest first under +date', async () => {
    const place = () => api.post<Order>('/orders', basketBody({ purchase_order_number: 'PO-TIE' }))
    // Placed together until both carry the same second (a pair may straddle one).
    let pair: [Order, Order] | null = null
    for (let tries = 0; tries < 5 && !pair; tries++) {
      const [a, b] = (await Promise.all([place(), place()])).map((r) => r.body).sort((x, y) => x.id - y.id) as [Order, Order]
      if (a.date === b.date) pair = [a, b]
    }
    expect(pair, 'two orders placed in the same second').not.toBeNull()
    const [earlier, later] = pair!
    const listed = async (sort: string) => (await api.get<Order[]>('/orders', { query: { text: 'PO-TIE', sort_by: sort, per_page: 1000 } })).body.map((o) => o.id).filter((id) => id === earlier.id || id === later.id)
    expect(await listed('-date')).toEqual([later.id, earlier.id])
    expect(await listed('+date')).toEqual([earlier.id, later.id])
  })

  it('cancels only before ACCEPTED and resubmits only from ATTENTION_REQUIRED', async () => {
    const place = async () => Order.parse((await api.post('/orders', basketBody())).body)
    const a = await place()
    const cancelled = await api.post<Order>(`/orders/${a.id}/cancel`, { reason: 'Ordered twice' })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('CANCELLED')
    expect((await api.post(`/orders/${a.id}/cancel`)).status).toBe(409)
    const b = await place()
    sb.control.transition(b.id, 'ACCEPTED')
    const refused = await api.post(`/orders/${b.id}/cancel`)
    expect(refused.status).toBe(409)
    Problem.parse(refused.body)
    expect((await api.post(`/orders/${b.id}/resubmit`)).status).toBe(409)
    const c = await place()
    sb.control.transition(c.id, 'PROCESSING')
    sb.control.transition(c.id, 'ATTENTION_REQUIRED', { reason: 'Vendor needs end-user details' })
    const attention = Order.parse((await api.get(`/orders/${c.id}`)).body)
    expect(attention.attention_required).toBe('Vendor needs end-user details')
    const resumed = await api.post<Order>(`/orders/${c.id}/resubmit`, {})
    expect(resumed.status).toBe(200)
    expect(resumed.body).toMatchObject({ status: 'PROCESSING', attention_required: null })
    const d = await place()
    sb.control.transition(d.id, 'ATTENTION_REQUIRED')
    expect(Order.parse((await api.post(`/orders/${d.id}/cancel`)).body).status).toBe('CANCELLED')
    expect((await api.post(`/orders/${d.id}/resubmit`)).status).toBe(409)
  })

  it('does not show a basket as an order', async () => {
    const b = Basket.parse((await api.post('/baskets', basketBody())).body)
    expect((await api.get(`/orders/${b.id}`)).status).toBe(404)
    expect((await api.post(`/orders/${b.id}/cancel`)).status).toBe(404)
    expect((await api.get('/orders/99999999')).status).toBe(404)
  })
})
