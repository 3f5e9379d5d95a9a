import { describe, expect, it } from 'vitest'
import { RecordClient } from '../../tests/support/sandbox/record-client'
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

describe('the current user (spec 2.2) without emulation', () => {
  it('real_id and real_name are the caller\u2019s own id and name, and the user is the API client\u2019s user', async () => {
    const me = (await rec.api.get<Row & { real_id: number; real_name: string; name: string; organisation: number }>('/whoami')).body
    expect(me.id).toBe(rec.sb.demo.userId)
    expect(me.real_id).toBe(me.id)
    expect(me.real_name).toBe(me.name)
    const record = (await rec.api.get<Row & { name: string; organisation: number }>(`/users/${me.id}`)).body
    expect(me).toMatchObject({ name: record.name, organisation: record.organisation })
  })

  it('currency is a currency code and timezone a zone name', async () => {
    const me = (await rec.api.get<{ currency: string; timezone: string }>('/whoami')).body
    expect(me.currency).toMatch(/^[A-Z]{3}$/)
    expect(() => new Intl.DateTimeFormat('en', { timeZone: me.timezone })).not.toThrow()
    expect(me.timezone).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/)
  })
})

describe('organisations (spec 1 "Multi-tier", 2.3, 5.9)', () => {
  type Org = { id: number; name: string; parent: number | null; linked_account: boolean; finance_type: string }

  it('list items carry an integer id, a name, the parent organisation\u2019s id, linked_account as a boolean and finance_type as a string', async () => {
    const orgs = await rec.api.all<Org>('/organisations')
    expect(orgs.length).toBeGreaterThan(1)
    for (const o of orgs) {
      expect(Number.isInteger(o.id)).toBe(true)
      expect(typeof o.name).toBe('string')
      expect(typeof o.linked_account).toBe('boolean')
      expect(typeof o.finance_type).toBe('string')
      if (o.id !== rec.sb.demo.organisationId) expect(Number.isInteger(o.parent), `organisation ${o.id}`).toBe(true)
    }
  })

  it('a caller sees its own organisation and its descendants: every other listed organisation\u2019s parent is listed too, and a child caller sees no ancestor or sibling', async () => {
    const all = await rec.api.all<Org>('/organisations')
    const ids = new Set(all.map((o) => o.id))
    for (const o of all) if (o.id !== rec.sb.demo.organisationId) expect(ids.has(o.parent!), `organisation ${o.id}`).toBe(true)
    const child = all.find((o) => o.parent === rec.sb.demo.organisationId)!
    const sibling = all.find((o) => o.parent === rec.sb.demo.organisationId && o.id !== child.id)!
    const creds = rec.sb.clients.find((c) => c.organisationId === child.id && c.admin)!
    const api = await new RecordClient(rec.sb.url, creds).signIn()
    const theirs = await api.all<Org>('/organisations')
    const descendants = (root: number): number[] => [root, ...all.filter((o) => o.parent === root && o.id !== root).flatMap((o) => descendants(o.id))]
    expect(theirs.map((o) => o.id).sort((a, b) => a - b)).toEqual(descendants(child.id).sort((a, b) => a - b))
    expect(theirs.find((o) => o.id === child.id)!.parent).toBe(rec.sb.demo.organisationId)
    expect(theirs.map((o) => o.id)).not.toContain(sibling.id)
    // Their orders are their subtree's only; the parent sees them too.
    const visible = new Set(descendants(child.id))
    const orders = await api.all<{ id: number; organisation: number }>('/orders')
    for (const o of orders) expect(visible.has(o.organisation), `order ${o.id}`).toBe(true)
    const parentSees = new Set((await rec.api.all<{ id: number }>('/orders')).map((o) => o.id))
    for (const o of orders) expect(parentSees.has(o.id), `order ${o.id}`).toBe(true)
  })

  it('an organisation\u2019s saved addresses are Addresses with their label (name) and an integer country_code', async () => {
    for (const o of await rec.api.all<Org>('/organisations')) {
      const addresses = await rec.api.all<Record<string, unknown>>(`/organisations/${o.id}/addresses`)
      for (const a of addresses) {
        expect(typeof a.name, `organisation ${o.id}`).toBe('string')
        expect(Number.isInteger(a.country_code)).toBe(true)
        for (const f of ['company_name', 'recipient_name', 'addr_line_1', 'addr_line_2', 'city', 'region', 'postal_code']) if (f in a && a[f] !== null) expect(typeof a[f], f).toBe('string')
      }
    }
  })
})

describe('products by id (spec 4.2 "Get product") and their field types (spec 2.7)', () => {
  const LABELS = ['SUBSCRIPTION_KIND_STORAGE', 'SUBSCRIPTION_KIND_BACKUP', 'SUBSCRIPTION_KIND_MEETING']

  it('GET /products/{id} answers the product as the list does', async () => {
    const page = (await rec.api.get<Row[]>('/products', { per_page: 30 })).body
    for (const p of page) {
      const one = await rec.api.get<Row>(`/products/${p.id}`)
      expect(one.status).toBe(200)
      expect(one.body).toEqual(p)
    }
  })

  it('ids, stock and related products are integers, flags booleans, subscription kinds the three labels and BASE or ADD_ON', async () => {
    const products = await rec.api.all<Row & { provisioning: Row[]; maintenance: Row[]; related_to: Row[]; rate_plans: (Row & { rate_plan_charges: (Row & { rate_plan_charge_costs: Row[] })[] })[] }>('/products')
    const intOrNull = (v: unknown) => v === null || Number.isInteger(v)
    for (const p of products) {
      const sku = p.product_code as string
      expect(typeof p.product_code).toBe('string')
      expect(typeof p.name).toBe('string')
      expect(intOrNull(p.vendor), sku).toBe(true)
      expect(intOrNull(p.type), sku).toBe(true)
      expect(intOrNull(p.stock), sku).toBe(true)
      for (const f of ['show_in_webstore', 'discountable', 'is_shippable', 'is_financeable']) expect(typeof p[f], `${sku} ${f}`).toBe('boolean')
      if (p.subscription_type !== null) expect(LABELS, sku).toContain(p.subscription_type)
      if (p.subscription_product_type !== null) expect(['BASE', 'ADD_ON'], sku).toContain(p.subscription_product_type)
      if (p.weight !== null) expect(typeof p.weight, sku).toBe('number')
      for (const r of [...p.provisioning, ...p.maintenance, ...p.related_to]) {
        expect(Number.isInteger(r.id)).toBe(true)
        expect(typeof r.sku).toBe('string')
        expect(typeof r.name).toBe('string')
        expect(typeof r.price).toBe('number')
        expect(typeof r.partner).toBe('boolean')
      }
      for (const plan of p.rate_plans) {
        expect(Number.isInteger(plan.id)).toBe(true)
        for (const f of ['term_length', 'renewal_term_length', 'min_quantity', 'max_quantity']) expect(Number.isInteger(plan[f]), `${sku} ${f}`).toBe(true)
        expect(typeof plan.default).toBe('boolean')
        for (const charge of plan.rate_plan_charges) for (const cost of charge.rate_plan_charge_costs) expect(typeof cost.charge_cost_price).toBe('number')
      }
    }
    const kinds = new Set(products.map((p) => p.subscription_type).filter((k) => k !== null))
    expect(kinds).toEqual(new Set(LABELS))
    expect(products.some((p) => p.provisioning.some((r) => r.partner === true))).toBe(true)
    // Exactly one default rate plan on a product that has plans.
    for (const p of products.filter((x) => x.rate_plans.length)) expect(p.rate_plans.filter((r) => r.default === true), p.product_code as string).toHaveLength(1)
  })
})

describe('Edit product group (spec 4.2): path id, body as create, answers the updated group', () => {
  it('replaces the fields given and answers them again by GET', async () => {
    const made = (await rec.api.post<Row>('/product_groups', { name: 'Before edit', active: true, status: 'DRAFT', products: [9], related_product_groups: [], grading: 1 })).body
    const edit = { name: 'After edit', active: false, status: 'LIVE', description: 'now live', detailed_description: 'long', products: [11], related_product_groups: [], grading: 7, subscription_type: 'SUBSCRIPTION_KIND_BACKUP', subscription_product_type: 'BASE' }
    const res = await rec.api.send<Row>('PUT', `/product_groups/${made.id}`, edit)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ id: made.id, ...edit })
    expect((await rec.api.get<Row>(`/product_groups/${made.id}`)).body).toMatchObject(edit)
    const listed = (await rec.api.all<Row>('/product_groups')).find((g) => g.id === made.id)!
    expect(listed).toMatchObject({ name: 'After edit', active: false, status: 'LIVE' })
  })
})

describe('country codes (service-conventions.md)', () => {
  it('each id is unique and each iso_code a distinct two-letter code; the addresses\u2019 countries are among them', async () => {
    const countries = await rec.api.all<Country>('/country_codes')
    expect(new Set(countries.map((c) => c.id)).size).toBe(countries.length)
    expect(new Set(countries.map((c) => c.iso_code)).size).toBe(countries.length)
    for (const c of countries) expect(c.iso_code).toMatch(/^[A-Z]{2}$/)
  })
})

describe('product group list items and records carry the types of spec 2.6', () => {
  it('id an integer, name a string, active a boolean, status DRAFT or LIVE, type and vendor ids; the record\u2019s grading an integer', async () => {
    for (const g of await rec.api.all<Row>('/product_groups')) {
      expect(typeof g.name).toBe('string')
      expect(typeof g.active).toBe('boolean')
      expect(['DRAFT', 'LIVE']).toContain(g.status)
      for (const f of ['type', 'vendor']) expect(g[f] === null || Number.isInteger(g[f]), `${g.id} ${f}`).toBe(true)
      const record = (await rec.api.get<Row>(`/product_groups/${g.id}`)).body
      expect(record).toMatchObject({ id: g.id, name: g.name, active: g.active, status: g.status, type: g.type, vendor: g.vendor })
      expect(record.grading === null || Number.isInteger(record.grading)).toBe(true)
    }
  })
})

describe('product text matches name and SKU only (spec 4.2), not the descriptions', () => {
  it('a word found only in descriptions finds nothing by it', async () => {
    const all = await rec.api.all<Row>('/products')
    const inName = (p: Row, w: string) => `${p.name as string} ${p.product_code as string}`.toLowerCase().includes(w)
    const described = (p: Row, w: string) => [p.description, p.detailed_description, p.featured_description].some((d) => typeof d === 'string' && d.toLowerCase().includes(w))
    const word = ['warranty', 'tool-less', 'racks', 'energy'].find((w) => all.some((p) => described(p, w)) && !all.some((p) => inName(p, w)))
    expect(word, 'a word only descriptions use').toBeDefined()
    const res = await rec.api.get<Row[]>('/products', { text: word! })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
  })
})
