import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../electron/sandbox'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * A product's page at 1024×700, as the walk saw it: "Add to basket" is at the foot of the window,
 * and the line saying what went in where came half below it.
 */
describe('adding from a product page in a small window', () => {
  let app: AppUnderTest
  beforeAll(async () => {
    app = await launchApp({ viewport: { width: 1024, height: 700 } })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('brings the confirmation of what was added into sight', async () => {
    const { page } = app
    await app.startDemo()
    await app.call('catalogue.sync')
    await page.goto(`${app.url}#/catalogue/products/${SHOWCASE.accessPoint.id}`)
    await page.waitForSelector('[data-testid=product-page]')
    await page.fill('[data-testid=add-quantity]', '3')
    await page.click('[data-testid=add-to-basket-button]')
    const note = page.locator('[data-testid=basket-added] p')
    await note.waitFor()
    const inSight = () =>
      note.evaluate((el) => {
        const r = el.getBoundingClientRect()
        return r.top >= 0 && r.bottom <= window.innerHeight
      })
    await expect.poll(inSight).toBe(true)
    expect(await note.textContent()).toContain('Added 3 × Arcwave Nimbus Wi-Fi 6 Indoor Access Point')
    // The button the rep clicked stays in sight too: only as far as the note needs.
    expect(await page.locator('[data-testid=add-to-basket-button]').evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true)
  })
})
