import { Readable } from 'node:stream'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Address, CountryCode, Organisation, Problem, ShippingType } from '../../shared/api'
import { startSandbox, type Sandbox } from '.'
import { TestClient } from '../../tests/support/sandbox/test-client'

let sb: Sandbox
let api: TestClient

beforeAll(async () => {
  sb = await startSandbox({ products: 30, orders: 0, speed: 0 })
  api = new TestClient(sb)
})
afterAll(() => sb.close())

describe('reference data', () => {
  it('lists about thirty country codes with ids, ISO codes and names', async () => {
    const res = await api.get<unknown[]>('/country_codes')
    const countries = res.body.map((c) => CountryCode.parse(c))
    expect(countries.length).toBeGreaterThanOrEqual(25)
    expect(countries.find((c) => c.iso_code === 'GB')).toMatchObject({ id: 1, name: 'United Kingdom' })
    expect(res.headers['x-total-count']).toBe(String(countries.length))
  })

  it('lists shipping types with a cost', async () => {
    const types = (await api.get<unknown[]>('/shipping_types')).body.map((t) => ShippingType.parse(t))
    expect(types.map((t) => t.name)).toContain('UK Standard Next Day Delivery')
    expect(types.every((t) => typeof t.cost === 'number')).toBe(true)
  })

  it('gives every shipping type its countries: some limited to a few, one excluding some, some for all', async () => {
    const raw = (await api.get<Record<string, unknown>[]>('/shipping_types')).body
    expect(raw.every((t) => Array.isArray(t.countries) && typeof t.exclude_countries === 'boolean')).toBe(true)
    const types = raw.map((t) => ShippingType.parse(t))
    const byName = (n: string) => types.find((t) => t.name === n)!
    expect(byName('UK Standard Next Day Delivery')).toMatchObject({ countries: [1], exclude_countries: false })
    expect(byName('International Express')).toMatchObject({ countries: [1], exclude_countries: true })
    expect(byName('European Road Freight').countries!.length).toBeGreaterThan(5)
    expect(byName('Collection from Warehouse')).toMatchObject({ countries: [], exclude_countries: false })
  })
})

describe('organisations', () => {
  it('shows the caller its own organisation (with its parent, which it cannot read) and its descendants, five tiers deep', async () => {
    const orgs = (await api.get<unknown[]>('/organisations')).body.map((o) => Organisation.parse(o))
    expect(orgs[0]).toMatchObject({ id: 1, parent: null })
    const byId = new Map(orgs.map((o) => [o.id, o]))
    const depth = (id: number): number => (byId.get(id)?.parent ? 1 + depth(byId.get(id)!.parent!) : 0)
    expect(Math.max(...orgs.map((o) => depth(o.id)))).toBeGreaterThanOrEqual(4)
    const c = new TestClient(sb, sb.clients.find((x) => x.organisationId === 4)!)
    const seen = (await c.get<Organisation[]>('/organisations')).body
    expect(seen.map((o) => o.id).sort((a, b) => a - b)).toEqual([4, 7, 8, 10, 11, 12])
    // Organisation 4 is not the root (/whoami says so): its parent is named, though not listed.
    expect(seen.find((o) => o.id === 4)!.parent).toBe(2)
    expect((await c.get<{ root: boolean }>('/whoami')).body.root).toBe(false)
  })

  it('lists saved addresses of own and descendant organisations only', async () => {
    const c = new TestClient(sb, sb.clients.find((x) => x.organisationId === 4)!)
    for (const id of [4, 7, 10]) {
      const res = await c.get<unknown[]>(`/organisations/${id}/addresses`)
      expect(res.status).toBe(200)
      for (const a of res.body) expect(Address.parse(a).name).toBeTruthy()
    }
    for (const id of [1, 2, 3, 5, 9, 999]) {
      const res = await c.get(`/organisations/${id}/addresses`)
      expect(res.status, String(id)).toBe(404)
      expect(res.text).not.toContain('addr_line_1')
    }
  })
})

describe('HTTP conventions', () => {
  it('answers 405 with Allow for a wrong method on a known path', async () => {
    for (const [method, path, allow] of [
      ['DELETE', '/whoami', 'GET'],
      ['POST', '/products/5', 'GET'],
      ['GET', '/oauth/create_token', 'POST'],
    ] as const) {
      const res = await api.call(method, path)
      expect(res.status, `${method} ${path}`).toBe(405)
      expect(String(res.headers.allow)).toContain(allow)
      Problem.parse(res.body)
    }
  })

  it('answers 404 problems for unknown paths, also outside /api/v1', async () => {
    const res = await api.get('/no/such/thing')
    expect(res.status).toBe(404)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect((await request(`${sb.url}/`)).statusCode).toBe(404)
  })

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await api.call('POST', '/oauth/create_token', { raw: 'x'.repeat(1024 * 1024 + 10), contentType: 'application/x-www-form-urlencoded', auth: false })
    expect(res.status).toBe(413)
    Problem.parse(res.body)
  })

  it('refuses chunked bodies over 1 MB with 413 too', async () => {
    const token = await api.token()
    const chunk = Buffer.alloc(64 * 1024, 'x')
    const body = Readable.from((function* () {
      yield Buffer.from('{"name":"')
      for (let i = 0; i < 20; i++) yield chunk
      yield Buffer.from('"}')
    })())
    const res = await request(`${sb.baseUrl}/baskets`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body })
    expect(res.statusCode).toBe(413)
    Problem.parse(await res.body.json())
  })

  it('answers CORS preflights and exposes the paging headers', async () => {
    const res = await request(`${sb.baseUrl}/products`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' } })
    expect(res.statusCode).toBe(204)
    await res.body.dump()
  })
})
