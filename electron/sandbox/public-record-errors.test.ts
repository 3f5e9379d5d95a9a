import { describe, expect, it } from 'vitest'
import { API_PATH, RecordClient } from '../../tests/support/sandbox/record-client'
import { recordSuite } from '../../tests/support/sandbox/record-suite'

/**
 * Spec 7: "The API answers with standard HTTP response codes"; the codes used, the error body and
 * the condition behind each are not shown. What standard HTTP (RFC 9110) and the bearer scheme
 * (RFC 6750) fix, checked by a client written only from the record (plain fetch over real HTTP).
 */
const rec = recordSuite({ products: 30, orders: 30, speed: 0 })

describe('standard HTTP response codes (spec 7.1)', () => {
  it('a record that does not exist is 404 on every Get operation', async () => {
    for (const path of ['/orders/99999999', '/baskets/99999999', '/users/99999999', '/products/99999999', '/product_groups/99999999', '/organisations/99999999/addresses']) {
      expect((await rec.api.get(path)).status, path).toBe(404)
    }
  })

  it('a path that is no operation is 404', async () => {
    for (const path of ['/no_such_resource', '/orders/1/no_such_action']) expect((await rec.api.get(path)).status, path).toBe(404)
  })

  it('a method a known path does not take is 405 with Allow naming the methods it does take (RFC 9110 15.5.6)', async () => {
    for (const [method, path, allowed] of [
      ['DELETE', '/orders/1', 'GET'],
      ['PATCH', '/baskets/1', 'PUT'],
      ['DELETE', '/users/1', 'PUT'],
      ['GET', '/oauth/create_token', 'POST'],
    ] as const) {
      const res = await fetch(`${rec.sb.url}${API_PATH}${path}`, { method })
      expect(res.status, `${method} ${path}`).toBe(405)
      expect(res.headers.get('allow')?.split(/,\s*/), `${method} ${path}`).toContain(allowed)
    }
  })

  it('a request without a usable token is 401 with a WWW-Authenticate challenge for Bearer (RFC 6750 3)', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not-one-it-issued' }]) {
      const res = await fetch(`${rec.sb.url}${API_PATH}/orders`, { headers })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/i)
    }
  })

  it('a caller whose roles lack an operation gets 403, and a refusal is never a 5xx', async () => {
    const buyer = await new RecordClient(rec.sb.url, rec.sb.clients.find((c) => c.organisationId === 1 && !c.admin)!).signIn()
    expect((await buyer.post('/users', { name: 'x' })).status).toBe(403)
    expect((await buyer.post('/product_groups', { name: 'x' })).status).toBe(403)
    for (const body of [{ line_items: 'not a list' }, { shipping_type: 'one' }, [], 'text', 42]) {
      const res = await rec.api.post('/orders', body)
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(res.status, JSON.stringify(body)).toBeLessThan(500)
    }
  })

  it('a body that is not valid JSON is a 400', async () => {
    const token = (await (await fetch(`${rec.sb.url}${API_PATH}/oauth/create_token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_id: rec.sb.demo.clientId, client_secret: rec.sb.demo.clientSecret, grant_type: 'client_credentials' }) })).json()) as { access_token: string }
    const res = await fetch(`${rec.sb.url}${API_PATH}/orders`, { method: 'POST', headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' }, body: '{"line_items": [' })
    expect(res.status).toBe(400)
  })
})
