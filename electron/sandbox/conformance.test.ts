import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { Basket, OAuthError, Order, Problem, TokenResponse, type BasketBody } from '../../shared/api'
import { SHOWCASE, startSandbox, type Sandbox } from '.'
import { operations } from './routes'
import { TestClient, type CallOptions } from '../../tests/support/sandbox/test-client'

/** The operationIds the OpenAPI document must carry (issue #3). */
const OPERATION_IDS = [
  'createToken', 'getCurrentUser', 'listOrganisations', 'listOrganisationAddresses', 'listCountryCodes', 'listShippingTypes',
  'listVendors', 'listProductTypes',
  'listUsers', 'getUser', 'createUser', 'editUser', 'listProductGroups', 'createProductGroup', 'getProductGroup', 'editProductGroup',
  'listProducts', 'getProduct', 'listBaskets', 'createBasket', 'getBasket', 'modifyBasket', 'submitBasket', 'addBasketLineItem',
  'listOrders', 'getOrder', 'placeOrder', 'resubmitOrder', 'cancelOrder',
]

let sb: Sandbox
let api: TestClient
beforeAll(async () => {
  sb = await startSandbox({ products: 300, orders: 200, speed: 0 })
  api = new TestClient(sb)
})
afterAll(() => sb.close())

const address = { addr_line_1: '1 High Street', city: 'London', postal_code: 'EC1A 1BB', country_code: 1 }
const basket: BasketBody = { name: 'Conformance', shipping_address: address, shipping_type: 1, line_items: [{ product_code: SHOWCASE.switch.sku, quantity: 1, prov_product_code: SHOWCASE.provisioning.sku }] }
const user = { name: 'Casey Conform', email_address: 'casey.conform@apex.example', organisation: 2, roles: [1] }
const group = { name: 'Conformance group', products: [SHOWCASE.switch.id] }

describe('every operation answers in the shape of the shared schemas', () => {
  it('serves exactly the 29 operations with their operationIds', () => {
    expect(operations.map((o) => o.operationId).sort()).toEqual([...OPERATION_IDS].sort())
  })

  it('parses a success response of every operation with its schema', async () => {
    const fresh = async () => (await api.post<Basket>('/baskets', basket)).body.id
    const attention = async () => {
      const id = (await api.post<Order>('/orders', basket)).body.id
      sb.control.transition(id, 'ATTENTION_REQUIRED')
      return id
    }
    const userId = (await api.post<{ id: number }>('/users', { ...user, email_address: 'first.conform@apex.example' })).body.id
    const groupId = (await api.post<{ id: number }>('/product_groups', group)).body.id
    const orderId = sb.control.listOrdersRaw()[0]!.id
    const calls: Record<string, () => Promise<[string, string, CallOptions?]>> = {
      getCurrentUser: async () => ['GET', '/whoami'],
      listOrganisations: async () => ['GET', '/organisations'],
      listOrganisationAddresses: async () => ['GET', '/organisations/2/addresses'],
      listCountryCodes: async () => ['GET', '/country_codes'],
      listShippingTypes: async () => ['GET', '/shipping_types'],
      listVendors: async () => ['GET', '/vendors'],
      listProductTypes: async () => ['GET', '/product_types'],
      listUsers: async () => ['GET', '/users'],
      getUser: async () => ['GET', `/users/${userId}`],
      createUser: async () => ['POST', '/users', { body: user }],
      editUser: async () => ['PUT', `/users/${userId}`, { body: { ...user, email_address: 'edited.conform@apex.example' } }],
      listProductGroups: async () => ['GET', '/product_groups'],
      createProductGroup: async () => ['POST', '/product_groups', { body: group }],
      getProductGroup: async () => ['GET', `/product_groups/${groupId}`],
      editProductGroup: async () => ['PUT', `/product_groups/${groupId}`, { body: { ...group, status: 'LIVE' } }],
      listProducts: async () => ['GET', '/products'],
      getProduct: async () => ['GET', `/products/${SHOWCASE.storage.id}`],
      listBaskets: async () => ['GET', '/baskets'],
      createBasket: async () => ['POST', '/baskets', { body: basket }],
      getBasket: async () => ['GET', `/baskets/${await fresh()}`],
      modifyBasket: async () => ['PUT', `/baskets/${await fresh()}`, { body: basket }],
      submitBasket: async () => ['POST', `/baskets/${await fresh()}/submit`],
      addBasketLineItem: async () => ['POST', `/baskets/${await fresh()}/line_items`, { body: { product: SHOWCASE.router.id, quantity: 2 } }],
      listOrders: async () => ['GET', '/orders'],
      getOrder: async () => ['GET', `/orders/${orderId}`],
      placeOrder: async () => ['POST', '/orders', { body: basket }],
      resubmitOrder: async () => ['POST', `/orders/${await attention()}/resubmit`],
      cancelOrder: async () => ['POST', `/orders/${(await api.post<Order>('/orders', basket)).body.id}/cancel`],
    }
    for (const op of operations) {
      if (op.operationId === 'createToken') continue
      const [method, path, opts] = await calls[op.operationId]!()
      const res = await api.call(method, path, opts)
      expect(res.status, `${op.operationId}: ${res.text.slice(0, 300)}`).toBe(op.success)
      const schema = op.response as z.ZodType
      if (op.list) {
        expect(Array.isArray(res.body), op.operationId).toBe(true)
        expect(res.headers['x-total-count'], op.operationId).toBeDefined()
        expect(res.headers['x-total-pages'], op.operationId).toBeDefined()
        for (const item of res.body as unknown[]) schema.parse(item)
      } else schema.parse(res.body)
    }
  })

  it('answers the token endpoint in the shapes of TokenResponse and OAuthError', async () => {
    const ok = await request(`${sb.baseUrl}/oauth/create_token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=client_credentials&client_id=${sb.demo.clientId}&client_secret=${sb.demo.clientSecret}` })
    TokenResponse.parse(await ok.body.json())
    const bad = await request(`${sb.baseUrl}/oauth/create_token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' })
    OAuthError.parse(await bad.body.json())
  })

  it('answers every error status as application/problem+json', async () => {
    const buyer = new TestClient(sb, sb.clients.find((c) => !c.admin)!)
    const shipped = sb.control.listOrdersRaw().find((o) => o.status === 'COMPLETE')!
    const cases: [number, Promise<{ status: number; headers: Record<string, unknown>; body: unknown }>][] = [
      [400, api.get('/orders', { query: { per_page: 'all' } })],
      [401, api.get('/whoami', { auth: 'expired-or-unknown' })],
      [403, buyer.get('/users')],
      [404, api.get('/orders/1')],
      [405, api.call('PATCH', '/orders')],
      [409, api.post(`/orders/${shipped.id}/cancel`)],
      [413, api.call('POST', '/baskets', { raw: `{"name":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' })],
      [415, api.call('POST', '/baskets', { raw: '<basket/>', contentType: 'application/xml' })],
      [422, api.post('/baskets', { line_items: 'none' })],
    ]
    for (const [status, pending] of cases) {
      const res = await pending
      expect(res.status).toBe(status)
      expect(String(res.headers['content-type']), String(status)).toContain('application/problem+json')
      expect(Problem.parse(res.body).status).toBe(status)
    }
  })
})

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document of every operation, served without a token, whose references resolve', async () => {
    const res = await request(`${sb.baseUrl}/openapi.json`)
    expect(res.statusCode).toBe(200)
    const doc = (await res.body.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } }
    expect(doc.openapi).toBe('3.1.0')
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, o]) => ({ path, method, ...o })))
    expect(ops.map((o) => o.operationId).sort()).toEqual([...OPERATION_IDS].sort())
    for (const op of operations) {
      const found = ops.find((o) => o.operationId === op.operationId)!
      expect(`${found.method} ${found.path}`).toBe(`${op.method.toLowerCase()} ${op.path}`)
      expect(Object.keys(found.responses)).toContain(String(op.success))
    }
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? []
    expect(refs.length).toBeGreaterThan(20)
    for (const r of new Set(refs)) expect(doc.components.schemas, r).toHaveProperty(r.split('/').pop()!.replace('"', ''))
  })
})
