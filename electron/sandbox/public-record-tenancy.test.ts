import { describe, expect, it } from 'vitest'
import { RecordClient } from '../../tests/support/sandbox/record-client'
import { recordSuite } from '../../tests/support/sandbox/record-suite'

/**
 * Which data a caller sees (spec 1 "Multi-tier", 5.9): the organisation it authenticates as and its
 * descendants, never an ancestor's or a sibling's. Each fact checked by a client written only from
 * the record (plain fetch over real HTTP).
 */
const rec = recordSuite({ products: 30, orders: 120, speed: 0 })

type Row = Record<string, unknown> & { id: number; organisation: number }

const address = { company_name: 'Tenancy Co', addr_line_1: '1 Tier Road', city: 'Leeds', postal_code: 'LS1 1AA', country_code: 1 }
const orderBody = (name: string) => ({ name, shipping_address: address, shipping_type: 1, line_items: [{ product_code: 'RTR-BRANCH-4G', quantity: 1 }] })

/** The admin client of an organisation, signed in. */
const adminOf = (organisation: number) => new RecordClient(rec.sb.url, rec.sb.clients.find((c) => c.organisationId === organisation && c.admin)!).signIn()

const refused = (status: number) => status >= 400 && status < 500

describe('descendants can be represented: the top organisation reads its descendants\u2019 records', () => {
  it('orders, users, baskets and saved addresses of a child organisation are readable by id from its parent', async () => {
    const child = await adminOf(2)
    const order = (await child.post<Row>('/orders', orderBody('Child order'))).body
    const basket = (await child.post<Row>('/baskets', orderBody('Child basket'))).body
    const user = (await child.all<Row>('/users')).find((u) => u.organisation === 2)!
    for (const path of [`/orders/${order.id}`, `/baskets/${basket.id}`, `/users/${user.id}`, '/organisations/2/addresses']) {
      expect((await rec.api.get(path)).status, path).toBe(200)
    }
    expect((await rec.api.all<Row>('/orders', { organisation: 2 })).map((o) => o.id)).toContain(order.id)
  })
})

describe('a caller never sees an ancestor\u2019s or a sibling\u2019s data', () => {
  it('reading them by id is refused and answers none of their data', async () => {
    const child = await adminOf(2)
    const parentOrder = (await rec.api.post<Row>('/orders', orderBody('Parent order PO-SECRET'))).body
    const parentBasket = (await rec.api.post<Row>('/baskets', orderBody('Parent basket'))).body
    const sibling = await adminOf(3)
    const siblingOrder = (await sibling.post<Row>('/orders', orderBody('Sibling order'))).body
    const siblingUser = (await sibling.all<Row>('/users')).find((u) => u.organisation === 3)!
    for (const path of [`/orders/${parentOrder.id}`, `/baskets/${parentBasket.id}`, `/users/${rec.sb.demo.userId}`, '/organisations/1/addresses', `/orders/${siblingOrder.id}`, `/users/${siblingUser.id}`, '/organisations/3/addresses']) {
      const res = await child.get<unknown>(path)
      expect(refused(res.status), `${path} ${res.status}`).toBe(true)
      expect(JSON.stringify(res.body ?? ''), path).not.toContain('PO-SECRET')
    }
  })

  it('lists and filters hold none of it: organisation=1 (an ancestor) or =3 (a sibling) matches nothing', async () => {
    const child = await adminOf(2)
    const visible = new Set((await child.all<Row>('/organisations')).map((o) => o.id))
    for (const path of ['/orders', '/users']) {
      for (const row of await child.all<Row>(path)) expect(visible.has(row.organisation), `${path} ${row.id}`).toBe(true)
      for (const organisation of [1, 3]) expect(await child.all<Row>(path, { organisation }), `${path} organisation=${organisation}`).toEqual([])
    }
    expect((await child.all<Row>('/orders', { text: 'PO-SECRET' })).length).toBe(0)
  })

  it('writing them is refused and leaves them as they were: an ancestor\u2019s basket, a user in an ancestor organisation', async () => {
    const child = await adminOf(2)
    const parentBasket = (await rec.api.post<Row>('/baskets', orderBody('Parent basket, untouched'))).body
    for (const [method, path, body] of [
      ['PUT', `/baskets/${parentBasket.id}`, orderBody('Taken over')],
      ['POST', `/baskets/${parentBasket.id}/line_items`, { product_code: 'RTR-BRANCH-4G', quantity: 5 }],
      ['POST', `/baskets/${parentBasket.id}/submit`, undefined],
    ] as const) {
      expect(refused((await child.send(method, path, body)).status), `${method} ${path}`).toBe(true)
    }
    const after = (await rec.api.get<Row & { line_items: unknown[] }>(`/baskets/${parentBasket.id}`)).body
    expect(after).toMatchObject({ name: 'Parent basket, untouched', status: 'DRAFT' })
    expect(after.line_items).toHaveLength(1)
    const user = { name: 'Climber', email_address: 'climber@tenancy.example', organisation: 1, admin: true, 'two-factor': false, active: true, verified: true, password_reset: false, user_language: 'en', timezone: 'Europe/London', timeout: 3600, roles: [5], notification: [] }
    expect(refused((await child.post('/users', user)).status)).toBe(true)
    expect((await rec.api.all<Row>('/users', { text: 'climber@tenancy.example' })).length).toBe(0)
  })
})

describe('access follows the organisation the user belongs to (spec 5.9), as it changes', () => {
  it('a user moved to a child organisation by PUT sees, through the same client, only the child\u2019s subtree', async () => {
    const creds = rec.sb.clients.find((c) => c.organisationId === 4 && !c.admin)!
    const client = await new RecordClient(rec.sb.url, creds).signIn()
    const wide = new Set((await client.all<Row>('/organisations')).map((o) => o.id))
    expect(wide.has(8)).toBe(true)
    const { id: _i, api_clients: _c, audit_logs: _a, actions_taken: _t, ...user } = (await rec.api.get<Row>(`/users/${creds.userId}`)).body
    const moved = await rec.api.send<Row>('PUT', `/users/${creds.userId}`, { ...user, organisation: 7 })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect((await client.get<Row>('/whoami')).body.organisation).toBe(7)
    const narrow = (await client.all<Row>('/organisations')).map((o) => o.id)
    expect(narrow).toContain(7)
    expect(narrow).not.toContain(4)
    expect(narrow).not.toContain(8)
    const visible = new Set(narrow)
    for (const o of await client.all<Row>('/orders')) expect(visible.has(o.organisation), `order ${o.id}`).toBe(true)
  })
})
