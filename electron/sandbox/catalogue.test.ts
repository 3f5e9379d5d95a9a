import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Product } from '../../shared/api'
import { SHOWCASE, startSandbox, type Sandbox } from '.'
import { TestClient } from '../../tests/support/sandbox/test-client'

let sb: Sandbox
let api: TestClient

beforeAll(async () => {
  sb = await startSandbox({ products: 300, orders: 0, speed: 0 })
  api = new TestClient(sb)
})
afterAll(() => sb.close())

type P = Product
const list = async (query: Record<string, string | number | (string | number)[]>) => {
  const res = await api.get<P[]>('/products', { query })
  expect(res.status, res.text).toBe(200)
  return res
}

describe('GET /products', () => {
  it('pages with X-Total-Count and X-Total-Pages, per_page default 1000', async () => {
    const all = await list({})
    expect(all.body).toHaveLength(300)
    expect(all.headers['x-total-count']).toBe('300')
    expect(all.headers['x-total-pages']).toBe('1')
    expect(all.headers['access-control-expose-headers']).toContain('X-Total-Count')
    const p1 = await list({ per_page: 50, page: 1 })
    const p2 = await list({ per_page: 50, page: 2 })
    expect(p1.headers['x-total-pages']).toBe('6')
    expect(new Set([...p1.body, ...p2.body].map((p) => p.id)).size).toBe(100)
    expect((await list({ per_page: 50, page: 99 })).body).toEqual([])
    expect((await list({ per_page: 1000, page: Number.MAX_SAFE_INTEGER })).body).toEqual([])
    expect((await list({ per_page: 1000, page: Number.MAX_SAFE_INTEGER, text: 'a' })).body).toEqual([])
  })

  it('answers every product in the shape of the shared schema', async () => {
    for (const p of (await list({})).body) Product.parse(p)
  })

  it('refuses malformed paging with 400', async () => {
    for (const query of [{ per_page: 0 }, { page: 'x' }, { per_page: 2.5 }, { sort_by: '-rating' }, { vendor: 'abc' }, { per_page: [10, 20] }]) {
      const res = await api.get('/products', { query })
      expect(res.status, JSON.stringify(query)).toBe(400)
      expect(res.headers['content-type']).toContain('application/problem+json')
    }
  })

  it('filters by vendor and type, ORing repeats and -1 for none', async () => {
    const v1 = (await list({ vendor: 1 })).body
    expect(v1.length).toBeGreaterThan(0)
    expect(v1.every((p) => p.vendor === 1)).toBe(true)
    const v12 = (await list({ vendor: [1, 2] })).body
    expect(new Set(v12.map((p) => p.vendor))).toEqual(new Set([1, 2]))
    const none = (await list({ vendor: -1 })).body
    expect(none.map((p) => p.id)).toContain(SHOWCASE.unbranded.id)
    expect(none.every((p) => p.vendor === null)).toBe(true)
    const noneOr1 = (await list({ vendor: [-1, 1] })).body
    expect(noneOr1.length).toBe(none.length + v1.length)
    const noType = (await list({ type: -1 })).body
    expect(noType.every((p) => p.type === null)).toBe(true)
    const both = (await list({ vendor: 1, type: 1 })).body
    expect(both.every((p) => p.vendor === 1 && p.type === 1)).toBe(true)
  })

  it('matches text partially and case-insensitively on SKU and name, parameterised', async () => {
    expect((await list({ text: 'sw-24p' })).body.map((p) => p.id)).toContain(SHOWCASE.switch.id)
    expect((await list({ text: 'SUB-' })).body.map((p) => p.product_code)).toEqual(expect.arrayContaining(['SUB-STOR-BASE', 'SUB-BKP-BASE', 'SUB-MEET-BASE']))
    const switches = (await list({ text: 'switch' })).body
    expect(switches.length).toBeGreaterThan(1)
    expect(switches.every((p) => `${p.name} ${p.product_code}`.toLowerCase().includes('switch'))).toBe(true)
    const amb = (await list({ text: SHOWCASE.ambiguousSku })).body
    expect(amb.map((p) => p.id)).toEqual(expect.arrayContaining([...SHOWCASE.ambiguousIds]))
    for (const text of ["' OR 1=1 --", '%', '_', '"; DROP TABLE products; --']) {
      expect((await list({ text })).body, text).toEqual([])
    }
    expect((await list({})).body).toHaveLength(300)
    const anded = (await list({ text: 'switch', vendor: 1 })).body
    expect(anded.every((p) => p.vendor === 1)).toBe(true)
  })

  it('sorts by every sort_by value, default -popularity', async () => {
    const byDefault = (await list({ per_page: 5 })).body
    expect(byDefault[0]!.id).toBe(1)
    const asc = (await list({ sort_by: '+price' })).body.map((p) => p.price)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    const desc = (await list({ sort_by: '-price' })).body.map((p) => p.price)
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
    const names = (await list({ sort_by: '+name' })).body.map((p) => p.name)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    const namesDesc = (await list({ sort_by: '-name' })).body.map((p) => p.name)
    expect(namesDesc).toEqual([...names].reverse())
    // An unencoded + arrives as a space: still read as ascending.
    const res = await api.get<P[]>('/products?sort_by=+price&per_page=3')
    expect(res.status).toBe(200)
  })

  it('prices per organisation (deeper tiers pay more) and keeps rrp', async () => {
    const eClient = new TestClient(sb, sb.clients.find((c) => c.organisationId === 10)!)
    const top = Product.parse((await api.get(`/products/${SHOWCASE.switch.id}`)).body)
    const deep = Product.parse((await eClient.get(`/products/${SHOWCASE.switch.id}`)).body)
    expect(top.price).toBe(420)
    expect(deep.price).toBe(504)
    expect(deep.rrp).toBe(top.rrp)
    expect(deep.provisioning[0]!.price).toBeGreaterThan(top.provisioning[0]!.price)
  })
})

describe('GET /products/{id}', () => {
  it('answers a product with related products and absolute image URLs served by the sandbox', async () => {
    const p = Product.parse((await api.get(`/products/${SHOWCASE.switch.id}`)).body)
    expect(p.product_code).toBe(SHOWCASE.switch.sku)
    expect(p.provisioning.map((r) => r.sku)).toEqual([SHOWCASE.provisioning.sku, SHOWCASE.partnerProvisioning.sku])
    expect(p.provisioning.find((r) => r.sku === SHOWCASE.partnerProvisioning.sku)!.partner).toBe(true)
    expect(p.maintenance.length).toBe(2)
    expect(p.featured_description).toContain('\n')
    expect(p.thumb_url!.startsWith(`${sb.url}/`)).toBe(true)
    for (const url of [p.thumb_url!, p.main_image_url!, `${sb.url}/images/p${p.id}-thumb.svg`]) {
      const img = await request(url)
      expect(img.statusCode).toBe(200)
      expect(img.headers['content-type']).toBe('image/svg+xml')
      expect(await img.body.text()).toContain('<svg')
    }
    expect((await request(`${sb.url}/images/p999999-thumb.svg`)).statusCode).toBe(404)
  })

  it('has subscription products of all three kinds with rate plans', async () => {
    for (const { id } of [SHOWCASE.storage, SHOWCASE.backup, SHOWCASE.meeting]) {
      const p = Product.parse((await api.get(`/products/${id}`)).body)
      expect(p.subscription_type).toMatch(/^SUBSCRIPTION_KIND_/)
      expect(p.rate_plans.filter((r) => r.default)).toHaveLength(1)
      expect(p.rate_plans[0]!.rate_plan_charges[0]!.rate_plan_charge_costs.length).toBeGreaterThan(0)
    }
  })

  it('reuses SKUs across vendors', async () => {
    const all = (await list({})).body
    const byCode = new Map<string, Set<number | null | undefined>>()
    for (const p of all) byCode.set(p.product_code, (byCode.get(p.product_code) ?? new Set()).add(p.vendor))
    expect([...byCode.values()].filter((v) => v.size > 1).length).toBeGreaterThan(1)
  })

  it('answers 404 for unknown or malformed ids', async () => {
    expect((await api.get('/products/999999')).status).toBe(404)
    expect((await api.get('/products/abc')).status).toBe(404)
    expect((await api.get('/products/0')).status).toBe(404)
  })

  it('reflects raised prices', async () => {
    const before = Product.parse((await api.get(`/products/${SHOWCASE.router.id}`)).body).price
    sb.control.raisePrices([SHOWCASE.router.id], 10)
    const after = Product.parse((await api.get(`/products/${SHOWCASE.router.id}`)).body).price
    expect(after).toBeCloseTo(before * 1.1, 2)
  })
})
