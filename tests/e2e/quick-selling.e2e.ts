import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DraftView } from '../../shared/ipc/channels/baskets'
import type { ProductGroupSummary } from '../../shared/ipc/channels/catalogue'
import type { FavouriteProduct, RecentProduct } from '../../shared/ipc/channels/reorder'
import { SHOWCASE } from '../../electron/sandbox'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * A rep selling from the catalogue at 1366×768 in dark mode: names instead of ids, a typo that
 * still finds, Enter on an exact SKU, "+" from a result row, a related product and a whole product
 * group, then quick re-ordering (recently ordered, a favourite, a template) — the last part offline.
 */
describe('selling from the catalogue and quick re-ordering', () => {
  let app: AppUnderTest
  beforeAll(async () => {
    app = await launchApp({ page: { colorScheme: 'dark' }, sandbox: { orders: 60 }, viewport: { width: 1366, height: 768 } })
  })
  afterAll(async () => {
    await app?.close()
  })

  const current = async () => {
    const list = await app.call<{ currentId: string | null }>('baskets.list')
    return app.call<DraftView>('baskets.get', { id: list.currentId })
  }
  const quantityOf = async (productId: number) => (await current()).doc.line_items.filter((l) => l.product === productId).reduce((n, l) => n + (l.quantity ?? 0), 0)

  it('names vendors, finds a typo, opens an exact SKU on Enter and adds from rows, related products and a group', async () => {
    const { page } = app
    await app.startDemo()
    await expect.poll(async () => (await app.call<{ products: number }>('catalogue.status')).products, { timeout: 60_000 }).toBeGreaterThan(0)
    await app.call('catalogue.sync')
    await page.goto(`${app.url}#/catalogue`)
    await page.waitForSelector('[data-testid=result-row]')

    // Names, not "Vendor 3"; no Match column; the name column is not cut to a sliver.
    await expect.poll(() => page.locator('[data-testid=result-vendor]').first().textContent()).toBe('Arcwave')
    expect(await page.locator('[role=columnheader]').allTextContents()).not.toContain('Match')
    const nameWidth = await page.locator('[data-testid=result-row] [role=cell]').nth(1).evaluate((el) => el.getBoundingClientRect().width)
    expect(nameWidth).toBeGreaterThan(400)

    await page.fill('[data-testid=catalogue-search]', 'swtich')
    await page.waitForSelector('[data-testid=results][data-query=swtich] [data-testid=result-row][data-match=similar]')
    expect(await page.locator('[data-testid=result-row]').first().textContent()).toMatch(/switch/i)
    await page.screenshot({ path: 'out/test-results/quick-selling-typo.png' })

    await page.fill('[data-testid=catalogue-search]', SHOWCASE.router.sku)
    await page.press('[data-testid=catalogue-search]', 'Enter')
    await page.waitForSelector(`[data-testid=product-page][data-product-id="${SHOWCASE.router.id}"]`)

    // The access point's page: its related switch goes in with its own "+".
    await page.goto(`${app.url}#/catalogue/products/${SHOWCASE.accessPoint.id}`)
    await page.click(`[data-testid=related] [data-testid=related-product][data-product-id="${SHOWCASE.switch.id}"] [data-testid=related-add]`)
    await page.waitForSelector('[data-testid=related-added] p')
    expect(await quantityOf(SHOWCASE.switch.id)).toBe(1)

    // A result row's "+".
    await page.goto(`${app.url}#/catalogue`)
    await page.fill('[data-testid=catalogue-search]', SHOWCASE.firewall.sku)
    await page.click(`[data-testid=results][data-query="${SHOWCASE.firewall.sku}"] [data-testid=result-row][data-product-id="${SHOWCASE.firewall.id}"] [data-testid=row-add]`)
    await expect.poll(() => quantityOf(SHOWCASE.firewall.id)).toBe(1)

    // A whole group, 2 of each; groups being prepared are not listed.
    const groups = await app.call<ProductGroupSummary[]>('catalogue.productGroups')
    await page.goto(`${app.url}#/catalogue/groups`)
    await page.waitForSelector('[data-testid=product-group-row]')
    expect(await page.locator('[data-testid=product-group-row]').count()).toBe(groups.filter((g) => g.status === 'LIVE').length)
    const kit = groups.find((g) => g.name === 'Small office networking kit')!
    await page.click(`[data-testid=product-group-row][data-group-id="${kit.id}"] a`)
    await page.fill('[data-testid=group-add-quantity]', '2')
    await page.click('[data-testid=group-add-button]')
    await page.waitForSelector('[data-testid=product-group-page] [data-testid=basket-added] p')
    expect(await quantityOf(SHOWCASE.switch.id)).toBe(3)
    expect(await quantityOf(SHOWCASE.router.id)).toBe(2)
    await page.screenshot({ path: 'out/test-results/quick-selling-group.png' })
  })

  it('reorders quickly offline: recently ordered with last quantities, a favourite, and a template', async () => {
    const { page, sandbox } = app
    // Seen once online, then the service goes away.
    await page.goto(`${app.url}#/catalogue/quick`)
    await page.waitForSelector('[data-testid=recent-product]')
    const recent = await app.call<RecentProduct[]>('reorder.recent')
    await page.goto(`${app.url}#/catalogue/products/${SHOWCASE.phone.id}`)
    await page.click('[data-testid=favourite-toggle][data-favourite=false]')
    await page.waitForSelector('[data-testid=favourite-toggle][data-favourite=true]')

    await sandbox.control.pause()
    await app.harness.core.context.connection.probe()
    await page.waitForSelector('[data-testid=connection-state][data-online=false]')
    sandbox.control.clearRequestLog()

    await page.goto(`${app.url}#/catalogue/quick`)
    await page.waitForSelector('[data-testid=recent-product]')
    expect(await page.locator('[data-testid=recent-product]').count()).toBe(recent.length)
    const first = recent[0]!
    expect(await page.textContent(`[data-testid=recent-product][data-product-id="${first.productId}"] [data-testid=recent-quantity]`)).toBe(String(first.quantity))
    const before = await quantityOf(first.productId)
    await page.click(`[data-testid=recent-product][data-product-id="${first.productId}"] [data-testid=recent-add]`)
    await expect.poll(() => quantityOf(first.productId)).toBe(before + first.quantity)

    const favourites = await app.call<FavouriteProduct[]>('reorder.favourites')
    expect(favourites.map((f) => f.productId)).toEqual([SHOWCASE.phone.id])
    await page.click(`[data-testid=favourite-product][data-product-id="${SHOWCASE.phone.id}"] [data-testid=favourite-add]`)
    await expect.poll(() => quantityOf(SHOWCASE.phone.id)).toBe(1)

    const kept = await current()
    await page.fill('[data-testid=template-name]', 'Branch starter')
    await page.click('[data-testid=template-save-button]')
    await page.click('[data-testid=template]:has-text("Branch starter") [data-testid=template-start]')
    await page.waitForSelector('[data-testid=draft-editor]')
    const started = await current()
    expect(started.id).not.toBe(kept.id)
    expect(started.doc.line_items.map((l) => [l.product, l.quantity])).toEqual(kept.doc.line_items.map((l) => [l.product, l.quantity]))
    await page.goto(`${app.url}#/catalogue/quick`)
    await page.waitForSelector('[data-testid=template]')
    await page.screenshot({ path: 'out/test-results/quick-reorder-offline.png', fullPage: true })
    // Offline means offline: nothing reached the service.
    expect(sandbox.control.requestLog().length).toBe(0)
    await sandbox.control.resume()
  })

  it('no page error happened on the way', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
