import type { Page } from 'playwright-core'
import type { Product } from '../../../shared/api'
import { TestClient } from '../../support/sandbox/test-client'
import type { AppUnderTest } from './app'

/**
 * Products a line takes as they are (no rate plan to choose, no options), as the service lists them;
 * with `uniqueSku`, only those whose SKU no other vendor shares (a scan of it finds one product).
 */
export async function plainProducts(app: Pick<AppUnderTest, 'sandbox'>, opts: { uniqueSku?: boolean } = {}): Promise<Product[]> {
  const all = (await new TestClient(app.sandbox).call<Product[]>('GET', '/products', { query: { per_page: 1000 } })).body
  const bySku = new Map<string, number>()
  for (const p of all) bySku.set(p.product_code.toLowerCase(), (bySku.get(p.product_code.toLowerCase()) ?? 0) + 1)
  return all.filter((p) => !p.subscription_type && !p.rate_plans.length && (!opts.uniqueSku || bySku.get(p.product_code.toLowerCase()) === 1))
}

/** A SKU typed into the draft editor's entry and Enter pressed, as a scanner does; resolves once its line is shown. */
export async function scanIntoDraft(page: Page, sku: string): Promise<void> {
  await page.fill('[data-testid=sku-input]', sku)
  await page.press('[data-testid=sku-input]', 'Enter')
  await page.waitForSelector(`[data-testid=lines] tr[data-sku="${sku}"]`)
}

/** The draft editor on a new draft, from the baskets page. */
export async function openNewDraft(app: Pick<AppUnderTest, 'page' | 'url'>): Promise<void> {
  await app.page.goto(`${app.url}#/baskets`)
  await app.page.click('[data-testid=new-draft]')
  await app.page.waitForSelector('[data-testid=draft-editor]')
}

/**
 * In the draft editor: a line whose SKU the catalogue does not know, pasted in, and its product
 * picker opened; resolves once the picker has the focus (searching for that SKU, selected).
 */
export async function openPickerForUnknownSku(page: Page, sku: string): Promise<void> {
  await page.click('[data-testid=open-import]')
  await page.fill('[data-testid=import-text]', `${sku}\t2`)
  await page.click('[data-testid=import-preview]')
  await page.click('[data-testid=import-include-unknown]')
  await page.click('[data-testid=import-add]')
  await page.click('[data-testid=choose-product-0]')
  await page.waitForSelector('[data-testid=product-picker-input]:focus')
}
