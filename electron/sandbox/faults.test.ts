import { request } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Problem } from '../../shared/api'
import { SHOWCASE, startSandbox, type Sandbox } from '.'
import { TestClient } from '../../tests/support/sandbox/test-client'
import { RecordClient } from '../../tests/support/sandbox/record-client'

let sb: Sandbox
let api: TestClient
const basket = (name: string) => ({ name, line_items: [{ product: SHOWCASE.licence.id, quantity: 1 }] })

beforeAll(async () => {
  sb = await startSandbox({ products: 50, orders: 20, speed: 0, testMode: true })
  api = new TestClient(sb)
  await api.token()
})
afterAll(() => sb.close())
beforeEach(() => sb.control.clearFaults())

describe('fault injection', () => {
  it('adds latency to matching requests only', async () => {
    sb.control.injectFault({ kind: 'latency', ms: 300, match: { method: 'GET', path: '^/products' } })
    let t = Date.now()
    expect((await api.get('/products', { query: { per_page: 1 } })).status).toBe(200)
    expect(Date.now() - t).toBeGreaterThanOrEqual(290)
    t = Date.now()
    await api.get('/whoami')
    expect(Date.now() - t).toBeLessThan(250)
  })

  it('answers injected statuses a given number of times, with Retry-After', async () => {
    sb.control.injectFault({ kind: 'status', status: 503, retryAfterSeconds: 2, times: 2, match: { path: '^/whoami$' } })
    for (let i = 0; i < 2; i++) {
      const res = await api.get('/whoami')
      expect(res.status).toBe(503)
      expect(res.headers['retry-after']).toBe('2')
      Problem.parse(res.body)
    }
    expect((await api.get('/whoami')).status).toBe(200)
    sb.control.injectFault({ kind: 'status', status: 429, retryAfterSeconds: 1, times: 1 })
    expect((await api.get('/orders')).status).toBe(429)
    expect((await api.get('/orders')).status).toBe(200)
  })

  it('drops the connection before doing anything', async () => {
    sb.control.injectFault({ kind: 'dropBefore', times: 1, match: { method: 'POST', path: '^/baskets$' } })
    await expect(api.post('/baskets', basket('dropped-before'))).rejects.toThrow()
    expect(sb.control.listBasketsRaw().some((b) => b.name === 'dropped-before')).toBe(false)
    expect((await api.post('/baskets', basket('after-drop'))).status).toBe(201)
  })

  it('drops the connection after the write is committed', async () => {
    sb.control.injectFault({ kind: 'dropAfterCommit', times: 1, match: { method: 'POST', path: '^/baskets$' } })
    await expect(api.post('/baskets', basket('committed-then-dropped'))).rejects.toThrow()
    expect(sb.control.listBasketsRaw().filter((b) => b.name === 'committed-then-dropped')).toHaveLength(1)
    const log = sb.control.requestLog().filter((r) => r.method === 'POST' && r.path === '/baskets')
    expect(log.some((r) => r.status === 0)).toBe(true)
  })

  it('records every request with status and size', async () => {
    sb.control.clearRequestLog()
    await api.get('/products', { query: { per_page: 2 } })
    await api.get('/nowhere')
    const log = sb.control.requestLog()
    expect(log.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/products', 200],
      ['GET', '/nowhere', 404],
    ])
    expect(log[0]!.bytes).toBeGreaterThan(100)
    expect(log[0]!.query).toBe('per_page=2')
  })

  it('pauses (connections refused) and resumes on the same port', async () => {
    await sb.control.pause()
    await expect(api.get('/whoami')).rejects.toThrow()
    await sb.control.resume()
    expect((await api.get('/whoami')).status).toBe(200)
  })

  it('pauses over HTTP for a while, then comes back by itself', async () => {
    const res = await request(`${sb.baseUrl}/_test/pause`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds: 0.3 }) })
    expect(res.statusCode).toBe(202)
    await res.body.dump()
    const reachable = () => api.get('/whoami').then(() => true, () => false)
    const until = async (want: boolean) => {
      for (const end = Date.now() + 5000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if ((await reachable()) === want) return true
      return false
    }
    expect(await until(false)).toBe(true)
    expect(await until(true)).toBe(true)
  })
})

describe('test admin endpoints', () => {
  const admin = (method: string, path: string, body?: unknown) =>
    request(`${sb.baseUrl}/_test${path}`, { method: method as 'POST', headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })

  it('injects and clears faults, lists requests, records and orders', async () => {
    expect((await admin('POST', '/faults', { kind: 'status', status: 502, times: 1, match: { path: '^/whoami' } })).statusCode).toBe(204)
    expect((await api.get('/whoami')).status).toBe(502)
    expect((await admin('POST', '/faults', { kind: 'status', status: 502 })).statusCode).toBe(204)
    expect((await admin('DELETE', '/faults')).statusCode).toBe(204)
    expect((await api.get('/whoami')).status).toBe(200)
    expect((await admin('POST', '/faults', { kind: 'explode' })).statusCode).toBe(422)
    expect((await admin('POST', '/faults', { kind: 'latency', ms: 1, match: { path: '(' } })).statusCode).toBe(422)
    const requests = (await (await admin('GET', '/requests')).body.json()) as { path: string }[]
    expect(requests.some((r) => r.path === '/whoami')).toBe(true)
    expect(requests.some((r) => r.path.startsWith('/_test'))).toBe(false)
    expect(((await (await admin('GET', '/orders')).body.json()) as unknown[]).length).toBeGreaterThan(0)
    expect(((await (await admin('GET', '/baskets')).body.json()) as unknown[]).length).toBeGreaterThan(0)
  })

  it('drives transitions, the clock, prices and token revocation', async () => {
    const order = (await api.post<{ id: number }>('/orders', { line_items: [{ product: SHOWCASE.licence.id, quantity: 1 }] })).body
    const moved = await admin('POST', `/orders/${order.id}/transition`, { status: 'ATTENTION_REQUIRED', reason: 'Check stock' })
    expect(moved.statusCode).toBe(200)
    expect(((await moved.body.json()) as { attention_required: string }).attention_required).toBe('Check stock')
    expect((await admin('POST', '/orders/1/transition', { status: 'SHIPPED' })).statusCode).toBe(404)
    expect((await admin('POST', `/orders/${order.id}/transition`, { status: 'NOPE' })).statusCode).toBe(422)
    expect((await admin('POST', '/workflow/tick')).statusCode).toBe(200)
    expect((await admin('POST', '/prices/raise', { product_ids: [SHOWCASE.licence.id], percent: 5 })).statusCode).toBe(200)
    expect((await admin('POST', '/clock/advance', { seconds: 10 })).statusCode).toBe(200)
    expect((await admin('POST', '/tokens/revoke', { client_id: sb.demo.clientId })).statusCode).toBe(200)
    expect((await api.get('/whoami')).status).toBe(401)
  })
})

describe('outside test mode', () => {
  it('has no /_test endpoints and refuses fault injection', async () => {
    const plain = await startSandbox({ products: 20, orders: 0, speed: 0 })
    try {
      expect((await request(`${plain.baseUrl}/_test/requests`)).statusCode).toBe(404)
      expect((await request(`${plain.baseUrl}/_test/faults`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).statusCode).toBe(404)
      expect(() => plain.control.injectFault({ kind: 'dropBefore' })).toThrow()
    } finally {
      await plain.close()
    }
  })
})

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit, until the minute is over', async () => {
    const limited = await startSandbox({ products: 20, orders: 0, speed: 0, rateLimitPerMinute: 5 })
    try {
      const c = new TestClient(limited)
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) statuses.push((await c.get('/whoami')).status)
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
      const res = await c.get('/whoami')
      expect(res.status).toBe(429)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      limited.control.advanceClock(61)
      expect((await c.get('/whoami')).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('counts per caller, not per token: renewing the token (spec 5.8) does not open a new window', async () => {
    const limited = await startSandbox({ products: 20, orders: 0, speed: 0, rateLimitPerMinute: 3 })
    try {
      const api = await new RecordClient(limited.url, limited.demo).signIn()
      for (let i = 0; i < 3; i++) expect((await api.get('/whoami')).status).toBe(200)
      expect((await api.get('/whoami')).status).toBe(429)
      await api.signIn()
      const renewed = await api.get('/whoami')
      expect(renewed.status).toBe(429)
      expect(Number(renewed.headers.get('retry-after'))).toBeGreaterThan(0)
      // Another API client is another caller, with its own window.
      const other = limited.clients.find((c) => c.clientId !== limited.demo.clientId)!
      expect((await (await new RecordClient(limited.url, other).signIn()).get('/whoami')).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
