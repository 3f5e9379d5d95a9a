import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order, Product } from '../../shared/api'
import { ManualClock } from '../../electron/core/platform/manual-clock'
import { placeOrder } from '../support/sandbox/place-order'
import { TestClient } from '../support/sandbox/test-client'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * An order is placed, the simulator moves it on, and without anyone looking the app says so: the
 * alert (in the page, as the harness has no OS notifications) opens the order with its new status
 * and its shipment's tracking number. The core runs on a manual clock so the watcher's 30-second
 * interval passes at once.
 */
describe('orders: watch, alert, detail', () => {
  let app: AppUnderTest
  const clock = new ManualClock(Date.now())
  let client: TestClient
  let placed: Order

  beforeAll(async () => {
    app = await launchApp({ harness: { clock } })
    client = new TestClient(app.sandbox)
  })
  afterAll(async () => {
    await app?.close()
  })

  /** What the core has seen of open orders, as the page shows it. */
  const openCount = async () => Number(((await app.page.textContent('[data-testid=watch-summary]')) ?? '').match(/Open orders: (\d+)/)?.[1] ?? -1)

  it('lists the order history with its total, after connecting with demo data', async () => {
    const { page } = app
    await app.startDemo()
    await page.click('nav >> text=Orders')
    await page.waitForSelector('[data-testid=order-row]')
    const total = app.sandbox.control.listOrdersRaw().filter((o) => o.organisation !== undefined).length
    expect(await page.textContent('[data-testid=orders-count]')).toContain(`${total} orders match`)
    await page.locator('[data-testid=watch-summary]', { hasText: 'Last checked' }).waitFor()
  })

  it('places an order (as another client of the service would), which the watcher picks up quietly', async () => {
    const before = await openCount()
    const product = (await client.call<Product[]>('GET', '/products', { query: { per_page: 1, text: '' } })).body[0]!
    placed = await placeOrder(client, [{ product: product.id, quantity: 2 }], { purchase_order_number: 'PO-E2E-WATCH' })
    clock.advance(30_000)
    await app.page.locator('[data-testid=watch-summary]', { hasText: `Open orders: ${before + 1}` }).waitFor()
    expect(await app.page.locator('[data-testid=in-page-alert]').count()).toBe(0)
  })

  it('alerts when the order ships; the alert opens the order with its status and tracking number', async () => {
    const { page } = app
    app.sandbox.control.transition(placed.id, 'SHIPPED')
    const shipped = app.sandbox.control.listOrdersRaw().find((o) => o.id === placed.id)!
    const tracking = shipped.shipments[0]!.tracking_number!
    clock.advance(30_000)
    const alert = page.locator('[data-testid=in-page-alert]', { hasText: `Order ${placed.id}: Shipped` })
    await alert.waitFor()
    expect(await alert.textContent()).toContain('PO-E2E-WATCH')
    await alert.locator('button', { hasText: 'Open' }).click()
    await page.waitForURL(new RegExp(`#/orders/${placed.id}$`))
    const status = page.locator('[data-testid=order-status]')
    await status.waitFor()
    expect(await status.getAttribute('data-status')).toBe('SHIPPED')
    expect(await status.textContent()).toContain('Shipped')
    expect(await page.textContent('[data-testid=tracking-number]')).toBe(tracking)
    expect(await page.textContent('[data-testid=order-po]')).toBe('PO-E2E-WATCH')
    expect(await page.locator('[data-testid=cancel-order]').count()).toBe(0)
  })

  it('offers resubmit with a confirmation only when attention is required, and shows the outcome', async () => {
    const { page } = app
    app.sandbox.control.transition(placed.id, 'ATTENTION_REQUIRED', { reason: 'The delivery address could not be verified' })
    clock.advance(30_000)
    await page.locator('[data-testid=attention-reason]', { hasText: 'The delivery address could not be verified' }).waitFor()
    await page.click('[data-testid=resubmit]')
    const dialog = page.locator('.n-dialog', { hasText: 'resolved with the service operator' })
    await dialog.waitFor()
    await dialog.locator('button', { hasText: 'Resubmit' }).click()
    await page.locator('[data-testid=order-status][data-status=PROCESSING]').waitFor()
    expect(app.sandbox.control.listOrdersRaw().find((o) => o.id === placed.id)!.status).toBe('PROCESSING')
    expect(await page.locator('[data-testid=resubmit]').count()).toBe(0)
  })

  it('keeps filters across a reload and shows the last results offline with their age', async () => {
    const { page } = app
    await page.goto(`${app.url}#/orders`)
    await page.waitForSelector('[data-testid=order-row]')
    // The search applies as it is typed.
    await page.fill('#of-text', 'PO-E2E-WATCH')
    await page.locator('[data-testid=orders-count]', { hasText: 'One order matches' }).waitFor()
    await page.reload()
    await page.locator('[data-testid=orders-count]', { hasText: 'One order matches' }).waitFor()
    expect(await page.inputValue('#of-text')).toBe('PO-E2E-WATCH')
    await app.sandbox.control.pause()
    try {
      // The list answers from the local index without asking the service: the app learns it is offline from a check.
      await page.click('[data-testid=check-now]')
      await page.reload()
      await page.waitForSelector('[data-testid=orders-offline]')
      expect(await page.textContent('[data-testid=orders-offline]')).toMatch(/Offline: showing the results as they were/)
      expect(await page.locator('[data-testid=order-row]').count()).toBe(1)
    } finally {
      await app.sandbox.control.resume()
    }
    // Back online, applying the filters again shows live results: the offline notice goes, the order stays.
    await page.press('#of-text', 'Enter')
    await page.locator('[data-testid=orders-offline]').waitFor({ state: 'detached', timeout: 15_000 })
    expect(await page.textContent('[data-testid=orders-count]')).toContain('One order matches')
    expect(await page.locator(`[data-testid=order-row][data-order-id="${placed.id}"]`).count()).toBe(1)
  })

  it('had no page errors', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
