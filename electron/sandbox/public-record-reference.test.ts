import { describe, expect, it } from 'vitest'
import { recordSuite } from '../../tests/support/sandbox/record-suite'

/**
 * The current user, the country and shipping type lists, the product text search and product groups
 * as the public record describes them (spec 2.2, 2.6, 4.2; service-conventions.md "Known endpoints"), each fact checked
 * by a client written only from the record (plain fetch over real HTTP).
 */
const rec = recordSuite({ products: 300, orders: 20, speed: 0 })

interface Country {
  id: number
  iso_code: string
  name: string
}
interface ShippingType {
  id: number
  name: string
  countries: number[]
  exclude_countries: boolean
}
type Row = Record<string, unknown> & { id: number }

describe('GET /whoami', () => {
  it('returns the user with organisation, currency, locale and timezone, and the other fields of spec 2.2', async () => {
    const res = await rec.api.get<Record<string, unknown>>('/whoami')
    expect(res.status).toBe(200)
    const me = res.body
    expect(Number.isInteger(me.id)).toBe(true)
    expect(Number.isInteger(me.organisation)).toBe(true)
    expect(Number.isInteger(me.real_id)).toBe(true)
    // A currency code (spec) or "the user's currency ID" (official sample): either JSON type.
    expect(['string', 'number']).toContain(typeof me.currency)
    for (const field of ['name', 'real_name', 'locale', 'timezone']) expect(typeof me[field], field).toBe('string')
    for (const field of ['admin', 'root']) expect(typeof me[field], field).toBe('boolean')
    expect((me.modules as unknown[]).every((m) => typeof m === 'string')).toBe(true)
    for (const p of me.permissions as { permission: string; parent: boolean }[]) {
      expect(p.permission).toMatch(/^[a-z_]+:[a-z_]+$/)
      expect(typeof p.parent).toBe('boolean')
    }
  })
})

describe('GET /country_codes', () => {
  it('lists items of id, iso_code and name; an address\u2019s country_code is that integer id', async () => {
    const countries = await rec.api.all<Country>('/country_codes')
    expect(countries.length).toBeGreaterThan(0)
    for (const c of countries) {
      expect(Number.isInteger(c.id)).toBe(true)
      expect(typeof c.iso_code).toBe('string')
      expect(typeof c.name).toBe('string')
    }
    const ids = new Set(countries.map((c) => c.id))
    const addresses = await rec.api.all<{ country_code: number }>('/organisations/1/addresses')
    expect(addresses.length).toBeGreaterThan(0)
    for (const a of addresses) expect(ids.has(a.country_code)).toBe(true)
  })
})

describe('GET /shipping_types', () => {
  /** The public rule: an empty list is any country; otherwise where it is valid, or not valid with exclude_countries. */
  const fits = (t: ShippingType, country: number) => t.countries.length === 0 || (t.exclude_countries ? !t.countries.includes(country) : t.countries.includes(country))

  it('lists items of id, name, countries (country ids) and exclude_countries (a boolean)', async () => {
    const types = await rec.api.all<ShippingType>('/shipping_types')
    const countries = new Set((await rec.api.all<Country>('/country_codes')).map((c) => c.id))
    expect(types.length).toBeGreaterThan(0)
    for (const t of types) {
      expect(Number.isInteger(t.id)).toBe(true)
      expect(typeof t.name).toBe('string')
      expect(typeof t.exclude_countries).toBe('boolean')
      expect(Array.isArray(t.countries)).toBe(true)
      for (const c of t.countries) expect(countries.has(c)).toBe(true)
    }
  })

  it('an order is taken with a shipping type chosen for the address\u2019s country by that rule, in every country', async () => {
    const types = await rec.api.all<ShippingType>('/shipping_types')
    for (const country of await rec.api.all<Country>('/country_codes')) {
      const type = types.find((t) => fits(t, country.id))
      if (!type) continue
      const res = await rec.api.post<Row>('/orders', {
        shipping_address: { company_name: 'Rule Co', addr_line_1: '1 Road', city: 'Town', postal_code: '1000', country_code: country.id },
        shipping_type: type.id,
        line_items: [{ product_code: 'RTR-BRANCH-4G', quantity: 1 }],
      })
      expect(res.status, `${country.iso_code} ${type.name} ${JSON.stringify(res.body)}`).toBe(201)
    }
  })
})

describe('GET /products?text=', () => {
  const codes = (rows: Row[]) => rows.map((r) => r.product_code as string)

  it('matches SKU partially: text=SUB-STOR finds SUB-STOR-BASE and SUB-STOR-ADDON', async () => {
    const res = await rec.api.get<Row[]>('/products', { text: 'SUB-STOR' })
    expect(res.status).toBe(200)
    expect(codes(res.body).sort()).toEqual(['SUB-STOR-ADDON', 'SUB-STOR-BASE'])
  })

  it('matches the name partially too', async () => {
    const all = await rec.api.all<Row>('/products')
    const word = 'Maintenance'
    const res = await rec.api.get<Row[]>('/products', { text: word })
    expect(res.body.length).toBeGreaterThan(1)
    expect(res.body.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      all
        .filter((p) => `${p.name as string} ${p.product_code as string}`.toLowerCase().includes(word.toLowerCase()))
        .map((p) => p.id)
        .sort((a, b) => a - b),
    )
  })

  it('is the way from a SKU to a product id, and always answers an array: one match, several, none', async () => {
    const one = await rec.api.get<Row[]>('/products', { text: 'SW-24P-POE' })
    expect(Array.isArray(one.body)).toBe(true)
    expect(one.body.find((p) => p.product_code === 'SW-24P-POE')?.id).toBe(5)
    const two = await rec.api.get<Row[]>('/products', { text: 'AMB-100' })
    expect(codes(two.body)).toEqual(['AMB-100', 'AMB-100'])
    const none = await rec.api.get<Row[]>('/products', { text: 'NO-SUCH-SKU-ANYWHERE' })
    expect(none.status).toBe(200)
    expect(none.body).toEqual([])
    expect(none.headers.get('x-total-count')).toBe('0')
  })
})

describe('product groups (spec 2.6, 4.2)', () => {
  const group = (over: Record<string, unknown> = {}) => ({ name: 'Record group', active: true, status: 'LIVE', description: 'd', detailed_description: 'dd', products: [9, 10], related_product_groups: [], grading: 2, subscription_type: 'SUBSCRIPTION_KIND_STORAGE', subscription_product_type: 'BASE', ...over })

  it('takes the fields of 2.6 except id, with the subscription kind as one of the three uppercase labels', async () => {
    const existing = (await rec.api.all<Row>('/product_groups'))[0]!
    const res = await rec.api.post<Row>('/product_groups', group({ id: existing.id }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.id).not.toBe(existing.id)
    expect(res.body).toMatchObject({ name: 'Record group', status: 'LIVE', active: true, products: [9, 10], grading: 2, subscription_type: 'SUBSCRIPTION_KIND_STORAGE', subscription_product_type: 'BASE' })
    expect((await rec.api.get<Row>(`/product_groups/${existing.id}`)).body.name).toBe(existing.name)
    for (const kind of ['SUBSCRIPTION_KIND_BACKUP', 'SUBSCRIPTION_KIND_MEETING']) {
      expect((await rec.api.post('/product_groups', group({ subscription_type: kind, products: [] }))).status, kind).toBe(201)
    }
  })

  it('refuses values outside the enumerations of 2.6: status DRAFT or LIVE, subscription_product_type BASE or ADD_ON, the kind as its label', async () => {
    for (const over of [{ subscription_type: 'storage' }, { subscription_type: 'STORAGE' }, { status: 'PUBLISHED' }, { subscription_product_type: 'ADDON' }]) {
      const res = await rec.api.post<{ errors: { field: string }[] }>('/product_groups', group(over))
      expect(res.status, JSON.stringify(over)).toBe(422)
      expect(res.body.errors.map((e) => e.field)).toEqual(Object.keys(over))
    }
  })
})

describe('products (spec 2, 2.7)', () => {
  it('write featured_description as newline-separated lines, and prices as JSON numbers', async () => {
    const products = await rec.api.all<Row & { provisioning: Row[]; maintenance: Row[] }>('/products')
    expect(products.length).toBeGreaterThan(100)
    for (const p of products) {
      const featured = p.featured_description as string | null
      if (featured !== null) {
        expect(featured, p.product_code as string).not.toMatch(/\r|<br|^\n|\n$|\n\n/)
        expect(featured.split('\n').every((line) => line.trim() === line && line.length > 0), p.product_code as string).toBe(true)
      }
      for (const money of ['price', 'rrp', 'shipping_cost'] as const) expect(typeof p[money], `${p.product_code as string} ${money}`).toBe('number')
      for (const related of [...p.provisioning, ...p.maintenance]) expect(typeof related.price).toBe('number')
    }
    expect(products.some((p) => typeof p.featured_description === 'string' && p.featured_description.includes('\n'))).toBe(true)
  })
})
