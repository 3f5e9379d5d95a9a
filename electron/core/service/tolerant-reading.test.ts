import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unreadFields } from '../../../shared/api'
import { adminAccess } from '../../../shared/permissions'
import { startSandbox, type Sandbox } from '../../sandbox'
import { systemClock } from '../platform/services'
import { ServerBaskets } from '../baskets/server-baskets'
import { ServiceClient } from './client'
import { ServiceError } from './service-error'

/**
 * Contract: the real client against the sandbox, with answers as a later or odder service may send
 * them (issue 14): an unknown extra field, a null where a string is expected, an unknown status.
 * Nothing that only degrades is rejected, nothing is dropped, and what could not be read is named.
 */
const warnings: string[] = []
const log = { info() {}, warn: (m: string) => void warnings.push(m), error() {} }
const clientFor = (sb: Sandbox, secret = sb.demo.clientSecret) =>
  new ServiceClient({ baseUrl: sb.baseUrl, clientId: sb.demo.clientId, secret: async () => secret }, { clock: systemClock, log })

const ODD = { x_loyalty_tier: { level: 3, since: '2026-01-01' } }

for (const whoamiCurrency of ['code', 'id'] as const) {
  describe(`the client against the sandbox, whoami currency as ${whoamiCurrency}`, () => {
    let sb: Sandbox
    let client: ServiceClient
    beforeAll(async () => {
      sb = await startSandbox({ products: 40, orders: 30, speed: 0, testMode: true, whoamiCurrency })
      client = clientFor(sb)
    })
    afterAll(async () => {
      await client.close()
      await sb.close()
    })

    it('signs in and reads the user, whatever form the currency takes', async () => {
      const me = await client.call('getCurrentUser')
      expect(me.id).toBe(sb.demo.userId)
      expect(me.currency).toBe(whoamiCurrency === 'code' ? 'GBP' : 1)
      expect(unreadFields(me)).toEqual([])
    })

    it('signs in when the fields whoami only shows are missing, null or of another type', async () => {
      sb.control.injectFault({ kind: 'reshape', match: { path: '^/whoami$' }, set: { currency: { id: 1 }, name: null, timezone: 42, ...ODD }, unset: ['locale'] })
      try {
        const me = await client.call('getCurrentUser')
        expect(me).toMatchObject({ id: sb.demo.userId, organisation: 1, currency: null, name: '', timezone: '', locale: '' })
        expect(unreadFields(me).sort()).toEqual(['currency', 'locale', 'name', 'timezone'])
      } finally {
        sb.control.clearFaults()
      }
    })

    it('keeps every order of a page with an extra field, a null name and an unknown status, and says which were not fully read', async () => {
      const plain = await client.list('listOrders', { query: { per_page: 10 } })
      sb.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/orders$' }, rows: 3, set: { ...ODD, status: 'ON_HOLD', 'line_items.0.name': null, purchase_order_number: 7 } })
      try {
        const page = await client.list('listOrders', { query: { per_page: 10 } })
        expect(page.items.map((o) => o.id)).toEqual(plain.items.map((o) => o.id))
        expect(page).toMatchObject({ invalid: 0, partial: 3 })
        const odd = page.items[0]!
        expect(odd.status).toBe('ON_HOLD')
        expect(odd.x_loyalty_tier).toEqual(ODD.x_loyalty_tier)
        expect(odd.purchase_order_number).toBeNull()
        expect(odd.line_items).toHaveLength(plain.items[0]!.line_items.length)
        expect(odd.line_items[0]!.name).toBe('')
        expect(unreadFields(odd).sort()).toEqual(['line_items', 'purchase_order_number'])
        expect(unreadFields(page.items[3])).toEqual([])
      } finally {
        sb.control.clearFaults()
      }
    })

    it('reads null in a field listed only with a type (an address\u2019s region, a finance contact\u2019s title) as not set: the address and finance stay whole', async () => {
      const id = sb.control.listOrdersRaw()[0]!.id
      const finance = { target: 'SELF', company_name: 'Acme Finance', email_address: 'f@acme.example', title: null, first_name: null, company_number: null, registered_address: null, trading_addresses: null, term_length: 36, approved: true }
      sb.control.injectFault({ kind: 'reshape', match: { path: `^/orders/${id}$` }, set: { 'shipping_address.region': null, 'shipping_address.addr_line_2': null, payment_type: 'FINANCE', finance } })
      sb.control.injectFault({ kind: 'reshape', match: { path: '^/organisations/1/addresses$' }, set: { region: null, addr_line_2: null, company_name: null } })
      try {
        const order = await client.call('getOrder', { params: { id } })
        expect(order.shipping_address).toMatchObject({ addr_line_1: expect.any(String), city: expect.any(String), country_code: expect.any(Number) })
        expect(order.shipping_address!.region).toBeUndefined()
        expect(order.finance).toMatchObject({ target: 'SELF', company_name: 'Acme Finance', term_length: 36, approved: true })
        expect(unreadFields(order)).toEqual([])
        const addresses = await client.list('listOrganisationAddresses', { params: { id: 1 } })
        expect(addresses.items.length).toBeGreaterThan(0)
        expect(addresses).toMatchObject({ invalid: 0, partial: 0 })
        expect(addresses.items[0]).toMatchObject({ addr_line_1: expect.any(String), city: expect.any(String) })
      } finally {
        sb.control.clearFaults()
      }
    })

    it('keeps a subscription product\u2019s rate plans when their charges name the currency as whoami does (a code, or the official sample\u2019s currency id)', async () => {
      const byId = { GBP: 1, EUR: 2, USD: 3 } as const
      const set: Record<string, unknown> = {}
      const plain = await client.call('getProduct', { params: { id: 9 } })
      plain.rate_plans.forEach((plan, p) =>
        plan.rate_plan_charges.forEach((charge, c) =>
          charge.rate_plan_charge_costs.forEach((cost, k) => {
            set[`rate_plans.${p}.rate_plan_charges.${c}.rate_plan_charge_costs.${k}.currency`] = whoamiCurrency === 'id' ? byId[cost.currency as keyof typeof byId] : cost.currency
          }),
        ),
      )
      expect(Object.keys(set).length).toBeGreaterThan(0)
      sb.control.injectFault({ kind: 'reshape', match: { path: '^/products/9$' }, set })
      try {
        const product = await client.call('getProduct', { params: { id: 9 } })
        expect(unreadFields(product)).toEqual([])
        expect(product.rate_plans.map((p) => p.id)).toEqual(plain.rate_plans.map((p) => p.id))
        expect(product.rate_plans[0]!.rate_plan_charges[0]!.rate_plan_charge_costs[0]!.currency).toBe(whoamiCurrency === 'id' ? 1 : 'GBP')
      } finally {
        sb.control.clearFaults()
      }
    })

    it('reads money the service sends as the decimal it spells ("12.50") as that number, and marks only what no decimal spells', async () => {
      const id = sb.control.listOrdersRaw()[0]!.id
      const plain = await client.call('getOrder', { params: { id } })
      const line = plain.line_items[0]!
      sb.control.injectFault({ kind: 'reshape', match: { path: `^/orders/${id}$` }, set: { total: String(plain.total), 'line_items.0.price': line.price.toFixed(2), 'line_items.0.sub_total_for_item': String(line.sub_total_for_item), ship_cost: '£5.00' } })
      try {
        const order = await client.call('getOrder', { params: { id } })
        expect(order).toMatchObject({ id, total: plain.total, ship_cost: null })
        expect(order.line_items).toHaveLength(plain.line_items.length)
        expect(order.line_items[0]).toMatchObject({ price: line.price, sub_total_for_item: line.sub_total_for_item })
        expect(unreadFields(order)).toEqual(['ship_cost'])
      } finally {
        sb.control.clearFaults()
      }
      sb.control.injectFault({ kind: 'reshape', match: { path: '^/products/9$' }, set: { price: '1249.90' } })
      try {
        const product = await client.call('getProduct', { params: { id: 9 } })
        expect(product.price).toBe(1249.9)
        expect(unreadFields(product)).toEqual([])
      } finally {
        sb.control.clearFaults()
      }
    })

    it('reads one order with an unknown status and an extra field', async () => {
      const id = sb.control.listOrdersRaw()[0]!.id
      sb.control.injectFault({ kind: 'reshape', match: { path: `^/orders/${id}$` }, set: { ...ODD, status: 'AWAITING_STOCK' } })
      try {
        const order = await client.call('getOrder', { params: { id } })
        expect(order).toMatchObject({ id, status: 'AWAITING_STOCK', x_loyalty_tier: ODD.x_loyalty_tier })
        expect(unreadFields(order)).toEqual([])
      } finally {
        sb.control.clearFaults()
      }
    })

    it('keeps every basket and product of a page with odd fields', async () => {
      sb.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/baskets$' }, rows: 1, set: { ...ODD, name: 12, status: 'DRAFT_LOCKED' } })
      sb.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/products$' }, rows: 2, set: { ...ODD, name: null, description: 5, 'rate_plans.0': 'gone' } })
      try {
        const baskets = await client.list('listBaskets', { query: { per_page: 50 } })
        expect(baskets).toMatchObject({ invalid: 0, partial: 1 })
        expect(baskets.items[0]).toMatchObject({ name: null, status: 'DRAFT_LOCKED', x_loyalty_tier: ODD.x_loyalty_tier })
        const products = await client.list('listProducts', { query: { per_page: 10 } })
        expect(products).toMatchObject({ invalid: 0, partial: 2 })
        expect(products.items).toHaveLength(10)
        expect(products.items[0]).toMatchObject({ name: '', description: null, x_loyalty_tier: ODD.x_loyalty_tier })
        expect(unreadFields(products.items[0]).sort()).toEqual(['description', 'name', 'rate_plans'])
      } finally {
        sb.control.clearFaults()
      }
    })

    it('refuses to save a basket it could not fully read, rather than send the unread values back empty', async () => {
      const id = sb.control.listBasketsRaw().find((b) => b.organisation === 1)!.id
      sb.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/baskets/${id}$` }, set: { purchase_order_number: { po: 1 } } })
      try {
        const err = await new ServerBaskets(client).save(id, { name: 'Renamed' }).catch((e: unknown) => e)
        expect(err).toMatchObject({ code: 'conflict' })
        expect((err as Error).message).toContain('purchase_order_number')
        expect(sb.control.listBasketsRaw().find((b) => b.id === id)!.name).not.toBe('Renamed')
      } finally {
        sb.control.clearFaults()
      }
    })

    it('leaves out only a row without an id, and counts it', async () => {
      sb.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/orders$' }, rows: 1, unset: ['id'] })
      try {
        const page = await client.list('listOrders', { query: { per_page: 5 } })
        expect(page.items).toHaveLength(4)
        expect(page.invalid).toBe(1)
      } finally {
        sb.control.clearFaults()
      }
    })
  })
}

describe('the token endpoint', () => {
  let sb: Sandbox
  beforeAll(async () => {
    sb = await startSandbox({ products: 10, orders: 0, speed: 0, testMode: true })
  })
  afterAll(() => sb.close())

  it('signs in when expires_in comes as a numeric string, or not at all (RFC 6749 5.1 only recommends it)', async () => {
    for (const fault of [{ set: { expires_in: '3600' } }, { unset: ['expires_in'] }]) {
      sb.control.injectFault({ kind: 'reshape', match: { method: 'POST', path: '^/oauth/create_token$' }, ...fault })
      const client = clientFor(sb)
      try {
        expect((await client.call('getCurrentUser')).id, JSON.stringify(fault)).toBe(sb.demo.userId)
      } finally {
        sb.control.clearFaults()
        await client.close()
      }
    }
  })

  it('reads the OAuth invalid_client answer as refused credentials', async () => {
    const client = clientFor(sb, 'not-the-secret')
    const err = await client.authenticate().catch((e: unknown) => e)
    await client.close()
    expect(err).toBeInstanceOf(ServiceError)
    expect(err).toMatchObject({ code: 'unauthorized', status: 401 })
    expect((err as ServiceError).message).toMatch(/invalid_client/)
  })
})

describe('one odd element of a list inside an answer', () => {
  let sb: Sandbox
  let client: ServiceClient
  beforeAll(async () => {
    sb = await startSandbox({ products: 40, orders: 60, speed: 0, testMode: true })
    client = clientFor(sb)
  })
  afterAll(async () => {
    await client.close()
    await sb.close()
  })
  const reshaped = async <T>(path: string, fault: { set?: Record<string, unknown>; unset?: string[] }, read: () => Promise<T>): Promise<T> => {
    sb.control.injectFault({ kind: 'reshape', match: { method: 'GET', path }, ...fault })
    try {
      return await read()
    } finally {
      sb.control.clearFaults()
    }
  }

  it('leaves out only that line item: the order keeps its other lines', async () => {
    const plain = sb.control.listOrdersRaw().find((o) => o.line_items.length >= 3)!
    const order = await reshaped(`^/orders/${plain.id}$`, { set: { 'line_items.1.price': null } }, () => client.call('getOrder', { params: { id: plain.id } }))
    expect(order.line_items.map((l) => l.id)).toEqual(plain.line_items.filter((_, i) => i !== 1).map((l) => l.id))
    expect(unreadFields(order)).toEqual(['line_items'])
  })

  it('keeps the shipment, its tracking number and its other serials when one serial number is text', async () => {
    const plain = sb.control.listOrdersRaw().find((o) => o.shipments.length > 0 && o.shipments[0]!.items[0]!.serial_numbers.length > 0)!
    const order = await reshaped(`^/orders/${plain.id}$`, { set: { 'shipments.0.items.0.serial_numbers': ['SN-AB12', 700_000_001], 'units.0.serial': 'SN-AB12' } }, () => client.call('getOrder', { params: { id: plain.id } }))
    expect(order.shipments.map((s) => s.tracking_number)).toEqual(plain.shipments.map((s) => s.tracking_number))
    expect(order.shipments[0]!.items[0]!.serial_numbers).toEqual([700_000_001])
    expect(order.units).toHaveLength(plain.units.length)
    expect(unreadFields(order).sort()).toEqual(['shipments', 'units'])
  })

  it('keeps a product\u2019s other rate plans and provisioning options', async () => {
    const plain = await client.call('getProduct', { params: { id: 9 } })
    const withOptions = await client.call('getProduct', { params: { id: 5 } })
    expect(plain.rate_plans.length).toBeGreaterThan(1)
    expect(withOptions.provisioning.length).toBeGreaterThan(1)
    const product = await reshaped('^/products/9$', { set: { 'rate_plans.0.max_quantity': null } }, () => client.call('getProduct', { params: { id: 9 } }))
    expect(product.rate_plans.map((p) => p.id)).toEqual(plain.rate_plans.slice(1).map((p) => p.id))
    const options = await reshaped('^/products/5$', { set: { 'provisioning.0.partner': 'yes' } }, () => client.call('getProduct', { params: { id: 5 } }))
    expect(options.provisioning.map((p) => p.id)).toEqual(withOptions.provisioning.slice(1).map((p) => p.id))
  })

  it('keeps the user\u2019s other permissions (and one not marked inherited): administration is still offered', async () => {
    const plain = await client.call('getCurrentUser')
    const me = await reshaped('^/whoami$', { set: { 'permissions.0.permission': 'quote-requests:read' }, unset: ['permissions.1.parent'] }, () => client.call('getCurrentUser'))
    expect(me.permissions.map((p) => p.permission)).toEqual(plain.permissions.slice(1).map((p) => p.permission))
    expect(me.permissions[0]!.parent).toBe(false)
    expect(adminAccess(me)).toEqual(adminAccess(plain))
  })
})

describe('a list answer without its paging headers (the record says every list carries them)', () => {
  let sb: Sandbox
  let client: ServiceClient
  beforeAll(async () => {
    sb = await startSandbox({ products: 40, orders: 45, speed: 0, testMode: true })
    client = clientFor(sb)
  })
  afterAll(async () => {
    await client.close()
    await sb.close()
  })
  /** Every order, page by page, as the app's readers walk a list: until the last page says so. */
  const everyOrder = async (perPage: number) => {
    const ids: number[] = []
    for (let page = 1; ; page++) {
      const res = await client.list('listOrders', { query: { page, per_page: perPage } })
      ids.push(...res.items.map((o) => o.id))
      if (page >= res.pages || res.items.length === 0) return { ids, res }
    }
  }

  it('without X-Total-Pages, counts the pages from X-Total-Count: every order is read', async () => {
    sb.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/orders$' }, unsetHeaders: ['X-Total-Pages'] })
    try {
      const first = await client.list('listOrders', { query: { page: 1, per_page: 10 } })
      expect(first).toMatchObject({ total: 45, pages: 5 })
      expect((await everyOrder(10)).ids).toHaveLength(45)
    } finally {
      sb.control.clearFaults()
    }
  })

  it('without either header, reads on while pages come full and counts what it has seen', async () => {
    sb.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/orders$' }, unsetHeaders: ['X-Total-Pages', 'X-Total-Count'] })
    try {
      const { ids, res } = await everyOrder(10)
      expect(new Set(ids).size).toBe(45)
      expect(res).toMatchObject({ total: 45, pages: 5 })
      expect((await client.list('listOrders', { query: { page: 2, per_page: 10 } })).total).toBeGreaterThanOrEqual(20)
    } finally {
      sb.control.clearFaults()
    }
  })
})

describe('an error body in another shape than problem+json (spec 7 does not give the shape)', () => {
  let sb: Sandbox
  let client: ServiceClient
  beforeAll(async () => {
    sb = await startSandbox({ products: 10, orders: 5, speed: 0, testMode: true })
    client = clientFor(sb)
  })
  afterAll(async () => {
    await client.close()
    await sb.close()
  })
  /** The sandbox's refusal of an unknown order, rewritten as another service would write it. */
  const refusal = async (set: Record<string, unknown>): Promise<ServiceError> => {
    sb.control.injectFault({ kind: 'reshape', answers: 'error', match: { method: 'GET', path: '^/orders/999999$' }, unset: ['type', 'title', 'status', 'detail', 'errors'].filter((k) => !(k in set)), set })
    try {
      const err = await client.call('getOrder', { params: { id: 999_999 } }).then(
        () => null,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(ServiceError)
      return err as ServiceError
    } finally {
      sb.control.clearFaults()
    }
  }

  it('shows the service\u2019s words, whether in error.message or in a list of errors', async () => {
    expect((await refusal({ error: { message: 'Order 999999 is archived.' } })).message).toBe('Order 999999 is archived.')
    expect((await refusal({ errors: ['Order 999999 is archived'] })).message).toBe('Order 999999 is archived')
    expect((await refusal({ errors: ['Order is archived.', 'Ask your account manager.'] })).message).toBe('Order is archived. Ask your account manager.')
    const fielded = await refusal({ errors: [{ message: 'Unknown SKU NO-SUCH', field: 'line_items.0.product_code' }] })
    expect(fielded.message).toBe('Unknown SKU NO-SUCH')
    expect(fielded.fields).toEqual({ 'line_items.0.product_code': 'Unknown SKU NO-SUCH' })
  })
})
