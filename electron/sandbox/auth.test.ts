import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CurrentUser, OAuthError, Problem, TokenResponse } from '../../shared/api'
import { startSandbox, type Sandbox } from '.'
import { TestClient } from '../../tests/support/sandbox/test-client'

let sb: Sandbox
let demo: TestClient

beforeAll(async () => {
  sb = await startSandbox({ products: 60, orders: 0, speed: 0, tokenTtlSeconds: 600 })
  demo = new TestClient(sb)
})
afterAll(() => sb.close())

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
async function tokenCall(body: string, contentType = 'application/x-www-form-urlencoded') {
  const res = await request(`${sb.baseUrl}/oauth/create_token`, { method: 'POST', headers: { 'content-type': contentType }, body })
  return { status: res.statusCode, headers: res.headers, body: (await res.body.json()) as unknown }
}

describe('POST /oauth/create_token', () => {
  it('issues an opaque bearer token for client credentials in the form body', async () => {
    const res = await tokenCall(form({ grant_type: 'client_credentials', client_id: sb.demo.clientId, client_secret: sb.demo.clientSecret }))
    expect(res.status).toBe(200)
    const body = TokenResponse.parse(res.body)
    expect(body.token_type).toBe('Bearer')
    expect(body.expires_in).toBe(600)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(body).not.toHaveProperty('refresh_token')
  })

  it('answers RFC 6749 errors', async () => {
    const good = { grant_type: 'client_credentials', client_id: sb.demo.clientId, client_secret: sb.demo.clientSecret }
    const cases: [string, string, number, string][] = [
      [form({ ...good, client_secret: 'wrong' }), 'application/x-www-form-urlencoded', 401, 'invalid_client'],
      [form({ ...good, client_id: '00000000-0000-4000-8000-000000000000' }), 'application/x-www-form-urlencoded', 401, 'invalid_client'],
      [form({ ...good, client_id: 'not-a-uuid' }), 'application/x-www-form-urlencoded', 401, 'invalid_client'],
      [form({ ...good, grant_type: 'password' }), 'application/x-www-form-urlencoded', 400, 'unsupported_grant_type'],
      [form({ grant_type: 'client_credentials', client_id: sb.demo.clientId }), 'application/x-www-form-urlencoded', 400, 'invalid_request'],
      [`${form(good)}&client_id=${sb.demo.clientId}`, 'application/x-www-form-urlencoded', 400, 'invalid_request'],
      [JSON.stringify(good), 'application/json', 400, 'invalid_request'],
    ]
    for (const [body, type, status, error] of cases) {
      const res = await tokenCall(body, type)
      expect(res.status, body).toBe(status)
      expect(OAuthError.parse(res.body).error).toBe(error)
    }
  })

  it('issues tokens to every seeded client', async () => {
    for (const creds of sb.clients) expect((await new TestClient(sb, creds).get('/whoami')).status).toBe(200)
  })
})

describe('bearer tokens', () => {
  it('refuses a missing, malformed or unknown token with a 401 problem', async () => {
    for (const auth of [false, 'nonsense-token'] as const) {
      const res = await demo.get('/whoami', { auth })
      expect(res.status).toBe(401)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(res.headers['www-authenticate']).toContain('Bearer')
      Problem.parse(res.body)
    }
    const res = await demo.get('/whoami', { headers: { authorization: 'Basic abc' }, auth: false })
    expect(res.status).toBe(401)
  })

  it('says what was wrong in its Bearer challenge only when a token was sent (RFC 6750 3.1)', async () => {
    const challenge = async (authorization: string | undefined) =>
      (await demo.get('/whoami', { auth: false, headers: authorization === undefined ? {} : { authorization } })).headers['www-authenticate']
    expect(await challenge(undefined)).toBe('Bearer realm="wholesale-sandbox"')
    expect(await challenge('Basic abc')).toBe('Bearer realm="wholesale-sandbox"')
    expect(await challenge('Bearer two words')).toBe('Bearer realm="wholesale-sandbox", error="invalid_request"')
    expect(await challenge('Bearer unknown-token')).toBe('Bearer realm="wholesale-sandbox", error="invalid_token"')
  })

  it('expires tokens on the sandbox clock', async () => {
    const client = new TestClient(sb, sb.clients[3])
    expect((await client.get('/whoami')).status).toBe(200)
    sb.control.advanceClock(601)
    expect((await client.get('/whoami')).status).toBe(401)
    expect((await new TestClient(sb, sb.clients[3]).get('/whoami')).status).toBe(200)
  })

  it('revokes tokens of one client or all', async () => {
    const a = new TestClient(sb, sb.clients[4])
    const b = new TestClient(sb, sb.clients[5])
    expect((await a.get('/whoami')).status).toBe(200)
    expect((await b.get('/whoami')).status).toBe(200)
    sb.control.revokeTokens(sb.clients[4]!.clientId)
    expect((await a.get('/whoami')).status).toBe(401)
    expect((await b.get('/whoami')).status).toBe(200)
    sb.control.revokeTokens()
    expect((await b.get('/whoami')).status).toBe(401)
  })
})

describe('GET /whoami', () => {
  it('describes the admin of the top organisation', async () => {
    const me = CurrentUser.parse((await new TestClient(sb).get('/whoami')).body)
    expect(me).toMatchObject({ id: sb.demo.userId, organisation: 1, real_id: sb.demo.userId, admin: true, currency: 'GBP' })
    const perms = me.permissions.map((p) => p.permission)
    expect(perms).toEqual(expect.arrayContaining(['users:write', 'product_groups:write', 'baskets:write', 'orders:write']))
    expect(me.permissions.some((p) => p.parent)).toBe(true)
  })

  it('gives a non-admin user no users or product group write permissions', async () => {
    const buyer = sb.clients.find((c) => !c.admin && c.organisationId === 2)!
    const me = CurrentUser.parse((await new TestClient(sb, buyer).get('/whoami')).body)
    expect(me.admin).toBe(false)
    const perms = me.permissions.map((p) => p.permission)
    expect(perms).toEqual(expect.arrayContaining(['products:read', 'baskets:write', 'orders:write']))
    expect(perms.filter((p) => p.startsWith('users:') || p === 'product_groups:write')).toEqual([])
  })
})
