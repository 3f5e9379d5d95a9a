import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../shared/api'
import type { DraftView } from '../../shared/ipc/channels/baskets'
import { openNewDraft, plainProducts, scanIntoDraft } from './support/drafts'
import { chooseOption } from './support/naive-select'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * The outbox in sight: the header's badge (drafts waiting to send, the current draft's lines), the
 * "Work offline" switch (nothing reaches the service while it is on) and the queue view with Retry.
 */
describe('the outbox in sight', () => {
  let app: AppUnderTest
  let products: Product[]
  beforeAll(async () => {
    app = await launchApp()
    products = (await plainProducts(app)).slice(0, 3)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows the waiting drafts and the current draft\'s lines, works offline with nothing sent, and sends from the queue view', async () => {
    const { page, sandbox } = app
    await app.startDemo()
    await app.call('catalogue.sync')
    await openNewDraft(app)
    for (const p of products.slice(0, 2)) await scanIntoDraft(page, p.product_code)
    await expect.poll(() => page.textContent('[data-testid=current-draft-lines]')).toContain('Current draft: 2 lines')
    expect(await page.textContent('[data-testid=outbox-badge-waiting]')).toBe('0 to send')

    // Work offline: from here nothing may reach the service.
    await page.click('[data-testid=work-offline]')
    await expect.poll(async () => (await app.call<{ on: boolean }>('system.workOffline')).on).toBe(true)
    sandbox.control.clearRequestLog()
    await page.fill('[data-testid=draft-name]', 'Offline by choice')
    await chooseOption(page, '[data-testid=saved-address]', { index: 1 })
    await chooseOption(page, '[data-testid=draft-shipping-type]', { value: '1' })
    await page.locator('[data-testid=invalid-note]').waitFor({ state: 'detached' })
    await page.click('[data-testid=submit-draft]')
    await page.waitForSelector('[data-testid=queued-note]')
    await expect.poll(() => page.textContent('[data-testid=outbox-badge-waiting]')).toBe('1 to send')

    // The queue view: its state, its last error, Retry (which sends nothing while working offline).
    await page.click('[data-testid=outbox-badge]')
    await page.waitForSelector('[data-testid=outbox-page]')
    await page.waitForSelector('[data-testid=queue-working-offline]')
    const row = page.locator('[data-testid=queue-row]', { hasText: 'Offline by choice' })
    await expect.poll(() => row.getAttribute('data-state')).toBe('queued')
    await expect.poll(() => row.locator('[data-testid=queue-error]').textContent()).toContain('Working offline')
    await row.locator('[data-testid=queue-retry]').click()
    await expect.poll(() => row.locator('[data-testid=queue-error]').textContent()).toContain('Working offline')
    expect(sandbox.control.requestLog()).toEqual([])

    // Back online: the switch off, the draft goes.
    await page.click('[data-testid=work-offline]')
    await expect.poll(() => page.locator('[data-testid=queue-row]', { hasText: 'Offline by choice' }).count(), { timeout: 30_000 }).toBe(0)
    await expect.poll(() => page.textContent('[data-testid=outbox-badge-waiting]')).toBe('0 to send')
    const placed = sandbox.control.listOrdersRaw().filter((o) => o.name?.startsWith('Offline by choice'))
    expect(placed).toHaveLength(1)
    const drafts = await app.call<{ drafts: DraftView[] }>('baskets.list')
    expect(drafts.drafts.find((d) => d.title === 'Offline by choice')?.state).toBe('submitted')
  })

  it('no page error happened on the way', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
