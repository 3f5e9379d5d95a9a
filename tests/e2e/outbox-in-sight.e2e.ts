import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../shared/api'
import type { DraftView } from '../../shared/ipc/channels/baskets'
import { openNewDraft, plainProducts, scanIntoDraft } from './support/drafts'
import { chooseOption } from './support/naive-select'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * The outbox in sight: the header's badge (drafts waiting to send, the current draft's lines), the
 * "Work offline" switch (nothing reaches the service while it is on), the confirmation of a submit
 * made offline, and the queue view with its way back online.
 */
describe('the outbox in sight', () => {
  let app: AppUnderTest
  let products: Product[]
  beforeAll(async () => {
    app = await launchApp()
    products = (await plainProducts(app, { uniqueSku: true })).slice(0, 6)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows the waiting drafts and the current draft\'s lines, works offline with nothing sent, confirms an offline submit in sight, and sends from the queue view', async () => {
    const { page, sandbox } = app
    // The tester's window: a draft of six lines does not fit, Submit is below the fold.
    await page.setViewportSize({ width: 1366, height: 768 })
    await app.startDemo()
    await app.call('catalogue.sync')
    await openNewDraft(app)
    for (const p of products) await scanIntoDraft(page, p.product_code)
    await expect.poll(() => page.textContent('[data-testid=current-draft-lines]')).toContain('Current draft: 6 lines')
    expect(await page.textContent('[data-testid=outbox-badge-waiting]')).toBe('0 to send')

    // Work offline, by its words as a rep clicks them: from here nothing may reach the service.
    await page.click('[data-testid=work-offline-words]')
    await expect.poll(async () => (await app.call<{ on: boolean }>('system.workOffline')).on).toBe(true)
    sandbox.control.clearRequestLog()
    await page.fill('[data-testid=draft-name]', 'Offline by choice')
    await chooseOption(page, '[data-testid=saved-address]', { index: 1 })
    await chooseOption(page, '[data-testid=draft-shipping-type]', { value: '1' })
    // The shipping type chosen reads whole, name and price: in a quarter of this wide form it was cut ("UK Standard Next Day Deliver…").
    const cut = await page.locator('[data-testid=draft-shipping-type]').evaluate((input) =>
      [...input.closest('.select-field')!.querySelectorAll<HTMLElement>('*')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
    )
    expect(cut).toEqual([])
    await page.locator('[data-testid=invalid-note]').waitFor({ state: 'detached' })
    await page.click('[data-testid=submit-draft]')
    await page.waitForSelector('[data-testid=queued-note]')
    // Where the rep is looking: the page does not stay at the foot of the now read-only form.
    const note = page.locator('[data-testid=queued-note]')
    const inSight = () =>
      note.evaluate((el) => {
        const r = el.getBoundingClientRect()
        return r.top >= 0 && r.bottom <= window.innerHeight
      })
    await expect.poll(inSight).toBe(true)
    expect(await note.textContent()).toContain('it will be sent when you go back online')
    await expect.poll(() => page.textContent('[data-testid=outbox-badge-waiting]')).toBe('1 to send')
    // The header does not say the service cannot be reached: the rep chose this.
    expect(await page.getAttribute('[data-testid=connection-state]', 'title')).toContain('You chose to work offline')

    // The queue view, from the note's link: working offline said once, with a way back online; no
    // error on the row; Retry off (it could send nothing).
    await note.locator('[data-testid=open-outbox]').click()
    await page.waitForSelector('[data-testid=outbox-page]')
    expect(await page.textContent('[data-testid=queue-working-offline]')).toContain('Working offline: these will be sent when you go back online.')
    const row = page.locator('[data-testid=queue-row]', { hasText: 'Offline by choice' })
    await expect.poll(() => row.getAttribute('data-state')).toBe('queued')
    expect((await row.locator('[data-testid=queue-error]').textContent())?.trim()).toBe('')
    expect(await row.locator('[data-testid=queue-retry]').isDisabled()).toBe(true)
    expect(sandbox.control.requestLog()).toEqual([])

    // Back online from the queue view: the switch goes off, the draft goes.
    await page.click('[data-testid=queue-go-online]')
    await expect.poll(async () => (await app.call<{ on: boolean }>('system.workOffline')).on).toBe(false)
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
