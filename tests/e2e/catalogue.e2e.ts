import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueSearchResult, CatalogueStatus, ProductSummary } from '../../shared/ipc/channels/catalogue'
import { launchApp, type AppUnderTest } from './support/app'
import { scan } from './support/scanner'

/**
 * At the counter with the network gone: the catalogue synced earlier answers a barcode scanner
 * (keys a few milliseconds apart, then Enter) and the Ctrl+K quick lookup, from this computer alone.
 */
describe('catalogue: scanning and quick lookup offline', () => {
  let app: AppUnderTest
  let scanned: ProductSummary

  beforeAll(async () => {
    app = await launchApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('syncs, loses the service, then a scanned SKU opens its product and Ctrl+K finds one by name', async () => {
    const { page, sandbox } = app
    await app.startDemo()

    // The first connection starts a sync by itself; make sure it has run to the end.
    await expect.poll(async () => (await app.call<CatalogueStatus>('catalogue.status')).products, { timeout: 60_000 }).toBeGreaterThan(0)
    await app.call('catalogue.sync')

    // A SKU from the sandbox's own data that only one vendor uses (a scan then has one answer).
    const browse = await app.call<CatalogueSearchResult>('catalogue.search', { query: '', sort: '-popularity', offset: 40, limit: 60 })
    for (const p of browse.items) {
      if ((await app.call<ProductSummary[]>('catalogue.lookupSku', { sku: p.product_code })).length === 1) {
        scanned = p
        break
      }
    }
    expect(scanned).toBeDefined()

    await page.goto(`${app.url}#/catalogue`)
    await page.waitForSelector('[data-testid=result-row]')

    await sandbox.control.pause()
    // Ask the service now rather than wait for the next scheduled check: it is gone.
    await app.harness.core.context.connection.probe()
    await page.waitForSelector('[data-testid=connection-state][data-online=false]')
    const offlineNote = await page.waitForSelector('[data-testid=offline-results]')
    expect(await offlineNote.textContent()).toContain('stored on this computer')

    // The scanner: a burst of keys into the search box, then Enter.
    await page.click('[data-testid=catalogue-search]')
    await scan(page, scanned.product_code)
    await page.waitForSelector(`[data-testid=product-page][data-product-id="${scanned.id}"]`)
    expect(await page.textContent('[data-testid=product-sku]')).toBe(scanned.product_code)
    expect(page.url()).toContain(`#/catalogue/products/${scanned.id}`)

    // Quick lookup by part of another product's name: the second match is opened.
    const word = scanned.name.split(' ').find((w) => w.length >= 5) ?? scanned.name.split(' ')[0]!
    await page.keyboard.press('Control+k')
    await page.waitForSelector('[role=dialog][data-testid=quick-lookup]')
    await page.keyboard.type(word.toLowerCase(), { delay: 30 })
    // The answer to the whole word, not to a part typed before it (Enter waits for that answer too).
    await page.waitForSelector(`[data-testid=quick-lookup][data-answered="${word.toLowerCase()}"]`)
    await expect.poll(() => page.locator('[data-testid=quick-lookup-option]').count(), { timeout: 10_000 }).toBeGreaterThan(1)
    await page.keyboard.press('ArrowDown')
    const chosen = page.locator('[data-testid=quick-lookup-option][aria-selected=true]')
    expect(await chosen.getAttribute('id')).toBe('qlp-opt-1')
    const chosenId = await chosen.getAttribute('data-product-id')
    await page.keyboard.press('Enter')
    // The palette closes first: the product page asked for may be the one already on screen.
    await page.waitForSelector('[data-testid=quick-lookup]', { state: 'detached' })
    await page.waitForSelector(`[data-testid=product-page][data-product-id="${chosenId}"]`)

    await sandbox.control.resume()
  })

  it('Shift+Enter in a full quick lookup list says it added the product where the rep is looking, not below the list', async () => {
    const { page } = app
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.keyboard.press('Control+k')
    await page.waitForSelector('[role=dialog][data-testid=quick-lookup]')
    await page.keyboard.type('a', { delay: 30 })
    await page.waitForSelector('[data-testid=quick-lookup][data-answered="a"]')
    await expect.poll(() => page.locator('[data-testid=quick-lookup-option]').count()).toBe(12)
    // How many match in all is in sight too, not below the twelve.
    const count = await page.locator('[data-testid=quick-lookup] .matches__status').evaluate((el) => {
      const box = el.getBoundingClientRect()
      const dialog = el.closest('[role=dialog]')!.getBoundingClientRect()
      return { text: el.textContent!.trim(), inside: box.top >= dialog.top && box.bottom <= dialog.bottom }
    })
    expect(count.text).toMatch(/^First 12 of \d+ products$/)
    expect(count.inside, count.text).toBe(true)
    await page.keyboard.press('Shift+Enter')
    const note = await page.waitForSelector('[data-testid=quick-lookup-added]')
    const seen = await note.evaluate((el) => {
      const box = el.getBoundingClientRect()
      const dialog = el.closest('[role=dialog]')!.getBoundingClientRect()
      return { top: box.top, bottom: box.bottom, dialogTop: dialog.top, dialogBottom: dialog.bottom, viewport: innerHeight }
    })
    expect(seen.top, JSON.stringify(seen)).toBeGreaterThanOrEqual(seen.dialogTop)
    expect(seen.bottom, JSON.stringify(seen)).toBeLessThanOrEqual(Math.min(seen.dialogBottom, seen.viewport))
    await page.keyboard.press('Escape')
  })

  it('no page error happened on the way', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})

/** A rep who reloads the window, or comes back to the catalogue later, finds the search as left. */
describe('catalogue: the search is kept across a reload', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await launchApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows the query typed, and its results, after the page is reloaded', async () => {
    const { page } = app
    await app.startDemo()
    await expect.poll(async () => (await app.call<CatalogueStatus>('catalogue.status')).products, { timeout: 60_000 }).toBeGreaterThan(0)
    const [product] = (await app.call<CatalogueSearchResult>('catalogue.search', { query: '', limit: 1 })).items
    const query = product!.product_code

    await page.goto(`${app.url}#/catalogue`)
    await page.fill('[data-testid=catalogue-search]', query)
    await page.waitForSelector(`[data-testid=results][data-query="${query}"] [data-testid=result-row]`)

    await page.reload()
    await page.waitForSelector(`[data-testid=results][data-query="${query}"] [data-testid=result-row]`)
    expect(await page.inputValue('[data-testid=catalogue-search]')).toBe(query)
    expect(await page.textContent('[data-testid=result-row]')).toContain(query)
    expect(app.pageErrors).toEqual([])
  })
})
