import { describe, expect, it } from 'vitest'
import { NotificationKind, USER_TIMEOUTS, type CurrentUser, type Language, type ProductGroup, type User } from '../../../shared/api'
import type { UserListResult } from '../../../shared/model/user-list'
import type { ConnectionStatus } from '../../../shared/model/connection'
import { adminAccess } from '../../../shared/permissions'
import { connect, coreSuite, type CoreUnderTest } from '../../../tests/support/core/core-suite'

const suite = coreSuite({ testMode: true, products: 300, orders: 10, speed: 0, tokenTtlSeconds: 36_000 })

async function as(creds = suite.sandbox.demo): Promise<CoreUnderTest> {
  const t = await suite.start()
  await connect(t, suite.sandbox, creds)
  return t
}

const purchaser = () => suite.sandbox.clients.find((c) => c.organisationId === suite.sandbox.demo.organisationId && !c.admin)!
let seq = 0
const newUser = (over: Record<string, unknown> = {}) => ({
  name: `Test User ${++seq}`,
  email_address: `test.user.${seq}.${Date.now()}@example.com`,
  organisation: suite.sandbox.demo.organisationId,
  ...over,
})
async function descendants(t: CoreUnderTest): Promise<number[]> {
  const orgs = await t.call<{ id: number }[]>('connection.organisations')
  return orgs.map((o) => o.id).filter((id) => id !== suite.sandbox.demo.organisationId)
}

describe('users', () => {
  it('lists with every filter and sort, and says disabled where the record says active', async () => {
    const t = await as()
    const all = await t.call<UserListResult>('admin.listUsers', { perPage: 1000 })
    expect(all.total).toBe(all.items.length)
    const disabled = await t.call<UserListResult>('admin.listUsers', { disabled: true, perPage: 1000 })
    expect(disabled.items.length).toBeGreaterThan(0)
    expect(disabled.items.every((u) => u.disabled)).toBe(true)
    const record = await t.call<User>('admin.getUser', { id: disabled.items[0]!.id })
    expect(record.active).toBe(false)
    const unverified = await t.call<UserListResult>('admin.listUsers', { verified: false, perPage: 1000 })
    expect(unverified.items.every((u) => !u.verified)).toBe(true)
    const reset = await t.call<UserListResult>('admin.listUsers', { password_reset: true, perPage: 1000 })
    expect(reset.items.every((u) => u.password_reset)).toBe(true)
    const [org] = await descendants(t)
    const inOrg = await t.call<UserListResult>('admin.listUsers', { organisation: [org], perPage: 1000 })
    expect(inOrg.items.length).toBeGreaterThan(0)
    expect(inOrg.items.every((u) => u.organisation === org)).toBe(true)
    const someone = all.items[3]!
    const byText = await t.call<UserListResult>('admin.listUsers', { text: someone.email_address })
    expect(byText.items.map((u) => u.id)).toContain(someone.id)
    for (const sort of ['+name', '-name', '+email_address', '-email_address'] as const) {
      const key = sort.slice(1) as 'name' | 'email_address'
      const page = await t.call<UserListResult>('admin.listUsers', { sort_by: sort, perPage: 10 })
      const values = page.items.map((u) => u[key].toLowerCase())
      const sorted = [...values].sort((a, b) => a.localeCompare(b))
      expect(values).toEqual(sort.startsWith('+') ? sorted : sorted.reverse())
    }
    const page2 = await t.call<UserListResult>('admin.listUsers', { sort_by: '+name', perPage: 5, page: 2 })
    expect(page2).toMatchObject({ page: 2, perPage: 5, total: all.total, pages: Math.ceil(all.total / 5) })
  })

  it('creates a user with every field, and every allowed value round-trips', async () => {
    const t = await as()
    const [org] = await descendants(t)
    const languages: Language[] = ['de', 'en', 'es', 'fr', 'it', 'nl']
    for (const [i, timeout] of USER_TIMEOUTS.entries()) {
      const body: Record<string, unknown> = newUser({
        organisation: org,
        admin: i % 2 === 0,
        'two-factor': i % 2 === 1,
        active: i !== 2,
        verified: i % 3 === 0,
        password_reset: i === 4,
        user_language: languages[i % languages.length],
        timezone: ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo'][i % 3],
        timeout,
        roles: i === 0 ? [1, 2, 3, 4, 5] : [1],
        notification: i === 0 ? NotificationKind.options : ['order_status_changed'],
      })
      const created = await t.call<User>('admin.createUser', body)
      const read = await t.call<User>('admin.getUser', { id: created.id })
      const { name, email_address, organisation, admin, active, verified, password_reset, user_language, timezone, roles, notification } = body
      expect(read).toMatchObject({ name, email_address, organisation, admin, 'two-factor': body['two-factor'], active, verified, password_reset, user_language, timezone, timeout, roles, notification })
    }
  })

  it('makes the overwrite of roles and notifications explicit, and the service holds the result', async () => {
    const t = await as()
    const u = await t.call<User>('admin.createUser', newUser({ roles: [1, 3], notification: ['order_created', 'quote_created'] }))
    const edit = { ...newUser(), id: u.id, name: u.name, email_address: u.email_address, roles: [3], notification: ['order_created', 'quote_created'] }
    const refused = await t.fail('admin.editUser', edit)
    expect(refused).toMatchObject({ code: 'conflict', fields: { roles: expect.stringContaining('1') } })
    expect(refused.fields).not.toHaveProperty('notification')
    expect((await t.call<User>('admin.getUser', { id: u.id })).roles).toEqual([1, 3])
    const saved = await t.call<User>('admin.editUser', { ...edit, confirmLoss: true })
    expect(saved.roles).toEqual([3])
    expect((await t.call<User>('admin.getUser', { id: u.id })).roles).toEqual([3])
    // Adding needs no confirmation.
    expect((await t.call<User>('admin.editUser', { ...edit, roles: [3, 4] })).roles).toEqual([3, 4])
  })

  it('opens a user holding a notification kind the app does not know, and does not save it back without it', async () => {
    const t = await as()
    const u = await t.call<User>('admin.createUser', newUser({ notification: ['order_created'] }))
    // A kind a later release added (spec 6 lists seven); the edit form cannot show it.
    suite.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/users/${u.id}$` }, set: { notification: ['order_created', 'quote_expired'], 'audit_logs.0.user': null } })
    try {
      const shown = await t.call<User>('admin.getUser', { id: u.id })
      expect(shown).toMatchObject({ id: u.id, name: u.name, notification: ['order_created'] })
      suite.sandbox.control.clearRequestLog()
      const refused = await t.fail('admin.editUser', { ...newUser(), id: u.id, name: 'Renamed', email_address: u.email_address, notification: ['order_created'], confirmLoss: true })
      expect(refused).toMatchObject({ code: 'conflict', message: expect.stringMatching(/notification/) })
      expect(refused.message).not.toMatch(/audit_logs/)
      expect(suite.sandbox.control.requestLog().filter((r) => r.method === 'PUT')).toEqual([])
    } finally {
      suite.sandbox.control.clearFaults()
    }
  })

  it('opens a user whose timeout or language it cannot read, or who has no two-factor flag, naming them, and does not save it back', async () => {
    const t = await as()
    const u = await t.call<User>('admin.createUser', newUser())
    // A timeout and a language a later release allows, and the flag left out.
    suite.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/users/${u.id}$` }, set: { timeout: 900, user_language: 'pt' }, unset: ['two-factor'] })
    try {
      const shown = await t.call<User & { unread: string[] }>('admin.getUser', { id: u.id })
      expect(shown).toMatchObject({ id: u.id, name: u.name, email_address: u.email_address })
      expect(shown.unread.sort()).toEqual(['timeout', 'two-factor', 'user_language'])
      suite.sandbox.control.clearRequestLog()
      const refused = await t.fail('admin.editUser', { ...newUser(), id: u.id, name: 'Renamed', email_address: u.email_address, confirmLoss: true })
      expect(refused).toMatchObject({ code: 'conflict', message: expect.stringMatching(/could not be fully read \(.*timeout.*\).*web interface/) })
      expect(suite.sandbox.control.requestLog().filter((r) => r.method === 'PUT')).toEqual([])
    } finally {
      suite.sandbox.control.clearFaults()
    }
  })

  it('moving a user to another organisation resets roles and notifications, after confirmation', async () => {
    const t = await as()
    const [from, to] = await descendants(t)
    const u = await t.call<User>('admin.createUser', newUser({ organisation: from, roles: [2], notification: ['order_status_changed'] }))
    const move = { name: u.name, email_address: u.email_address, id: u.id, organisation: to, roles: [2], notification: ['order_status_changed'] }
    const refused = await t.fail('admin.editUser', move)
    expect(refused).toMatchObject({ code: 'conflict', message: expect.stringMatching(/resets their roles and notifications/), fields: { roles: expect.any(String), notification: expect.any(String) } })
    expect((await t.call<User>('admin.getUser', { id: u.id })).organisation).toBe(from)
    const moved = await t.call<User>('admin.editUser', { ...move, confirmLoss: true })
    expect(moved).toMatchObject({ organisation: to, roles: [], notification: [] })
    expect(await t.call<User>('admin.getUser', { id: u.id })).toMatchObject({ organisation: to, roles: [], notification: [] })
  })

  it("puts the service's validation errors on the fields they name", async () => {
    const t = await as()
    const taken = await t.call<User>('admin.createUser', newUser())
    const clash = await t.fail('admin.createUser', newUser({ email_address: taken.email_address, timezone: 'Mars/Olympus', roles: [99] }))
    expect(clash).toMatchObject({ code: 'validation', fields: { email_address: expect.stringMatching(/already in use/), timezone: expect.any(String), roles: expect.stringMatching(/99/) } })
    const typo = await t.fail('admin.createUser', newUser({ email_address: 'not-an-address', timeout: 60 }))
    expect(typo).toMatchObject({ code: 'invalid_input', fields: { email_address: expect.any(String), timeout: expect.any(String) } })
  })

  it('a user without users permissions sees no users administration, and a 403 says which permission is missing', async () => {
    const t = await as(purchaser())
    const status = await t.call<ConnectionStatus>('connection.status')
    expect(adminAccess(status.user as CurrentUser)).toMatchObject({ viewUsers: false, editUsers: false, editProductGroups: false })
    expect(adminAccess((await (await as()).call<ConnectionStatus>('connection.status')).user as CurrentUser)).toMatchObject({ viewUsers: true, editUsers: true })
    expect(await t.fail('admin.listUsers', {})).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/users:read/) })
    expect(await t.fail('admin.createProductGroup', { name: 'Not mine' })).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/product_groups:write/) })
  })

  it('offline, says that nothing was saved', async () => {
    const t = await as()
    await suite.sandbox.control.pause()
    try {
      expect(await t.fail('admin.createUser', newUser())).toMatchObject({ code: 'offline', message: expect.stringMatching(/nothing was saved/) })
    } finally {
      await suite.sandbox.control.resume()
    }
  })
})

describe('product groups', () => {
  it('creates, reads, lists and edits a group with every field', async () => {
    const t = await as()
    const products = suite.sandbox.control.listOrdersRaw().flatMap((o) => o.line_items.map((l) => l.product))
    const [p1, p2] = [...new Set(products)]
    const other = await t.call<ProductGroup>('admin.createProductGroup', { name: `Related ${Date.now()}` })
    const body = {
      name: `Switches ${Date.now()}`,
      active: false,
      status: 'LIVE',
      description: 'Managed switches',
      detailed_description: 'Every managed switch we stock.\nSecond line.',
      subscription_type: 'SUBSCRIPTION_KIND_BACKUP',
      subscription_product_type: 'ADD_ON',
      products: [p1, p2],
      related_product_groups: [other.id],
      grading: 7,
    }
    const created = await t.call<ProductGroup>('admin.createProductGroup', body)
    expect(await t.call<ProductGroup>('admin.getProductGroup', { id: created.id })).toMatchObject(body)
    const list = await t.call<{ id: number; name: string; status: string }[]>('admin.listProductGroups')
    expect(list.find((g) => g.id === created.id)).toMatchObject({ name: body.name, status: 'LIVE', active: false })
    const edited = await t.call<ProductGroup>('admin.editProductGroup', { ...body, id: created.id, status: 'DRAFT', subscription_type: 'SUBSCRIPTION_KIND_STORAGE', subscription_product_type: 'BASE', products: [p2], grading: null })
    expect(edited).toMatchObject({ status: 'DRAFT', subscription_type: 'SUBSCRIPTION_KIND_STORAGE', subscription_product_type: 'BASE', products: [p2], grading: null })
    const refused = await t.fail('admin.editProductGroup', { ...body, id: created.id, products: [987_654] })
    expect(refused).toMatchObject({ code: 'validation', fields: { products: expect.stringMatching(/987654/) } })
  })

  it('does not save back a group it could not fully read: its unread products would be written back empty', async () => {
    const t = await as()
    const [p1, p2] = [...new Set(suite.sandbox.control.listOrdersRaw().flatMap((o) => o.line_items.map((l) => l.product)))]
    const group = await t.call<ProductGroup>('admin.createProductGroup', { name: `Odd ${Date.now()}`, products: [p1, p2] })
    // One product id the client cannot read (a later or odder service).
    suite.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/product_groups/${group.id}$` }, set: { 'products.0': 'SKU-1' } })
    try {
      const shown = await t.call<ProductGroup>('admin.getProductGroup', { id: group.id })
      const { name, active, status, products, related_product_groups } = shown
      const refused = await t.fail('admin.editProductGroup', { id: group.id, name: `${name} renamed`, active, status, products, related_product_groups })
      expect(refused).toMatchObject({ code: 'conflict', message: expect.stringMatching(/products/) })
    } finally {
      suite.sandbox.control.clearFaults()
    }
    expect(await t.call<ProductGroup>('admin.getProductGroup', { id: group.id })).toMatchObject({ name: group.name, products: [p1, p2] })
  })
})
