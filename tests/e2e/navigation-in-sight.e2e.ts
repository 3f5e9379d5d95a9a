import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * A long page scrolled to its end in a 1280×800 window: the header and the navigation stay where
 * they are, only the page scrolls, and a rep reaches another page with one click at once.
 */
describe('the navigation on a long page', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await launchApp({ viewport: { width: 1280, height: 800 } })
    await app.startDemo()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('stays in sight and clickable with a long order scrolled to its end', async () => {
    const { page } = app
    // The order with the most lines: its page is taller than the window.
    const longest = app.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT').sort((a, b) => b.line_items.length - a.line_items.length)[0]!
    await page.goto(`${app.url}#/orders/${longest.id}`)
    await page.locator('[data-testid=order-lines] li').first().waitFor()
    const main = page.locator('main')
    // Scrolled as a rep does, with the wheel over the page, until it goes no further.
    await page.mouse.move(800, 500)
    let before = -1
    let scrolled = 0
    while (scrolled !== before) {
      before = scrolled
      await page.mouse.wheel(0, 2000)
      await page.waitForTimeout(150)
      scrolled = await main.evaluate((el) => Math.max(el.scrollTop, document.scrollingElement!.scrollTop))
    }
    // The page was longer than the window: something scrolled.
    expect(scrolled).toBeGreaterThan(100)

    const links = page.locator('nav[aria-label] a')
    expect(await links.count()).toBeGreaterThanOrEqual(4)
    const hidden = await links.evaluateAll((all) =>
      all.flatMap((a) => {
        const r = a.getBoundingClientRect()
        const inWindow = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0
        // Drawn on top where a click lands: nothing of the page over it.
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
        return inWindow && top && a.contains(top) ? [] : [a.textContent!.trim()]
      }),
    )
    expect(hidden).toEqual([])
    const header = await page.locator('header').first().boundingBox()
    expect(header?.y).toBe(0)

    // A click where the link is shown (not a click that first scrolls it into sight) opens its page.
    const catalogue = (await page.locator('nav[aria-label] a[href="#/catalogue"]').boundingBox())!
    await page.mouse.click(catalogue.x + catalogue.width / 2, catalogue.y + catalogue.height / 2)
    await page.waitForSelector('[data-testid=catalogue-page]')
  })

  it('scrolls the page with the keyboard from the start, before anything is clicked', async () => {
    const { page } = app
    const longest = app.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT').sort((a, b) => b.line_items.length - a.line_items.length)[0]!
    await page.goto(`${app.url}#/orders/${longest.id}`)
    // The app starts on that page: nothing clicked, nothing typed yet.
    await page.reload()
    await page.locator('[data-testid=order-lines] li').first().waitFor()
    const main = page.locator('main')
    const scrolled = () => main.evaluate((el) => el.scrollTop)
    expect(await scrolled()).toBe(0)
    await page.keyboard.press('PageDown')
    await expect.poll(scrolled).toBeGreaterThan(100)
    await page.keyboard.press('End')
    await expect.poll(async () => main.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop)).toBeLessThan(2)
  })

  it('had no page errors', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
