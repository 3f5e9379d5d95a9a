import { describe, expect, it } from 'vitest'
import { recordSuite } from '../../tests/support/sandbox/record-suite'
import { RecordClient, requestToken } from '../../tests/support/sandbox/record-client'

/**
 * Users as the public record describes them (spec 2.5, 4.2 "Create user", 5.2-5.3), each fact checked
 * by a client written only from the record (plain fetch over real HTTP).
 */
const rec = recordSuite({ products: 30, orders: 0, speed: 0 })

interface AuditLog {
  user: number
  action: string
  on: string
  on_behalf: number | null
}
type User = Record<string, unknown> & { id: number; organisation: number; api_clients: Record<string, unknown>[]; audit_logs: AuditLog[]; actions_taken: AuditLog[] }

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Record Person',
  email_address: `record.${Math.random().toString(36).slice(2)}@apex.example`,
  organisation: 2,
  admin: false,
  'two-factor': false,
  active: true,
  verified: true,
  password_reset: false,
  user_language: 'nl',
  timezone: 'Europe/Amsterdam',
  timeout: 1800,
  roles: [1],
  notification: ['order_status_changed'],
  ...over,
})

describe('Create user: id is marked required but assigned by the service; api_clients, audit_logs and actions_taken are listed as body fields', () => {
  it('assigns the id itself: an id in the body neither names the new user nor changes the user of that id', async () => {
    const before = await rec.api.get<User>(`/users/${rec.sb.demo.userId}`)
    const res = await rec.api.post<User>('/users', body({ id: rec.sb.demo.userId }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.id).not.toBe(rec.sb.demo.userId)
    expect((await rec.api.get<User>(`/users/${res.body.id}`)).body).toMatchObject({ name: 'Record Person', organisation: 2 })
    const after = await rec.api.get<User>(`/users/${rec.sb.demo.userId}`)
    expect(after.body).toMatchObject({ name: before.body.name, email_address: before.body.email_address, organisation: before.body.organisation })
  })

  it('does not take an API client or audit entries from a body: clients are made in the web interface, with a secret shown once (spec 5.2, 5.3)', async () => {
    const me = (await rec.api.get<User>(`/users/${rec.sb.demo.userId}`)).body
    const client = me.api_clients[0]!
    expect(Object.keys(client).sort()).toEqual(['client_id', 'id', 'name'])
    expect(JSON.stringify(me)).not.toContain(rec.sb.demo.clientSecret)
    const forged = { user: rec.sb.demo.userId, action: 'EDITED', timestamp: '2020-01-01T00:00:00', ip_address: '10.9.9.9', on: 'Forged entry', on_behalf: 1 }
    const res = await rec.api.post<User>('/users', body({ api_clients: [client], audit_logs: [forged], actions_taken: [forged] }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.api_clients).toEqual([])
    expect(JSON.stringify(res.body)).not.toContain('Forged entry')
    // The demo client still belongs to the demo user and still signs in as it.
    expect((await rec.api.get<User>(`/users/${rec.sb.demo.userId}`)).body.api_clients.map((c) => c.client_id)).toContain(client.client_id)
    expect((await rec.api.get<{ id: number }>('/whoami')).body.id).toBe(rec.sb.demo.userId)
  })
})

describe('audit log on_behalf (spec 2.5 gives only its type; the sandbox README: the organisation a change was made for when it is not the actor\u2019s own, else null)', () => {
  it('holds for every entry, seeded or written since', async () => {
    await rec.api.post<User>('/users', body({ organisation: rec.sb.demo.organisationId }))
    await rec.api.post<User>('/users', body({ organisation: 2 }))
    const users = await rec.api.all<{ id: number; organisation: number }>('/users')
    const organisationOf = new Map(users.map((u) => [u.id, u.organisation]))
    const entries: AuditLog[] = []
    for (const u of users) {
      const record = (await rec.api.get<User>(`/users/${u.id}`)).body
      entries.push(...record.audit_logs, ...record.actions_taken)
    }
    expect(entries.length).toBeGreaterThan(users.length)
    const own = entries.filter((e) => e.on_behalf === organisationOf.get(e.user))
    expect(own.map((e) => `${e.user} ${e.action} ${e.on}`)).toEqual([])
    expect(entries.some((e) => e.on_behalf === null)).toBe(true)
    expect(entries.some((e) => e.on_behalf !== null)).toBe(true)
  })
})

describe('Edit user (spec 2.5, 4.2 rule 4): changing the organisation by PUT resets roles and notifications; supplying them overwrites', () => {
  it('a PUT that moves the user to another organisation and leaves roles and notification out answers both empty', async () => {
    const made = (await rec.api.post<User>('/users', body({ organisation: 2, roles: [1, 2], notification: ['order_created', 'quote_created'] }))).body
    expect(made).toMatchObject({ roles: [1, 2], notification: ['order_created', 'quote_created'] })
    const { roles: _r, notification: _n, ...rest } = body({ organisation: 4, email_address: made.email_address })
    const moved = await rec.api.send<User>('PUT', `/users/${made.id}`, rest)
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body).toMatchObject({ id: made.id, organisation: 4, roles: [], notification: [] })
    expect((await rec.api.get<User>(`/users/${made.id}`)).body).toMatchObject({ organisation: 4, roles: [], notification: [] })
  })

  it('roles and notification given on a PUT replace the lists held, not add to them', async () => {
    const made = (await rec.api.post<User>('/users', body({ roles: [1], notification: ['order_created', 'order_status_changed'] }))).body
    const edited = await rec.api.send<User>('PUT', `/users/${made.id}`, body({ email_address: made.email_address, roles: [3], notification: ['quote_amended'] }))
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body).toMatchObject({ roles: [3], notification: ['quote_amended'] })
    const emptied = await rec.api.send<User>('PUT', `/users/${made.id}`, body({ email_address: made.email_address, roles: [], notification: [] }))
    expect(emptied.body).toMatchObject({ roles: [], notification: [] })
  })

  it('answers the updated user: every field given is the one read back', async () => {
    const made = (await rec.api.post<User>('/users', body())).body
    const change = body({ email_address: made.email_address, name: 'Renamed Person', admin: true, 'two-factor': true, active: false, verified: false, password_reset: true, user_language: 'fr', timezone: 'Europe/Paris', timeout: 86400 })
    const edited = await rec.api.send<User>('PUT', `/users/${made.id}`, change)
    expect(edited.status).toBe(200)
    const { roles: _r, notification: _n, ...scalar } = change
    expect(edited.body).toMatchObject(scalar)
    expect((await rec.api.get<User>(`/users/${made.id}`)).body).toMatchObject(scalar)
  })
})

describe('user enumerations of spec 2.5 and 6', () => {
  it('user_language is one of de, en, es, fr, it, nl: each is taken, another refused naming the field', async () => {
    for (const user_language of ['de', 'en', 'es', 'fr', 'it', 'nl']) {
      const res = await rec.api.post<User>('/users', body({ user_language }))
      expect(res.status, user_language).toBe(201)
      expect(res.body.user_language).toBe(user_language)
    }
    const res = await rec.api.post<{ errors: { field: string }[] }>('/users', body({ user_language: 'pt' }))
    expect(res.status).toBe(422)
    expect(res.body.errors.map((e) => e.field)).toEqual(['user_language'])
  })

  it('timeout is one of 86400, 43200, 28800, 14400, 7200, 3600, 1800 seconds: each is taken, another refused naming the field', async () => {
    for (const timeout of [86400, 43200, 28800, 14400, 7200, 3600, 1800]) {
      const res = await rec.api.post<User>('/users', body({ timeout }))
      expect(res.status, String(timeout)).toBe(201)
      expect(res.body.timeout).toBe(timeout)
    }
    for (const timeout of [900, 3601, 0]) {
      const res = await rec.api.post<{ errors: { field: string }[] }>('/users', body({ timeout }))
      expect(res.status, String(timeout)).toBe(422)
      expect(res.body.errors.map((e) => e.field)).toEqual(['timeout'])
    }
  })

  it('notification holds the seven kinds of spec 6: all of them together are taken, another refused', async () => {
    const kinds = ['buy_price_increased', 'checkout_requested', 'order_created', 'order_requires_manual_auth', 'order_status_changed', 'quote_amended', 'quote_created']
    const res = await rec.api.post<User>('/users', body({ notification: kinds }))
    expect(res.status).toBe(201)
    expect([...(res.body.notification as string[])].sort()).toEqual(kinds)
    const bad = await rec.api.post<{ errors: { field: string }[] }>('/users', body({ notification: ['order_shipped'] }))
    expect(bad.status).toBe(422)
    expect(bad.body.errors.map((e) => e.field.split('.')[0])).toEqual(['notification'])
  })
})

describe('user field types (spec 2.5)', () => {
  it('the record, its API clients (client_id a UUID) and audit entries, and the list items carry the types of spec 2.5', async () => {
    const user = (await rec.api.get<User>(`/users/${rec.sb.demo.userId}`)).body
    expect(Number.isInteger(user.id)).toBe(true)
    expect(Number.isInteger(user.organisation)).toBe(true)
    for (const f of ['name', 'email_address', 'user_language', 'timezone']) expect(typeof user[f], f).toBe('string')
    for (const f of ['admin', 'two-factor', 'active', 'verified', 'password_reset']) expect(typeof user[f], f).toBe('boolean')
    expect(Number.isInteger(user.timeout)).toBe(true)
    expect((user.roles as unknown[]).every((r) => Number.isInteger(r))).toBe(true)
    expect((user.notification as unknown[]).every((n) => typeof n === 'string')).toBe(true)
    expect(user.api_clients.length).toBeGreaterThan(0)
    for (const c of user.api_clients) {
      expect(Number.isInteger(c.id)).toBe(true)
      expect(typeof c.name).toBe('string')
      expect(c.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    }
    expect(user.api_clients.map((c) => c.client_id)).toContain(rec.sb.demo.clientId)
    for (const e of [...user.audit_logs, ...user.actions_taken] as unknown as Record<string, unknown>[]) {
      expect(Number.isInteger(e.user)).toBe(true)
      for (const f of ['action', 'timestamp', 'ip_address', 'on']) expect(typeof e[f], f).toBe('string')
      expect(e.on_behalf === null || Number.isInteger(e.on_behalf)).toBe(true)
    }
    for (const item of await rec.api.all<Record<string, unknown>>('/users')) {
      for (const f of ['id', 'organisation']) expect(Number.isInteger(item[f]), f).toBe(true)
      for (const f of ['name', 'email_address']) expect(typeof item[f], f).toBe('string')
      for (const f of ['password_reset', 'verified', 'disabled']) expect(typeof item[f], f).toBe('boolean')
    }
  })

  it('a user list item\u2019s disabled is the opposite of the record\u2019s active', async () => {
    for (const item of await rec.api.all<{ id: number; disabled: boolean }>('/users')) {
      const record = (await rec.api.get<User>(`/users/${item.id}`)).body
      expect(record.active, `user ${item.id}`).toBe(!item.disabled)
    }
  })

  it('an audit entry records the action taken on a user: creating one is in the actor\u2019s actions_taken and the new user\u2019s audit_logs', async () => {
    const made = (await rec.api.post<User>('/users', body({ name: 'Audited Person' }))).body
    const record = (await rec.api.get<User>(`/users/${made.id}`)).body
    expect(record.audit_logs.some((e) => e.user === rec.sb.demo.userId)).toBe(true)
    const actor = (await rec.api.get<User>(`/users/${rec.sb.demo.userId}`)).body
    expect(actor.actions_taken.length).toBeGreaterThan(0)
    expect(actor.actions_taken.every((e) => e.user === rec.sb.demo.userId)).toBe(true)
  })
})

describe('an API client acts with its user (spec 2.5, 5.4)', () => {
  /** A user's editable fields as read, ready for a PUT ("body as create"). */
  const editable = (u: User) => {
    const { id: _i, api_clients: _c, audit_logs: _a, actions_taken: _t, ...rest } = u
    return rest
  }

  it('changing the user\u2019s roles changes what its client may do, at once', async () => {
    const creds = rec.sb.clients.find((c) => c.organisationId === 5 && !c.admin)!
    const buyer = await new RecordClient(rec.sb.url, creds).signIn()
    expect((await buyer.post('/baskets', { name: 'Before' })).status).toBe(201)
    const user = (await rec.api.get<User>(`/users/${creds.userId}`)).body
    expect((await rec.api.send('PUT', `/users/${creds.userId}`, { ...editable(user), roles: [1] })).status).toBe(200)
    const held = (await buyer.get<{ permissions: { permission: string }[] }>('/whoami')).body.permissions.map((p) => p.permission)
    expect(held).toContain('orders:read')
    expect(held).not.toContain('baskets:write')
    expect((await buyer.post('/baskets', { name: 'After' })).status).toBe(403)
    expect((await buyer.get('/orders')).status).toBe(200)
  })

  it('a disabled user\u2019s client (active false) gets no token, and a token it holds stops working', async () => {
    const creds = rec.sb.clients.find((c) => c.organisationId === 6 && !c.admin)!
    const buyer = await new RecordClient(rec.sb.url, creds).signIn()
    const user = (await rec.api.get<User>(`/users/${creds.userId}`)).body
    expect((await rec.api.send('PUT', `/users/${creds.userId}`, { ...editable(user), active: false })).status).toBe(200)
    expect((await buyer.get('/whoami')).status).toBe(401)
    const token = await requestToken(rec.sb.url, { client_id: creds.clientId, client_secret: creds.clientSecret, grant_type: 'client_credentials' })
    expect(token.body).not.toHaveProperty('access_token')
    expect(token.body.error).toBe('invalid_client')
    // Enabled again, it signs in again.
    expect((await rec.api.send('PUT', `/users/${creds.userId}`, { ...editable(user), active: true })).status).toBe(200)
    expect((await (await new RecordClient(rec.sb.url, creds).signIn()).get('/whoami')).status).toBe(200)
  })

  it('Create user answers every field it was given, and the current user is the user record of the client\u2019s user', async () => {
    const given = body({ name: 'Echoed Person', admin: true, 'two-factor': true, verified: false, password_reset: true, user_language: 'it', timezone: 'Europe/Rome', timeout: 7200, roles: [1, 3], notification: ['checkout_requested'] })
    const res = await rec.api.post<User>('/users', given)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject(given)
    expect(Number.isInteger(res.body.id)).toBe(true)
    const me = (await rec.api.get<Record<string, unknown>>('/whoami')).body
    const record = (await rec.api.get<User>(`/users/${me.id as number}`)).body
    expect(me).toMatchObject({ name: record.name, organisation: record.organisation, admin: record.admin, timezone: record.timezone })
  })
})

describe('audit entries of an edit (spec 2.5: action e.g. EDITED)', () => {
  it('editing a user adds an EDITED entry by the editor to that user\u2019s audit_logs', async () => {
    const made = (await rec.api.post<User>('/users', body({ name: 'To Be Edited' }))).body
    await rec.api.send('PUT', `/users/${made.id}`, body({ email_address: made.email_address, name: 'Was Edited' }))
    const logs = (await rec.api.get<User>(`/users/${made.id}`)).body.audit_logs
    expect(logs.some((e) => e.action === 'EDITED' && e.user === rec.sb.demo.userId)).toBe(true)
  })
})

describe('spec 4.2 rule 4, both halves at once', () => {
  it('a PUT that moves the user and supplies roles and notification answers exactly those supplied', async () => {
    const made = (await rec.api.post<User>('/users', body({ organisation: 2, roles: [1], notification: ['order_created'] }))).body
    const moved = await rec.api.send<User>('PUT', `/users/${made.id}`, body({ email_address: made.email_address, organisation: 5, roles: [2, 3], notification: ['quote_created'] }))
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body).toMatchObject({ organisation: 5, roles: [2, 3], notification: ['quote_created'] })
  })
})
