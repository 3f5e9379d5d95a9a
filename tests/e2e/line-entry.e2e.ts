import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../shared/api'
import { openNewDraft, plainProducts } from './support/drafts'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * The draft editor's line entry at 1024×700, as the walk saw it: a quantity the entry refuses says
 * so under its box, and the SKU box, the quantity box and "Add line" stay on one line, not jumping.
 */
describe('the line entry', () => {
  let app: AppUnderTest
  let product: Product
  beforeAll(async () => {
    app = await launchApp({ viewport: { width: 1024, height: 700 } })
    product = (await plainProducts(app, { uniqueSku: true }))[0]!
  })
  afterAll(async () => {
    await app?.close()
  })

  /** Where the SKU box, the quantity box and the Add button are. */
  const boxes = () =>
    app.page.evaluate(() =>
      ['[data-testid=sku-input]', '[data-testid=qty-input]', '[data-testid=add-line]'].map((s) => {
        const r = document.querySelector(s)!.getBoundingClientRect()
        return { left: Math.round(r.left), top: Math.round(r.top), bottom: Math.round(r.bottom) }
      }),
    )

  it('keeps the SKU box, the quantity box and Add line where they were when a quantity is refused', async () => {
    const { page } = app
    await app.startDemo()
    await app.call('catalogue.sync')
    await openNewDraft(app)
    const [sku, qty, add] = await boxes()
    expect([qty!.top, qty!.bottom]).toEqual([sku!.top, sku!.bottom])

    await page.fill('[data-testid=sku-input]', product.product_code)
    await page.press('[data-testid=sku-input]', 'Tab')
    await page.keyboard.type('0')
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-testid=qty-error]')
    await page.screenshot({ path: 'out/test-results/line-entry-refused.png' })
    // The SKU box dropped by a line beside the quantity box, "Add line" between the two.
    expect(await boxes()).toEqual([sku, qty, add])
    // What was typed stays, to be corrected.
    expect(await page.inputValue('[data-testid=sku-input]')).toBe(product.product_code)
    expect(await page.inputValue('[data-testid=qty-input]')).toBe('0')
  })
})
