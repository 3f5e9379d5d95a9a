import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CurrentUser, Organisation } from '../../shared/api'
import { TestClient } from '../support/sandbox/test-client'
import { launchApp, type AppUnderTest } from './support/app'

/** First run → "Explore with demo data" → the frame shows who you are, for whom, and that it is a demo. */
describe('demo mode', () => {
  let app: AppUnderTest
  let me: CurrentUser
  let ownOrganisation: Organisation

  beforeAll(async () => {
    app = await launchApp()
    // What the sandbox itself says, asked directly over HTTP — not through the app.
    const client = new TestClient(app.sandbox)
    me = (await client.call<CurrentUser>('GET', '/whoami')).body
    const orgs = (await client.call<Organisation[]>('GET', '/organisations')).body
    ownOrganisation = orgs.find((o) => o.id === me.organisation)!
  })
  afterAll(async () => {
    await app?.close()
  })

  it('opens on the first-run screen with demo mode offered', async () => {
    const { page } = app
    await page.waitForSelector('h1')
    expect(await page.textContent('h1')).toBe('Welcome to Wholesale Desk')
    expect(await page.isVisible('[data-testid=start-demo]')).toBe(true)
    expect(page.url()).toContain('#/welcome')
  })

  it('shows the current user, the acting organisation and an unmistakable DEMO banner after choosing demo mode', async () => {
    const { page } = app
    await page.click('[data-testid=start-demo]')
    await page.waitForSelector('[data-testid=current-user]')
    expect(await page.textContent('[data-testid=current-user]')).toContain(me.name)
    await page.locator('[data-testid=acting-organisation]', { hasText: ownOrganisation.name }).waitFor()
    const banner = page.locator('[data-testid=target-banner]')
    expect(await banner.getAttribute('data-target')).toBe('demo')
    expect(await banner.textContent()).toContain(new URL(app.sandbox.baseUrl).host)
    expect(await page.textContent('[data-testid=connection-state]')).toContain('Online')
    expect(await page.textContent('main h1')).toBe('Catalogue')
  })

  it('switches the acting organisation to a descendant', async () => {
    const { page } = app
    const client = new TestClient(app.sandbox)
    const child = (await client.call<Organisation[]>('GET', '/organisations')).body.find((o) => o.parent === ownOrganisation.id)!
    await page.click('[data-testid=acting-organisation] .n-base-selection')
    await page.locator('.n-base-select-option', { hasText: child.name }).first().click()
    await page.locator('[data-testid=acting-organisation]', { hasText: child.name }).waitFor()
    const status = await app.harness.core.dispatch('connection.status', undefined)
    expect(status.ok && (status.value as { actingOrganisation: Organisation }).actingOrganisation.id).toBe(child.id)
  })

  it('tests the connection and lists the user details and permissions', async () => {
    const { page } = app
    await page.click('nav >> text=Settings')
    await page.click('[data-testid=test-profile]')
    await page.waitForSelector('[data-testid=test-result]')
    const result = (await page.textContent('[data-testid=test-result]')) ?? ''
    expect(result).toContain(me.name)
    expect(result).toContain(me.currency)
    expect(result).toContain(me.timezone)
    for (const p of me.permissions) expect(result).toContain(p.permission)
  })

  it('shows an alert in the page (harness only) and opens its order on click', async () => {
    const { page } = app
    app.harness.notify({ id: 'e2e-1', title: 'Order 7 shipped', body: 'All items are on their way.', target: { kind: 'order', orderId: 7 } })
    const alert = page.locator('[data-testid=in-page-alert]')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('Order 7 shipped')
    await alert.locator('button', { hasText: 'Open' }).click()
    await page.waitForURL(/#\/orders\/7$/)
    expect(await page.textContent('main h1')).toBe('Order 7')
    expect(await alert.count()).toBe(0)
  })

  it('switches the language in Settings and keeps the choice after a reload', async () => {
    const { page } = app
    await page.goto(`${app.url}#/settings/display`)
    await page.click('[data-testid=language-de]')
    await page.waitForSelector('html[lang=de]', { state: 'attached' })
    expect(await page.textContent('nav[aria-label=Hauptnavigation]')).toContain('Katalog')
    await page.reload()
    await page.waitForSelector('[data-testid=current-user]')
    expect(await page.textContent('nav[aria-label=Hauptnavigation]')).toContain('Bestellungen')
    // Back to following the account (en_GB) for whoever runs next.
    await page.click('[data-testid=language-auto]')
    await page.waitForSelector('html[lang=en]', { state: 'attached' })
  })

  it('had no page errors', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
