import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * Issue 14: the service names the user's currency by an id (as its public sample says), and its
 * order answers carry an extra field, a null where a string belongs and a status this app does not
 * know. The rep still signs in, sees every order, and is told which ones could not be fully read.
 */
describe('orders the app could not fully read', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await launchApp({ sandbox: { whoamiCurrency: 'id' } })
    app.sandbox.control.injectFault({
      kind: 'reshape',
      match: { method: 'GET', path: '^/orders$' },
      rows: 2,
      set: { x_loyalty_tier: { level: 3 }, status: 'ON_HOLD', 'line_items.0.name': null, supplier_ref: 42 },
    })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists every order, marks the two not fully read, counts them, and shows the unknown status as spelled', async () => {
    const { page } = app
    await app.startDemo()
    await page.click('nav >> text=Orders')
    await page.waitForSelector('[data-testid=order-row]')
    const total = app.sandbox.control.listOrdersRaw().length
    expect(await page.textContent('[data-testid=orders-count]')).toContain(`${total} orders match`)
    await page.locator('[data-testid=orders-partial-count]', { hasText: '2 orders on the pages read could not be fully read' }).waitFor()
    const marked = page.locator('[data-testid=order-row]:has([data-testid=order-partial])')
    expect(await marked.count()).toBe(2)
    expect(await marked.first().locator('[data-status]').textContent()).toBe('ON_HOLD')
    // The currency is an id: amounts are plain numbers, never with a guessed currency symbol.
    const totalCell = (await marked.first().locator('[role=cell]').last().textContent()) ?? ''
    expect(totalCell).toMatch(/^[\d,]+\.\d{2}$/)
  })

  it('opens a marked order with its status as the service spells it and says what could not be read', async () => {
    const { page } = app
    const first = page.locator('[data-testid=order-row]:has([data-testid=order-partial])').first()
    const id = Number(await first.getAttribute('data-order-id'))
    app.sandbox.control.injectFault({ kind: 'reshape', match: { path: `^/orders/${id}$` }, set: { status: 'ON_HOLD', purchase_order_number: { ref: 1 } } })
    await first.locator('a').first().click()
    await page.waitForSelector(`[data-testid=order-detail][data-order-id="${id}"]`)
    await page.locator('[data-testid=order-partial]', { hasText: 'purchase_order_number' }).waitFor()
    expect(await page.getAttribute('[data-testid=order-status]', 'data-status')).toBe('ON_HOLD')
    expect(await page.textContent('[data-testid=order-status]')).toContain('does not know yet')
  })

  it('lists every service basket, marking and counting the one that could not be fully read', async () => {
    const { page } = app
    app.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/baskets$' }, rows: 1, set: { name: 12, x_loyalty_tier: { level: 3 } } })
    const own = app.sandbox.control.listBasketsRaw().filter((b) => b.organisation === 1).length
    await page.goto(`${app.url}#/baskets`)
    await page.locator('[data-testid=server-partial-count]', { hasText: 'One basket could not be fully read' }).waitFor()
    expect(await page.locator('[data-testid=server-row]').count()).toBe(own)
    expect(await page.locator('[data-testid=server-row]:has([data-testid=basket-partial])').count()).toBe(1)
  })

  it('opens a service basket not fully read with a marker naming what is missing', async () => {
    const { page } = app
    const basket = app.sandbox.control.listBasketsRaw().find((b) => b.organisation === 1)!
    app.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/baskets/${basket.id}$` }, set: { purchase_order_number: ['PO', 1] } })
    await page.goto(`${app.url}#/baskets/server/${basket.id}`)
    await page.locator('[data-testid=basket-partial]', { hasText: 'purchase_order_number' }).waitFor()
  })
})
