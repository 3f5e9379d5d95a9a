import fc from 'fast-check'
import { Pool } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHOWCASE, startSandbox, type Sandbox } from '.'
import { createTokenFor, queryString } from '../../tests/support/sandbox/test-client'

/**
 * Property-based fuzz: 2,000 random bodies per write operation and 2,000 random query strings per
 * list operation, against one server over real HTTP. Bad input must never produce a 5xx, and every
 * refusal must be a problem+json body (the token endpoint: an OAuth error body).
 */
const RUNS = 2000

let sb: Sandbox
let pool: Pool
let token: string
const ids = { baskets: [] as number[], orders: [] as number[], users: [] as number[], groups: [1, 2, 3, 4] }

beforeAll(async () => {
  sb = await startSandbox({ products: 40, orders: 40, speed: 0, testMode: true, tokenTtlSeconds: 86_400 })
  pool = new Pool(sb.url, { connections: 4, pipelining: 1 })
  token = await createTokenFor(sb.baseUrl, sb.demo)
  ids.baskets = sb.control.listBasketsRaw().map((b) => b.id)
  ids.orders = sb.control.listOrdersRaw().map((o) => o.id)
  // Never the demo user: the fuzz acts as that user and must keep its roles.
  ids.users = sb.clients.map((c) => c.userId).filter((id) => id !== sb.demo.userId)
})
afterAll(async () => {
  await pool.close()
  await sb.close()
})

const strangeStrings = ['', ' ', "' OR 1=1 --", '%', '_', '\u0000', '\ud800', '../../etc/passwd', '1e400', '-1', 'null', 'NaN', 'true', '[]', '{}', SHOWCASE.switch.sku, SHOWCASE.ambiguousSku, SHOWCASE.provisioning.sku, SHOWCASE.partnerProvisioning.sku, 'x'.repeat(300)]
const anyString = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom(...strangeStrings))
const anyNumber = fc.oneof(fc.integer(), fc.integer({ min: -2, max: 40 }), fc.double(), fc.constantFrom(0, -1, 1, 2 ** 53, 1e308, 0.5, 3500, 3501))
const junk: fc.Arbitrary<unknown> = fc.oneof(anyString, anyNumber, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }))
const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: junk })
const optional = <T extends Record<string, fc.Arbitrary<unknown>>>(model: T) => fc.record(model, { requiredKeys: [] })
const smallId = (max: number) => fc.integer({ min: 0, max })
const email = fc.oneof(fc.constantFrom('a@b.example', 'it@apex.example'), anyString)

const address = optional({ name: maybe(anyString), company_name: maybe(anyString), recipient_name: maybe(anyString), addr_line_1: maybe(anyString), city: maybe(anyString), postal_code: maybe(anyString), country_code: maybe(smallId(35)) })
const line = optional({
  product: maybe(smallId(100)),
  product_code: maybe(fc.constantFrom(...strangeStrings)),
  quantity: maybe(smallId(600)),
  prov_product: maybe(smallId(20)),
  prov_product_code: maybe(fc.constantFrom(SHOWCASE.provisioning.sku, SHOWCASE.partnerProvisioning.sku, 'nope')),
  prov_organisation: maybe(smallId(9)),
  prov_group: maybe(smallId(9)),
  prov_site: maybe(smallId(9)),
  maintenance_product: maybe(smallId(20)),
  maintenance_product_code: maybe(fc.constantFrom(SHOWCASE.maintenance.sku, 'nope')),
  selected_rate_plan: maybe(smallId(20)),
  storage_order: maybe(optional({ team_name: anyString, admin_email: email })),
  backup_order: maybe(optional({ tenant_name: anyString, admin_email: email })),
  meeting_order: maybe(optional({ end_user_name: anyString, end_user_company: anyString, end_user_email: email, deal_registration_id: anyString })),
  markup: maybe(fc.double({ min: -5, max: 1100, noNaN: true })),
  discount: maybe(fc.constantFrom(0, 5, 101)),
})
const basket = optional({
  name: maybe(anyString),
  purchase_order_number: maybe(anyString),
  shipping_address: maybe(address),
  shipping_type: maybe(smallId(10)),
  ship_instructions: maybe(fc.constantFrom('ok', 'x'.repeat(3501))),
  end_user: maybe(anyString),
  provisioning_instructions: maybe(anyString),
  part_ship: maybe(fc.boolean()),
  line_items: maybe(fc.array(line, { maxLength: 4 })),
  payment_type: maybe(fc.constantFrom('ON_ACCOUNT', 'FINANCE')),
  finance: maybe(optional({ target: maybe(fc.constantFrom('SELF', 'CUSTOMER')), company_name: anyString, email_address: email, term_length: maybe(smallId(60)), registered_address: maybe(address), trading_addresses: maybe(fc.array(address, { maxLength: 2 })) })),
  organisation: maybe(smallId(20)),
})
const user = optional({
  name: maybe(anyString),
  email_address: maybe(fc.oneof(fc.emailAddress(), anyString)),
  organisation: maybe(smallId(20)),
  admin: maybe(fc.boolean()),
  'two-factor': maybe(fc.boolean()),
  active: maybe(fc.boolean()),
  verified: maybe(fc.boolean()),
  password_reset: maybe(fc.boolean()),
  user_language: maybe(fc.constantFrom('de', 'en', 'es', 'fr', 'it', 'nl', 'pt')),
  timezone: maybe(fc.constantFrom('Europe/London', 'UTC', 'Mars/Base', '')),
  timeout: maybe(fc.constantFrom(86400, 1800, 60)),
  roles: maybe(fc.array(smallId(8), { maxLength: 3 })),
  notification: maybe(fc.array(fc.constantFrom('order_created', 'quote_created', 'sms'), { maxLength: 3 })),
})
const group = optional({
  name: maybe(anyString),
  active: maybe(fc.boolean()),
  status: maybe(fc.constantFrom('DRAFT', 'LIVE', 'OTHER')),
  description: maybe(anyString),
  type: maybe(smallId(20)),
  vendor: maybe(smallId(20)),
  subscription_type: maybe(fc.constantFrom('SUBSCRIPTION_KIND_STORAGE', 'SUBSCRIPTION_KIND_MEETING', 'X')),
  subscription_product_type: maybe(fc.constantFrom('BASE', 'ADD_ON', 'X')),
  products: maybe(fc.array(smallId(400), { maxLength: 4 })),
  related_product_groups: maybe(fc.array(smallId(20), { maxLength: 3 })),
  grading: maybe(fc.integer()),
})
/** Valid shapes, so every operation's happy path is fuzzed too (and the run proves it reached it). */
const validLine = fc.record({ product: fc.constantFrom(5, 6, 7, 8, 14, 16, 18), quantity: fc.integer({ min: 1, max: 5 }) })
const validBasket = fc.record({
  name: anyString,
  purchase_order_number: anyString,
  shipping_address: fc.constant({ addr_line_1: '1 High Street', city: 'London', postal_code: 'EC1A 1BB', country_code: 1 }),
  // The types that deliver to the United Kingdom (seed/reference-data.ts).
  shipping_type: fc.constantFrom(1, 2, 3, 4, 7, 8),
  line_items: fc.array(validLine, { minLength: 1, maxLength: 3 }),
})
const validUser = fc.record({ name: fc.constantFrom('Fuzz User', 'Zoë Ünïcode'), email_address: fc.uuid().map((u) => `${u}@fuzz.example`), organisation: fc.integer({ min: 1, max: 14 }), roles: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 2 }) })
const validGroup = fc.record({ name: fc.constantFrom('Fuzz group', 'Ünïcode group'), products: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 3 }) })
const lineBody = fc.oneof(line, validLine)
const actionBody = maybe(optional({ reason: anyString }))

interface Body {
  raw?: string
  contentType?: string
}
/** Mostly schema-shaped JSON, sometimes any JSON, sometimes not JSON at all or the wrong content type. */
const bodyOf = (shaped: fc.Arbitrary<unknown>, valid?: fc.Arbitrary<unknown>): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 6, arbitrary: shaped.map((v) => ({ raw: JSON.stringify(v), contentType: 'application/json' })) },
    { weight: valid ? 2 : 0, arbitrary: (valid ?? shaped).map((v) => ({ raw: JSON.stringify(v), contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ raw: JSON.stringify(v), contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.record({ raw: fc.string({ maxLength: 40 }), contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', '') }) },
    { weight: 1, arbitrary: fc.constant({}) },
  )

const pathId = (pool: () => number[]) => fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 10_000 }).map((i) => String(pool()[i % pool().length] ?? 1)) }, { weight: 1, arbitrary: fc.constantFrom('0', '-1', 'abc', '1e3', '99999999999', '%20') })

async function send(method: string, path: string, body: Body, auth = true): Promise<{ status: number; type: string }> {
  const headers: Record<string, string> = {}
  if (auth) headers.authorization = `Bearer ${token}`
  if (body.contentType) headers['content-type'] = body.contentType
  const res = await pool.request({ method: method as 'POST', path: `/api/v1${path}`, headers, body: body.raw })
  await res.body.dump()
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? '') }
}

async function fuzz(name: string, arb: fc.Arbitrary<[string, string, Body]>, seed: number): Promise<void> {
  const statuses = new Map<number, number>()
  await fc.assert(
    fc.asyncProperty(arb, async ([method, path, body]) => {
      const res = await send(method, path, body)
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      if (res.status >= 500) return false
      if (res.status >= 400) return name === 'createToken' ? res.type.startsWith('application/json') : res.type.startsWith('application/problem+json')
      return true
    }),
    { numRuns: RUNS, seed },
  )
  // The fuzz reaches both sides: some input is accepted, some refused.
  expect([...statuses.keys()].some((s) => s < 300), `${name} ${JSON.stringify([...statuses])}`).toBe(true)
  expect([...statuses.keys()].some((s) => s >= 400), name).toBe(true)
}

// Lists first, while the database holds only the (small) seed.
describe(`fuzz: ${RUNS} random query strings per list operation, zero 5xx`, () => {
  const keys = ['page', 'per_page', 'sort_by', 'text', 'vendor', 'type', 'organisation', 'status', 'payment_type', 'start_date', 'end_date', 'value_from', 'value_to', 'verified', 'disabled', 'password_reset', 'vendor[]', 'unknown']
  const value = fc.oneof(anyString, anyNumber.map(String), fc.constantFrom('-popularity', '+name', ' name', '-price', '-date', '+total', '-email_address', 'COMPLETE', 'PENDING_AUTHORISATION', 'FINANCE', '2025-01-31', '2025-02-30', 'true', 'false', '-1', '1000', '1001', '0', '9007199254740991'))
  const query = fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 6 }).map((pairs) => {
    const q: Record<string, string[]> = {}
    for (const [k, v] of pairs) (q[k] ??= []).push(v)
    // Small pages keep 10,000 requests cheap; the default per_page is covered by the conformance tests.
    q.per_page ??= ['20']
    return queryString(q)
  })
  for (const path of ['/products', '/orders', '/users', '/baskets', '/product_groups']) {
    it(`GET ${path}`, async () => {
      await fuzz(`GET ${path}`, query.map((q): [string, string, Body] => ['GET', `${path}${q}`, {}]), path.length)
    })
  }
})

describe(`fuzz: ${RUNS} random bodies per write operation, zero 5xx`, () => {
  const token$ = fc.oneof(
    fc.record({ grant_type: fc.constantFrom('client_credentials', 'password', ''), client_id: fc.oneof(fc.constant('CLIENT'), fc.uuid(), anyString), client_secret: fc.oneof(fc.constant('SECRET'), anyString) }, { requiredKeys: [] }).map((f) => ({
      raw: new URLSearchParams(Object.entries(f).map(([k, v]): [string, string] => [k, String(v).replace('CLIENT', sb.demo.clientId).replace('SECRET', sb.demo.clientSecret)])).toString(),
      contentType: 'application/x-www-form-urlencoded',
    })),
    bodyOf(junk),
  )
  const cases: [string, () => fc.Arbitrary<[string, string, Body]>][] = [
    ['createToken', () => token$.map((b): [string, string, Body] => ['POST', '/oauth/create_token', b])],
    ['createUser', () => bodyOf(user, validUser).map((b): [string, string, Body] => ['POST', '/users', b])],
    ['editUser', () => fc.tuple(pathId(() => ids.users), bodyOf(user, validUser)).map(([id, b]): [string, string, Body] => ['PUT', `/users/${id}`, b])],
    ['createProductGroup', () => bodyOf(group, validGroup).map((b): [string, string, Body] => ['POST', '/product_groups', b])],
    ['editProductGroup', () => fc.tuple(pathId(() => ids.groups), bodyOf(group, validGroup)).map(([id, b]): [string, string, Body] => ['PUT', `/product_groups/${id}`, b])],
    ['createBasket', () => bodyOf(basket, validBasket).map((b): [string, string, Body] => ['POST', '/baskets', b])],
    ['modifyBasket', () => fc.tuple(pathId(() => ids.baskets), bodyOf(basket, validBasket)).map(([id, b]): [string, string, Body] => ['PUT', `/baskets/${id}`, b])],
    ['addBasketLineItem', () => fc.tuple(pathId(() => ids.baskets), bodyOf(lineBody)).map(([id, b]): [string, string, Body] => ['POST', `/baskets/${id}/line_items`, b])],
    ['submitBasket', () => fc.tuple(pathId(() => ids.baskets), bodyOf(actionBody)).map(([id, b]): [string, string, Body] => ['POST', `/baskets/${id}/submit`, b])],
    ['placeOrder', () => bodyOf(basket, validBasket).map((b): [string, string, Body] => ['POST', '/orders', b])],
    ['resubmitOrder', () => fc.tuple(pathId(() => ids.orders), bodyOf(actionBody)).map(([id, b]): [string, string, Body] => ['POST', `/orders/${id}/resubmit`, b])],
    ['cancelOrder', () => fc.tuple(pathId(() => ids.orders), bodyOf(actionBody)).map(([id, b]): [string, string, Body] => ['POST', `/orders/${id}/cancel`, b])],
  ]
  cases.forEach(([name, arb], i) => {
    it(name, async () => {
      // Keep some baskets in DRAFT and some orders in ATTENTION_REQUIRED so the happy paths are reachable.
      if (name === 'submitBasket' || name === 'resubmitOrder') {
        for (let n = 0; n < 40; n++) ids.baskets.push((await (await pool.request({ method: 'POST', path: '/api/v1/baskets', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ line_items: [{ product: SHOWCASE.licence.id, quantity: 1 }] }) })).body.json() as { id: number }).id)
        for (const o of sb.control.listOrdersRaw().filter((x) => x.status === 'PROCESSING').slice(0, 30)) sb.control.transition(o.id, 'ATTENTION_REQUIRED')
      }
      await fuzz(name, arb(), 1000 + i)
    })
  })
})
