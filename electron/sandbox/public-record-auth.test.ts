import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { recordSuite } from '../../tests/support/sandbox/record-suite'
import { API_PATH, RecordClient, requestToken } from '../../tests/support/sandbox/record-client'

/**
 * Authentication and request bodies as the public record describes them (spec 4.1, 5 and 1;
 * service-conventions.md: client_secret_post, invalid_client), each fact checked by a client written
 * only from the record (plain fetch over real HTTP).
 */
const rec = recordSuite({ products: 40, orders: 20, speed: 0 })

const good = () => ({ client_id: rec.sb.demo.clientId, client_secret: rec.sb.demo.clientSecret, grant_type: 'client_credentials' })

/** Every operation with a known path (spec 4.1, service-conventions.md) and the resource-style ones. */
const OPERATIONS: [string, string][] = [
  ['GET', '/whoami'],
  ['GET', '/organisations'],
  ['GET', '/organisations/1/addresses'],
  ['GET', '/country_codes'],
  ['GET', '/shipping_types'],
  ['GET', '/users'],
  ['GET', '/users/1'],
  ['POST', '/users'],
  ['PUT', '/users/1'],
  ['GET', '/product_groups'],
  ['GET', '/product_groups/1'],
  ['POST', '/product_groups'],
  ['PUT', '/product_groups/1'],
  ['GET', '/products'],
  ['GET', '/products/1'],
  ['GET', '/baskets'],
  ['POST', '/baskets'],
  ['GET', '/baskets/1'],
  ['PUT', '/baskets/1'],
  ['POST', '/baskets/1/submit'],
  ['POST', '/baskets/1/line_items'],
  ['GET', '/orders'],
  ['POST', '/orders'],
  ['GET', '/orders/1'],
  ['POST', '/orders/1/resubmit'],
]

describe('the token endpoint: POST {host}/api/v1/oauth/create_token, form-encoded, client_secret_post', () => {
  it('answers client credentials in the form body with a Bearer token, its lifetime in seconds', async () => {
    const res = await requestToken(rec.sb.url, good())
    expect(res.status).toBe(200)
    expect(typeof res.body.access_token).toBe('string')
    expect(res.body.token_type).toBe('Bearer')
    expect(Number.isInteger(res.body.expires_in)).toBe(true)
    expect(res.body.expires_in as number).toBeGreaterThan(0)
  })

  it('needs no Authorization header, and renewal is calling it again: both tokens work', async () => {
    const first = (await requestToken(rec.sb.url, good())).body.access_token as string
    const second = (await requestToken(rec.sb.url, good())).body.access_token as string
    for (const token of [first, second]) {
      const res = await fetch(`${rec.sb.url}${API_PATH}/whoami`, { headers: { Authorization: `Bearer ${token}` } })
      expect(res.status).toBe(200)
    }
  })

  it('answers bad client credentials with the OAuth body {"error": "invalid_client"}', async () => {
    for (const form of [
      { ...good(), client_secret: 'not-the-secret' },
      { ...good(), client_id: randomUUID() },
    ]) {
      const res = await requestToken(rec.sb.url, form)
      expect([400, 401]).toContain(res.status)
      expect(res.body.error).toBe('invalid_client')
    }
  })

  it('supports only grant_type=client_credentials: another grant is refused with an OAuth error', async () => {
    for (const grant of ['password', 'refresh_token', 'authorization_code']) {
      const res = await requestToken(rec.sb.url, { ...good(), grant_type: grant })
      expect(res.status, grant).toBe(400)
      expect(res.body.error, grant).toBe('unsupported_grant_type')
    }
    const { grant_type: _, ...withoutGrant } = good()
    const missing = await requestToken(rec.sb.url, withoutGrant)
    expect(missing.status).toBe(400)
    expect(typeof missing.body.error).toBe('string')
  })

  it('is reached by the host-only base plus /api/v1, the public documentation\u2019s form of the full URL', async () => {
    expect(rec.sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const api = await new RecordClient(rec.sb.url, rec.sb.demo).signIn()
    expect((await api.get('/whoami')).status).toBe(200)
  })
})

describe('every other operation needs Authorization: Bearer <token>', () => {
  it('answers 401 without a token or with one it did not issue, on every operation', async () => {
    for (const [method, path] of OPERATIONS) {
      const body = method === 'GET' ? undefined : '{}'
      const headers = body ? { 'Content-Type': 'application/json' } : undefined
      const none = await fetch(`${rec.sb.url}${API_PATH}${path}`, { method, headers, body })
      expect(none.status, `${method} ${path}`).toBe(401)
      const forged = await fetch(`${rec.sb.url}${API_PATH}${path}`, { method, headers: { ...headers, Authorization: 'Bearer not-a-token-it-issued' }, body })
      expect(forged.status, `${method} ${path} forged`).toBe(401)
    }
  })
})

describe('request bodies are JSON, except the token request', () => {
  it('takes an order as JSON and does not take it form-encoded', async () => {
    const token = (await requestToken(rec.sb.url, good())).body.access_token as string
    const order = { shipping_address: { company_name: 'Form Co', addr_line_1: '1 Road', city: 'Leeds', postal_code: 'LS1 1AA', country_code: 1 }, shipping_type: 1, line_items: [{ product_code: 'SW-24P-POE', quantity: 1 }] }
    const form = await fetch(`${rec.sb.url}${API_PATH}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ shipping_type: '1', 'line_items[0][product_code]': 'SW-24P-POE', 'line_items[0][quantity]': '1' }),
    })
    expect(form.status).toBeGreaterThanOrEqual(400)
    expect(form.status).toBeLessThan(500)
    const json = await fetch(`${rec.sb.url}${API_PATH}/orders`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(order) })
    expect(json.status).toBe(201)
  })
})

describe('the token and what it is good for (spec 4.1, 5)', () => {
  it('needs each of the three form fields: without client_id or client_secret it is an OAuth error, not a token', async () => {
    const { client_id: _i, ...noId } = good()
    const { client_secret: _s, ...noSecret } = good()
    for (const form of [noId, noSecret]) {
      const res = await requestToken(rec.sb.url, form)
      expect(res.status, JSON.stringify(form)).toBeGreaterThanOrEqual(400)
      expect(res.status, JSON.stringify(form)).toBeLessThan(500)
      expect(typeof res.body.error).toBe('string')
      expect(res.body).not.toHaveProperty('access_token')
    }
  })

  it('issues no refresh token (spec 5.8: renewal is another token request)', async () => {
    const res = await requestToken(rec.sb.url, good())
    expect(res.body).not.toHaveProperty('refresh_token')
  })

  it('is usable for expires_in seconds, and not after', async () => {
    const res = await requestToken(rec.sb.url, good())
    const token = res.body.access_token as string
    const whoami = async () => (await fetch(`${rec.sb.url}${API_PATH}/whoami`, { headers: { Authorization: `Bearer ${token}` } })).status
    rec.sb.control.advanceClock((res.body.expires_in as number) - 1)
    expect(await whoami()).toBe(200)
    rec.sb.control.advanceClock(1)
    expect(await whoami()).toBe(401)
    // Renewal: the same credentials give a working token again.
    expect((await new RecordClient(rec.sb.url, rec.sb.demo).signIn().then((api) => api.get('/whoami'))).status).toBe(200)
  })

  it('is taken only from the Authorization header; organisation-level API keys do not work (spec 5.5, 5.7)', async () => {
    const token = (await requestToken(rec.sb.url, good())).body.access_token as string
    const secret = rec.sb.demo.clientSecret
    const basic = Buffer.from(`${rec.sb.demo.clientId}:${secret}`).toString('base64')
    for (const [label, url, headers] of [
      ['X-Api-Key', '/whoami', { 'X-Api-Key': secret }],
      ['Api-Key', '/whoami', { 'Api-Key': token }],
      ['bare token', '/whoami', { Authorization: token }],
      ['Basic client credentials', '/whoami', { Authorization: `Basic ${basic}` }],
      ['api_key query', `/whoami?api_key=${secret}`, {}],
      ['access_token query', `/whoami?access_token=${token}`, {}],
    ] as const) {
      const res = await fetch(`${rec.sb.url}${API_PATH}${url}`, { headers })
      expect(res.status, label).toBe(401)
    }
  })

  it('acts with its user\u2019s roles and permissions (spec 5.4): a buyer\u2019s client may read orders but not users', async () => {
    const buyer = rec.sb.clients.find((c) => c.organisationId === 1 && !c.admin)!
    const api = await new RecordClient(rec.sb.url, buyer).signIn()
    const me = await api.get<{ id: number; permissions: { permission: string }[] }>('/whoami')
    expect(me.body.id).toBe(buyer.userId)
    const held = me.body.permissions.map((p) => p.permission)
    expect(held).toContain('orders:read')
    expect(held).not.toContain('users:read')
    expect((await api.get('/orders')).status).toBe(200)
    expect((await api.get('/users')).status).toBe(403)
  })
})

describe('the token endpoint takes a form and answers JSON (spec 1, 4.1)', () => {
  const form = () => new URLSearchParams(good()).toString()

  it('takes the form with a charset on its Content-Type, as many HTTP libraries send it', async () => {
    const res = await fetch(`${rec.sb.url}${API_PATH}/oauth/create_token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }, body: form() })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(((await res.json()) as { token_type: string }).token_type).toBe('Bearer')
  })

  it('answers a JSON body (the only endpoint that does not take one) with an OAuth error, not a token', async () => {
    const res = await fetch(`${rec.sb.url}${API_PATH}/oauth/create_token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(good()) })
    expect(res.status).toBe(400)
    const body = (await res.json()) as Record<string, unknown>
    expect(typeof body.error).toBe('string')
    expect(body).not.toHaveProperty('access_token')
  })

  it('renewal with no Authorization header works however often, and each token answers for its user', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await requestToken(rec.sb.url, good())
      expect(res.status).toBe(200)
      const me = await fetch(`${rec.sb.url}${API_PATH}/whoami`, { headers: { Authorization: `Bearer ${res.body.access_token as string}` } })
      expect(((await me.json()) as { id: number }).id).toBe(rec.sb.demo.userId)
    }
  })

  it('a client_id that is not a UUID (spec 4.1: client_id is a UUID) is refused as invalid_client', async () => {
    const res = await requestToken(rec.sb.url, { ...good(), client_id: 'not-a-uuid' })
    expect([400, 401]).toContain(res.status)
    expect(res.body.error).toBe('invalid_client')
  })
})

describe('the bearer token (spec 5.7) under standard HTTP', () => {
  it('reads the scheme name Bearer in any case (RFC 7235: the scheme is case-insensitive)', async () => {
    const token = (await requestToken(rec.sb.url, good())).body.access_token as string
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await fetch(`${rec.sb.url}${API_PATH}/whoami`, { headers: { Authorization: `${scheme} ${token}` } })
      expect(res.status, scheme).toBe(200)
    }
  })
})

describe('JSON responses (spec 1) on every operation', () => {
  it('answers each operation with a JSON body and a JSON Content-Type, its errors included', async () => {
    const token = (await requestToken(rec.sb.url, good())).body.access_token as string
    for (const path of ['/whoami', '/organisations', '/organisations/1/addresses', '/country_codes', '/shipping_types', '/users', `/users/${rec.sb.demo.userId}`, '/product_groups', '/products', '/products/5', '/baskets', '/orders', '/orders/999999', '/users/999999']) {
      const res = await fetch(`${rec.sb.url}${API_PATH}${path}`, { headers: { Authorization: `Bearer ${token}` } })
      expect(res.headers.get('content-type'), path).toMatch(/^application\/(.+\+)?json/)
      await expect(res.json(), path).resolves.toBeTypeOf('object')
    }
  })
})

describe('the version is part of the path (spec 9.3; service-conventions.md: /api/v1 is the only API path today)', () => {
  it('answers the operations under /api/v1 only: another version or no version segment is not found', async () => {
    const token = (await requestToken(rec.sb.url, good())).body.access_token as string
    const headers = { Authorization: `Bearer ${token}` }
    expect((await fetch(`${rec.sb.url}${API_PATH}/whoami`, { headers })).status).toBe(200)
    for (const path of ['/api/v2/whoami', '/api/v0/whoami', '/whoami', '/api/whoami']) {
      expect((await fetch(`${rec.sb.url}${path}`, { headers })).status, path).toBe(404)
    }
  })
})

describe('the token answer is not kept by caches (RFC 6749 5.1, the standard OAuth the record names)', () => {
  it('carries Cache-Control: no-store', async () => {
    const res = await requestToken(rec.sb.url, good())
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/no-store/)
  })
})

describe('JSON request bodies (spec 1) under standard media-type rules', () => {
  it('takes application/json with a charset parameter or in capitals (RFC 9110 8.3.1: the type is case-insensitive)', async () => {
    const token = (await requestToken(rec.sb.url, good())).body.access_token as string
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const res = await fetch(`${rec.sb.url}${API_PATH}/baskets`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': type }, body: JSON.stringify({ name: `Typed ${type}`, line_items: [{ product_code: 'LIC-SEC-1Y', quantity: 1 }] }) })
      expect(res.status, type).toBe(201)
    }
  })

  it('reads a body that starts with a UTF-8 byte order mark, as a file saved by a Windows editor does (RFC 8259 8.1 lets a parser ignore it)', async () => {
    const token = (await requestToken(rec.sb.url, good())).body.access_token as string
    const json = JSON.stringify({ name: 'Saved with a BOM', line_items: [{ product_code: 'LIC-SEC-1Y', quantity: 1 }] })
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)])
    const res = await fetch(`${rec.sb.url}${API_PATH}/baskets`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body })
    expect(res.status).toBe(201)
    expect(((await res.json()) as { name: string }).name).toBe('Saved with a BOM')
  })
})

describe('an API client\u2019s label is display-only (spec 5.2)', () => {
  it('is not accepted in place of its client_id', async () => {
    const api = await new RecordClient(rec.sb.url, rec.sb.demo).signIn()
    const me = (await api.get<{ api_clients: { name: string; client_id: string }[] }>(`/users/${rec.sb.demo.userId}`)).body
    const client = me.api_clients.find((c) => c.client_id === rec.sb.demo.clientId)!
    expect(client.name.length).toBeGreaterThan(0)
    const res = await requestToken(rec.sb.url, { ...good(), client_id: client.name })
    expect(res.body).not.toHaveProperty('access_token')
    expect(res.body.error).toBe('invalid_client')
  })
})
