import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * The tester's walk at 1366×768: from the demo, a connection whose secret the service refuses is
 * added and connected anyway. The app must never show the demo account's orders under it, must
 * say it is signed out (not "Online") and that its orders cannot be shown then, and must lead to the fix.
 */
describe('connecting to a connection whose credentials the service refuses', () => {
  let app: AppUnderTest
  /** The header bar's height with the demo connected: one row. */
  let oneRow = 0

  beforeAll(async () => {
    app = await launchApp({ viewport: { width: 1366, height: 768 } })
    await app.startDemo()
  })
  afterAll(async () => {
    await app?.close()
  })

  const barHeight = () => app.page.locator('.frame__bar').evaluate((el) => el.getBoundingClientRect().height)

  it('adds the connection, whose test says the credentials were refused', async () => {
    const { page } = app
    await page.goto(`${app.url}#/orders`)
    await page.locator('[data-testid=orders-count]', { hasText: '30 orders match' }).waitFor()
    await page.locator('[data-testid=orders-index][data-complete=true]').waitFor()
    oneRow = await barHeight()

    await page.click('nav >> text=Settings')
    await page.click('[data-testid=add-profile]')
    await page.fill('#profile-form-new-name', 'Wrong secret')
    await page.fill('#profile-form-new-baseUrl', app.sandbox.baseUrl)
    await page.fill('#profile-form-new-clientId', app.sandbox.demo.clientId)
    await page.fill('#profile-form-new-clientSecret', 'wrong')
    await page.click('[data-testid=save-profile]')
    const row = page.locator('[data-testid=profile]', { hasText: 'Wrong secret' })
    await row.locator('[data-problem=bad_credentials]').waitFor()
  })

  it('asks before connecting, naming the failed test; Cancel keeps the demo', async () => {
    const { page } = app
    const row = page.locator('[data-testid=profile]', { hasText: 'Wrong secret' })
    await row.getByRole('button', { name: 'Connect', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('The last test of this connection failed: The service refused the client ID or secret (invalid_client).')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await app.call<{ profile: { demo: boolean } }>('connection.status')).toMatchObject({ profile: { demo: true } })

    await row.getByRole('button', { name: 'Connect', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Connect anyway' }).click()
    await page.locator('[data-testid=connection-state][data-credentials=refused]').waitFor()
  })

  it('says signed out with the credentials refused, with the way to fix it, on one row, not "Online"', async () => {
    const { page } = app
    const state = page.locator('[data-testid=connection-state]')
    expect(await state.textContent()).toContain('Signed out: credentials refused')
    expect(await state.textContent()).not.toContain('Online')
    expect(await page.locator('[data-testid=fix-connection]').textContent()).toContain('Edit connection')
    expect(await page.locator('[data-testid=acting-organisation]').count()).toBe(0)
    expect(await page.locator('header [role=alert]').count()).toBe(0)
    expect(await barHeight()).toBeLessThanOrEqual(oneRow)
  })

  it('shows nothing of the demo account in Orders, and says its orders cannot be shown while signed out', async () => {
    const { page } = app
    // Every state of the page from the click on: the demo's count or rows must never show.
    await page.evaluate(() => {
      const w = window as unknown as { seenMain: string[] }
      w.seenMain = []
      new MutationObserver(() => w.seenMain.push(document.querySelector('main')?.textContent ?? '')).observe(document.body, { childList: true, subtree: true, characterData: true })
    })
    await page.click('nav >> text=Orders')
    const notice = page.locator('[data-testid=orders-signed-out]')
    await notice.waitFor()
    const seen = await page.evaluate(() => (window as unknown as { seenMain: string[] }).seenMain)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.filter((text) => /30 orders match|PO-20/.test(text))).toEqual([])

    expect(await notice.textContent()).toContain('Your orders cannot be shown while you are signed out: the service refused this connection’s credentials.')
    expect(await notice.textContent()).toContain('Edit connection')
    const main = (await page.textContent('main')) ?? ''
    expect(main).not.toContain('Copying your order history')
    expect(main).not.toContain('Loading…')
    expect(main).not.toContain('orders match')
    expect(main).not.toContain('Open orders')
    expect(await page.locator('[data-testid=export-orders]').count()).toBe(0)
    expect(await page.locator('[data-testid=orders-scroller] [role=row]').count()).toBe(0)

    // The same after a reload: no "Copying…" for ever, no "No orders match".
    await page.reload()
    await notice.waitFor()
    const reloaded = (await page.textContent('main')) ?? ''
    expect(reloaded).not.toContain('Copying your order history')
    expect(reloaded).not.toContain('orders match')
    expect(reloaded).not.toContain('Open orders')
    expect(await page.locator('[data-testid=connection-state]').textContent()).toContain('Signed out: credentials refused')
  })

  it('leads to the fix: the secret entered again signs in and the account’s orders show', async () => {
    const { page } = app
    await page.click('[data-testid=fix-connection]')
    const secret = page.locator('[data-testid=profile-form] input[name=clientSecret]')
    await secret.waitFor()
    expect(await secret.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.type(app.sandbox.demo.clientSecret)
    await page.click('[data-testid=save-profile]')
    await page.locator('[data-testid=connection-state][data-credentials=accepted]').waitFor()
    expect(await page.locator('[data-testid=connection-state]').textContent()).toContain('Online')
    await page.click('nav >> text=Orders')
    await page.locator('[data-testid=orders-count]', { hasText: '30 orders match' }).waitFor()
    await page.locator('[data-testid=orders-index][data-complete=true]').waitFor()
  })

  it('had no page errors', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
