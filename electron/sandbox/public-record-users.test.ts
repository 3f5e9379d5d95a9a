import { describe, expect, it } from 'vitest'
import { recordSuite } from '../../tests/support/sandbox/record-suite'

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
