import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProductGroup, ProductGroupListItem, USER_TIMEOUTS, User, UserListItem, type FieldError, type Problem, type UserBody } from '../../shared/api'
import { SHOWCASE, startSandbox, type Sandbox } from '.'
import { TestClient } from '../../tests/support/sandbox/test-client'

let sb: Sandbox
let api: TestClient
let buyer: TestClient
const fields = (res: { body: unknown }) => ((res.body as Problem).errors ?? []).map((e: FieldError) => e.field)

beforeAll(async () => {
  sb = await startSandbox({ products: 50, orders: 0, speed: 0 })
  api = new TestClient(sb)
  buyer = new TestClient(sb, sb.clients.find((c) => c.organisationId === 1 && !c.admin)!)
})
afterAll(() => sb.close())

const newUser = (extra: Partial<UserBody> = {}): UserBody => ({
  name: 'Robin Fletcher',
  email_address: `robin.${Math.random().toString(36).slice(2)}@apex.example`,
  organisation: 2,
  user_language: 'fr',
  timezone: 'Europe/Paris',
  timeout: 7200,
  roles: [2],
  notification: ['order_created', 'quote_created'],
  ...extra,
})

describe('users', () => {
  it('lists users (list items say disabled) with filters, sorting and paging headers', async () => {
    const res = await api.get<UserListItem[]>('/users')
    expect(res.status).toBe(200)
    const users = res.body.map((u) => UserListItem.parse(u))
    expect(res.headers['x-total-count']).toBe(String(users.length))
    expect(users.some((u) => u.disabled)).toBe(true)
    const names = users.map((u) => u.name.toLowerCase())
    expect(names).toEqual([...names].sort().reverse())
    const q = async (query: Record<string, string | number | boolean | (string | number)[]>) => (await api.get<UserListItem[]>('/users', { query })).body
    expect((await q({ disabled: true })).every((u) => u.disabled)).toBe(true)
    expect((await q({ verified: false })).every((u) => !u.verified)).toBe(true)
    expect((await q({ password_reset: true })).every((u) => u.password_reset)).toBe(true)
    expect((await q({ organisation: [2, 3] })).every((u) => [2, 3].includes(u.organisation))).toBe(true)
    const alex = await q({ text: 'ALEX MOR' })
    expect(alex.map((u) => u.id)).toContain(sb.demo.userId)
    expect((await q({ text: '@cobalt.example' })).every((u) => u.email_address.endsWith('@cobalt.example'))).toBe(true)
    const emails = (await q({ sort_by: '+email_address' })).map((u) => u.email_address.toLowerCase())
    expect(emails).toEqual([...emails].sort())
    expect((await q({ per_page: 2, page: 2 })).length).toBe(2)
    expect((await api.get('/users', { query: { verified: 'maybe' } })).status).toBe(400)
    expect((await api.get('/users', { query: { sort_by: '-age' } })).status).toBe(400)
  })

  it('sorts users by name as people alphabetise them: accents and case do not push a name after Z', async () => {
    for (const name of ['Zoe Quillfeather', 'Émile Quillfeather', 'emma Quillfeather', 'Elias Quillfeather', 'Ørjan Quillfeather']) {
      expect((await api.post('/users', newUser({ name }))).status).toBe(201)
    }
    const names = async (sort_by: string) => (await api.get<UserListItem[]>('/users', { query: { text: 'Quillfeather', sort_by } })).body.map((u) => u.name)
    const expected = ['Elias Quillfeather', 'Émile Quillfeather', 'emma Quillfeather', 'Ørjan Quillfeather', 'Zoe Quillfeather']
    expect(await names('+name')).toEqual(expected)
    expect(await names('-name')).toEqual([...expected].reverse())
  })

  it('creates a user with every field and enum, with an audit trail', async () => {
    const res = await api.post<User>('/users', newUser({ admin: true, 'two-factor': true, verified: true, password_reset: true }))
    expect(res.status, res.text).toBe(201)
    const u = User.parse(res.body)
    expect(res.headers.location).toBe(`/api/v1/users/${u.id}`)
    expect(u).toMatchObject({ organisation: 2, user_language: 'fr', timeout: 7200, roles: [2], notification: ['order_created', 'quote_created'], active: true, admin: true, 'two-factor': true })
    expect(u.audit_logs[0]).toMatchObject({ user: sb.demo.userId, action: 'CREATED', ip_address: '127.0.0.1', on_behalf: 2 })
    expect(u.audit_logs[0]!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/)
    const me = User.parse((await api.get(`/users/${sb.demo.userId}`)).body)
    expect(me.actions_taken.some((a) => a.on === `User #${u.id} (Robin Fletcher)`)).toBe(true)
    expect(me.api_clients[0]!.client_id).toBe(sb.demo.clientId)
    expect(JSON.stringify(me)).not.toContain(sb.demo.clientSecret)
    for (const timeout of USER_TIMEOUTS) expect((await api.post('/users', newUser({ timeout }))).status).toBe(201)
  })

  it('refuses bad input naming the fields', async () => {
    expect(fields(await api.post('/users', newUser({ roles: [2, 999] })))).toEqual(['roles'])
    expect(fields(await api.post('/users', newUser({ organisation: 999 })))).toEqual(['organisation'])
    expect(fields(await api.post('/users', newUser({ timezone: 'Mars/Olympus' })))).toEqual(['timezone'])
    expect(fields(await api.post('/users', { ...newUser(), timeout: 60 }))).toEqual(['timeout'])
    expect(fields(await api.post('/users', { ...newUser(), user_language: 'pt' }))).toEqual(['user_language'])
    expect(fields(await api.post('/users', { ...newUser(), notification: ['sms'] }))).toEqual(['notification.0'])
    expect(fields(await api.post('/users', { ...newUser(), email_address: 'nope' }))).toEqual(['email_address'])
    const taken = (await api.get<UserListItem[]>('/users')).body[0]!.email_address
    expect(fields(await api.post('/users', newUser({ email_address: taken.toUpperCase() })))).toEqual(['email_address'])
  })

  it('overwrites roles and notifications on PUT, and resets both when the organisation changes', async () => {
    const u = User.parse((await api.post('/users', newUser())).body)
    const { id: _id, api_clients: _a, audit_logs: _l, actions_taken: _t, active: _x, ...rest } = u
    const same = User.parse((await api.put(`/users/${u.id}`, { ...rest, roles: undefined, notification: undefined, name: 'Robin F.' })).body)
    expect(same).toMatchObject({ name: 'Robin F.', roles: [2], notification: ['order_created', 'quote_created'] })
    const overwritten = User.parse((await api.put(`/users/${u.id}`, { ...rest, roles: [1], notification: ['buy_price_increased'] })).body)
    expect(overwritten).toMatchObject({ roles: [1], notification: ['buy_price_increased'] })
    const moved = User.parse((await api.put(`/users/${u.id}`, { ...rest, organisation: 4, roles: undefined, notification: undefined })).body)
    expect(moved).toMatchObject({ organisation: 4, roles: [], notification: [] })
    const movedWith = User.parse((await api.put(`/users/${u.id}`, { ...rest, organisation: 5, roles: [3], notification: ['quote_amended'] })).body)
    expect(movedWith).toMatchObject({ organisation: 5, roles: [3], notification: ['quote_amended'] })
    expect(movedWith.audit_logs.filter((a) => a.action === 'EDITED')).toHaveLength(4)
    expect(User.parse((await api.put(`/users/${u.id}`, { ...rest, active: false })).body).active).toBe(false)
    expect((await api.get<UserListItem[]>('/users', { query: { text: rest.email_address } })).body[0]!.disabled).toBe(true)
    expect((await api.put('/users/999999', rest)).status).toBe(404)
  })

  it('stops a disabled user\u2019s API clients', async () => {
    const creds = sb.clients.find((c) => c.organisationId === 14 && !c.admin)!
    const client = new TestClient(sb, creds)
    expect((await client.get('/whoami')).status).toBe(200)
    const u = User.parse((await api.get(`/users/${creds.userId}`)).body)
    const { id: _id, api_clients: _a, audit_logs: _l, actions_taken: _t, ...body } = u
    expect((await api.put(`/users/${u.id}`, { ...body, active: false })).status).toBe(200)
    expect((await client.get('/whoami')).status).toBe(401)
    // A deactivated user's client is not even given a new token.
    await expect(new TestClient(sb, creds).call('GET', '/whoami')).rejects.toThrow(/token request failed with 401/)
  })

  it('forbids users:* to a non-admin', async () => {
    expect((await buyer.get('/users')).status).toBe(403)
    expect((await buyer.get(`/users/${sb.demo.userId}`)).status).toBe(403)
    expect((await buyer.post('/users', newUser())).status).toBe(403)
    expect((await buyer.put(`/users/${sb.demo.userId}`, newUser())).status).toBe(403)
  })
})

describe('product groups', () => {
  const group = (extra: Record<string, unknown> = {}) => ({ name: 'Wi-Fi bundle', status: 'LIVE', products: [SHOWCASE.accessPoint.id], type: 3, vendor: 1, grading: 4, subscription_type: null, subscription_product_type: null, ...extra })

  it('lists groups by name as people alphabetise them: an accented name is not listed after Z', async () => {
    const mine = ['Zebra kit', 'Écran kit', 'ecrou kit']
    for (const name of mine) expect((await api.post('/product_groups', group({ name }))).status).toBe(201)
    const listed = (await api.get<ProductGroupListItem[]>('/product_groups')).body.map((g) => g.name).filter((n) => mine.includes(n))
    expect(listed).toEqual(['Écran kit', 'ecrou kit', 'Zebra kit'])
  })

  it('lists, creates, gets and edits groups', async () => {
    const list = await api.get<ProductGroupListItem[]>('/product_groups')
    expect(list.status).toBe(200)
    expect(list.body.length).toBeGreaterThan(0)
    list.body.forEach((g) => ProductGroupListItem.parse(g))
    expect(list.headers['x-total-count']).toBe(String(list.body.length))
    const created = await api.post<ProductGroup>('/product_groups', group({ related_product_groups: [list.body[0]!.id], subscription_type: 'SUBSCRIPTION_KIND_MEETING', subscription_product_type: 'ADD_ON' }))
    expect(created.status).toBe(201)
    const g = ProductGroup.parse(created.body)
    expect(created.headers.location).toBe(`/api/v1/product_groups/${g.id}`)
    expect(g).toMatchObject({ name: 'Wi-Fi bundle', status: 'LIVE', active: true, products: [SHOWCASE.accessPoint.id], grading: 4, subscription_product_type: 'ADD_ON' })
    expect(ProductGroup.parse((await api.get(`/product_groups/${g.id}`)).body)).toEqual(g)
    const edited = ProductGroup.parse((await api.put(`/product_groups/${g.id}`, group({ name: 'Wi-Fi bundle v2', status: 'DRAFT', active: false, products: [] }))).body)
    expect(edited).toMatchObject({ id: g.id, name: 'Wi-Fi bundle v2', status: 'DRAFT', active: false, products: [], related_product_groups: [] })
    expect((await api.get('/product_groups/999999')).status).toBe(404)
  })

  it('refuses unknown products, related groups, vendors and types', async () => {
    const res = await api.post('/product_groups', group({ products: [5, 999_999], related_product_groups: [999_999], vendor: 999, type: 999 }))
    expect(res.status).toBe(422)
    expect(fields(res)).toEqual(['products', 'related_product_groups', 'vendor', 'type'])
    expect(fields(await api.post('/product_groups', group({ status: 'PUBLISHED', subscription_product_type: 'EXTRA' })))).toEqual(['status', 'subscription_product_type'])
  })

  it('lets a non-admin read but not write', async () => {
    expect((await buyer.get('/product_groups')).status).toBe(200)
    expect((await buyer.post('/product_groups', group())).status).toBe(403)
    const id = (await buyer.get<ProductGroupListItem[]>('/product_groups')).body[0]!.id
    expect((await buyer.put(`/product_groups/${id}`, group())).status).toBe(403)
  })
})
