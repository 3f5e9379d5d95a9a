import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Organisation, User } from '../../shared/api'
import { TestClient } from '../support/sandbox/test-client'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * An administrator creates a user in a descendant organisation with roles and notifications, then
 * moves them to another organisation and sees what the service's reset takes away; a user without
 * users permissions has no Users view (and no administration at all).
 */
describe('administration: users', () => {
  let app: AppUnderTest
  let client: TestClient
  let from: Organisation
  let to: Organisation
  let userId: number
  const email = `e2e.${Date.now()}@example.com`

  beforeAll(async () => {
    app = await launchApp()
    client = new TestClient(app.sandbox)
    const orgs = (await client.call<Organisation[]>('GET', '/organisations')).body
    const descendants = orgs.filter((o) => o.id !== app.sandbox.demo.organisationId)
    ;[from, to] = [descendants[0]!, descendants[1]!]
  })
  afterAll(async () => {
    await app?.close()
  })

  /** Picks an option of a filterable naive-ui select by typing its label. */
  async function choose(selector: string, label: string): Promise<void> {
    await app.page.click(selector)
    await app.page.keyboard.type(label)
    await app.page.locator('.n-base-select-option', { hasText: label }).first().click()
  }

  it('creates a user in a descendant organisation with roles and notifications', async () => {
    const { page } = app
    await app.startDemo()
    await page.click('nav >> text=Administration')
    await page.waitForSelector('[data-testid=users-table]')
    expect(await page.locator('[data-testid=admin-users-tab]').count()).toBe(1)
    await page.click('[data-testid=new-user]')
    await page.fill('#uf-name', 'Erin Example')
    await page.fill('#uf-email', email)
    await choose('[data-testid=user-organisation-select]', from.name)
    await page.click('[data-testid=user-roles-select]')
    for (const role of ['2', '3']) {
      await page.keyboard.type(role)
      await page.keyboard.press('Enter')
    }
    await page.keyboard.press('Escape')
    await page.click('[data-testid=notification-order_created]')
    await page.click('[data-testid=notification-order_status_changed]')
    await page.click('[data-testid=save-user]')
    await page.waitForSelector('[data-testid=user-detail] h1')
    userId = Number(page.url().match(/users\/(\d+)$/)![1])
    expect(await page.textContent('[data-testid=user-organisation]')).toBe(from.name)
    expect(await page.textContent('[data-testid=user-roles]')).toContain('Role 2, Role 3')
    expect(await page.textContent('[data-testid=user-notifications]')).toContain('Order status changed')
    const held = (await client.call<User>('GET', `/users/${userId}`)).body
    expect(held).toMatchObject({ organisation: from.id, roles: [2, 3], notification: ['order_created', 'order_status_changed'] })
  })

  it('moves the user to another organisation, showing and confirming the reset', async () => {
    const { page } = app
    await page.click('[data-testid=edit-user]')
    await page.waitForSelector('[data-testid=user-form]')
    await choose('[data-testid=user-organisation-select]', to.name)
    expect(await page.textContent('[data-testid=move-reset-note]')).toContain(to.name)
    expect(await page.textContent('[data-testid=roles-lost]')).toContain('Role 2, Role 3')
    expect(await page.textContent('[data-testid=notifications-lost]')).toContain('Order created')
    await page.click('[data-testid=save-user]')
    const dialog = page.locator('.n-dialog', { hasText: `Move the user to ${to.name}?` })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Role 2, Role 3')
    await dialog.locator('button', { hasText: 'Save anyway' }).click()
    await page.locator('[data-testid=user-organisation]', { hasText: to.name }).waitFor()
    expect(await page.textContent('[data-testid=user-roles]')).toContain('No roles')
    expect(await page.textContent('[data-testid=user-notifications]')).toContain('No notifications')
    expect((await client.call<User>('GET', `/users/${userId}`)).body).toMatchObject({ organisation: to.id, roles: [], notification: [] })
  })

  it('shows the service refusal on the field it names, keeping what was typed', async () => {
    const { page } = app
    await page.goto(`${app.url}#/admin/users/new`)
    await page.fill('#uf-name', 'Duplicate Person')
    await page.fill('#uf-email', email)
    await page.click('[data-testid=save-user]')
    await page.locator('[data-field-error=email_address]', { hasText: 'already in use' }).waitFor()
    expect(await page.inputValue('#uf-name')).toBe('Duplicate Person')
  })

  it('a user without users permissions has no Users view and no administration', async () => {
    const { page } = app
    const clerk = app.sandbox.clients.find((c) => c.organisationId === app.sandbox.demo.organisationId && !c.admin)!
    const saved = await app.call<{ id: string }>('connection.save', { name: 'Clerk', baseUrl: app.sandbox.baseUrl, clientId: clerk.clientId, clientSecret: clerk.clientSecret })
    await page.goto(`${app.url}#/orders`)
    await app.call('connection.activate', { id: saved.id })
    await page.reload()
    await page.waitForSelector('[data-testid=current-user]')
    // The clerk's account speaks another language: entries are found by where they lead.
    await page.waitForSelector('nav.main-nav a[href="#/orders"]')
    expect(await page.locator('nav.main-nav a[href="#/admin"]').count()).toBe(0)
    await page.goto(`${app.url}#/admin/users`)
    await page.waitForSelector('[data-testid=admin-none]')
    expect(await page.locator('[data-testid=admin-users-tab]').count()).toBe(0)
    expect(await page.locator('[data-testid=users-table]').count()).toBe(0)
  })

  it('had no page errors', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
