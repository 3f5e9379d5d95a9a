import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../shared/api'
import type { DraftView } from '../../shared/ipc/channels/baskets'
import { plainProducts, scanIntoDraft } from './support/drafts'
import { chooseOption } from './support/naive-select'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * On the road with no network: a basket is scanned and pasted together while the service is down,
 * submitted into the outbox, and placed exactly once when the service comes back.
 */
describe('baskets: offline drafting and the outbox', () => {
  let app: AppUnderTest
  let products: Product[]

  beforeAll(async () => {
    app = await launchApp()
    products = (await plainProducts(app, { uniqueSku: true })).slice(0, 7)
    expect(products).toHaveLength(7)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('drafts offline by scanning and pasting, then the outbox places the order once when the service is back', async () => {
    const { page, sandbox } = app
    await app.startDemo()
    // The catalogue and the reference lists are on this computer before the network goes.
    await app.call('catalogue.sync')
    await page.goto(`${app.url}#/baskets`)
    await page.waitForSelector('[data-testid=baskets-page]')

    await sandbox.control.pause()
    await page.click('[data-testid=new-draft]')
    await page.waitForSelector('[data-testid=draft-editor]')
    await page.waitForSelector('[data-testid=offline-banner]', { timeout: 20_000 })

    // Two scans: a scanner types the SKU and presses Enter.
    for (const p of products.slice(0, 2)) await scanIntoDraft(page, p.product_code)
    // Five more lines pasted from a spreadsheet, plus one unknown SKU the preview flags.
    await page.click('[data-testid=open-import]')
    const pasted = products.slice(2).map((p, i) => `${p.product_code}\t${i + 2}`)
    await page.fill('[data-testid=import-text]', [...pasted, 'NOT-A-REAL-SKU\t1'].join('\n'))
    await page.click('[data-testid=import-preview]')
    await page.waitForSelector('[data-testid=import-preview-table]')
    expect(await page.locator('[data-testid=import-row-ok]').count()).toBe(5)
    expect(await page.locator('[data-testid=import-row-unknown]').count()).toBe(1)
    await page.click('[data-testid=import-add]')
    await expect.poll(() => page.locator('[data-testid=lines] tbody tr.lines__row').count(), { timeout: 10_000 }).toBe(7)
    // The unknown SKU stays in the paste box until the rep discards it: a submit would wait for that.
    await page.click('[data-testid=import-cancel]')
    await page.locator('[data-testid=import-panel]').waitFor({ state: 'detached' })

    // Where it goes: a saved address of the organisation and a shipping type, from the offline cache.
    await page.fill('[data-testid=draft-name]', 'Van stock, north route')
    // The address first, so that the shipping types offered are those that serve its country.
    await chooseOption(page, '[data-testid=saved-address]', { index: 1 })
    await chooseOption(page, '[data-testid=draft-shipping-type]', { index: 1 })
    await page.locator('[data-testid=invalid-note]').waitFor({ state: 'detached' })
    await page.click('[data-testid=submit-draft]')
    await page.waitForSelector('[data-testid=queued-note]')
    expect(await page.textContent('[data-testid=offline-banner]')).toContain('One submission waiting')

    const draftId = page.url().split('/').pop()!
    await sandbox.control.resume()
    await page.waitForSelector('[data-testid=submitted-note]', { timeout: 60_000 })
    const draft = await app.call<DraftView>('baskets.get', { id: draftId })
    expect(draft.state).toBe('submitted')
    // Said in the window too, as the app confirms things: the rep may be looking at another page by then.
    await expect.poll(() => page.locator('.n-message--success-type').allTextContents()).toEqual([`Basket “Van stock, north route” sent as order ${draft.orderId}.`])

    const placed = sandbox.control.listOrdersRaw().filter((o) => o.name?.startsWith('Van stock, north route'))
    expect(placed).toHaveLength(1)
    expect(placed[0]!.id).toBe(draft.orderId)
    expect(sandbox.control.listBasketsRaw().filter((b) => b.name?.startsWith('Van stock, north route'))).toHaveLength(0)
    expect(placed[0]!.line_items.map((l) => [l.product, l.quantity])).toEqual(products.map((p, i) => [p.id, i < 2 ? 1 : i]))
  })

  it('no page error happened on the way', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
