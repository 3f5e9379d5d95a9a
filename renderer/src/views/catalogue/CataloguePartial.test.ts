// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { appSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'

/**
 * The catalogue view while the first sync has landed only part of the catalogue: the real core
 * (this process) on a real sandbox whose product pages after the first fail, so the first sync
 * stops with one page of two stored.
 */
describe('catalogue view during a first sync', () => {
  const suite = appSuite({ sandbox: { products: 2000, orders: 0, speed: 0, testMode: true } })

  it('searches the products landed so far and says the answer covers only those, in the view, the quick lookup and the product picker', async () => {
    await suite.sandbox.control.injectFault({ kind: 'status', status: 503, match: { path: '^/products$', query: '(^|&)page=2(&|$)' } })
    try {
      const started = await suite.app.api.connection.startDemo()
      if (!started.ok) throw new Error(started.error.message)
      await waitFor(async () => {
        // Ended, and failed: the 'failed' progress itself shows only while the sync winds down (status
        // reports progress while one runs), too short a moment to poll for on a busy machine.
        const s = await suite.app.api.catalogue.status()
        return s.ok && !s.value.syncing && s.value.lastFailure !== null
      }, 'the first sync to stop after its first page', 30_000)

      await suite.mount({ path: '/catalogue' })
      const notice = await waitFor(() => $('[data-testid=partial-results]')?.textContent, 'the partial-results notice')
      expect(notice).toContain('1,000 of 2,000 products')
      // Descriptions are indexed once every page has landed: the view says a search may miss them.
      expect(notice).toContain('Descriptions are still being indexed')
      // Nor does it say the catalogue was never downloaded.
      expect($('[data-testid=never-synced]')).toBeNull()
      const rows = await waitFor(() => $$('[data-testid=result-row]').length > 0 && $$('[data-testid=result-row]'), 'the landed products')
      const sku = rows[0]!.dataset.sku!

      typeInto($<HTMLInputElement>('[data-testid=catalogue-search]')!, sku)
      await waitFor(() => $(`[data-testid=results][data-query="${sku}"]`), 'the answer for the SKU')
      expect($('[data-testid=result-row]')!.dataset).toMatchObject({ sku, match: 'exact' })
      expect($('[data-testid=partial-results]')?.textContent).toContain('1,000 of 2,000 products')

      // The quick lookup (Ctrl+K) says the same of its answer.
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }))
      const lookup = await waitFor(() => $<HTMLInputElement>('[data-testid=quick-lookup-input]'), 'the quick lookup')
      typeInto(lookup, sku)
      await waitFor(() => $(`[data-testid=quick-lookup][data-answered="${sku}"] [data-testid=quick-lookup-option]`), 'the lookup\'s answer')
      expect($('[data-testid=quick-lookup] [data-testid=partial-results]')?.textContent).toContain('1,000 of 2,000 products')
      suite.mounted.unmount()

      // And so does the line editor's product picker.
      const line = { key: 'old', product: null, product_code: 'RACK-OLD-1', product_name: 'Rack kit', quantity: 4, unmatched: 'unknown' as const }
      const created = await suite.app.api.baskets.create({ doc: { line_items: [line] } })
      if (!created.ok) throw new Error(created.error.message)
      await suite.mount({ path: `/baskets/drafts/${created.value.id}` })
      ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=choose-product-0]'), 'the line without a product')).click()
      const picker = await waitFor(() => $<HTMLInputElement>('[data-testid=product-picker-input]'), 'the picker')
      typeInto(picker, sku)
      await waitFor(() => $(`[data-testid=product-picker][data-answered="${sku}"] [data-testid=product-picker-option]`), 'the picker\'s answer')
      expect($('[data-testid=product-picker] [data-testid=partial-results]')?.textContent).toContain('1,000 of 2,000 products')
    } finally {
      await suite.sandbox.control.clearFaults()
    }
    // Three views on a first sync of 2,000 products: more than the default 30 s on a loaded CI machine.
  }, 90_000)
})

/**
 * The view opened while the service could not be reached (nothing stored: "The catalogue is
 * empty"), then the service back and the first sync landing its first page, the next one slow to
 * come: the rep sees the products landed so far, by their vendors' names, without touching anything.
 */
describe('catalogue view opened before a first sync', () => {
  const suite = appSuite({ sandbox: { products: 2000, orders: 0, speed: 0, testMode: true } })

  it('shows the products as they land, named, not "The catalogue is empty" until the sync ends', async () => {
    const { sandbox, app } = suite
    await sandbox.control.injectFault({ kind: 'latency', ms: 60_000, match: { path: '^/products$', query: '(^|&)page=([2-9]|\\d\\d+)(&|$)' } })
    try {
      await sandbox.control.pause()
      const saved = await app.api.connection.save({ name: 'Head office', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
      if (!saved.ok) throw new Error(saved.error.message)
      await app.api.connection.activate({ id: saved.value.id })
      await suite.mount({ path: '/catalogue' })
      await waitFor(() => $('[data-testid=no-results]') || $('[data-testid=never-synced]'), 'the view with nothing stored')
      expect($$('[data-testid=result-row]')).toHaveLength(0)

      await sandbox.control.resume()
      await app.core.context.connection.probe()
      const rows = await waitFor(() => $$('[data-testid=result-row]').length > 0 && $$('[data-testid=result-row]'), 'the landed products in the list', 20_000)
      expect($('[data-testid=partial-results]')?.textContent).toContain('1,000 of 2,000 products')
      expect(await app.api.catalogue.status().then((s) => s.ok && s.value.syncing)).toBe(true)
      // Named as the service names them, not "Vendor 4", "Type 15".
      const vendor = await waitFor(() => rows[0]!.querySelector('[data-testid=result-vendor]')?.textContent?.match(/^Vendor \d+$/) ? null : rows[0]!.querySelector('[data-testid=result-vendor]')!.textContent, 'the vendor named')
      expect(vendor).not.toMatch(/^Vendor \d+$/)
      expect(rows[0]!.querySelector('[data-testid=result-type]')?.textContent).not.toMatch(/^Type \d+$/)
      // The sync bar says how much has landed, not "Never downloaded" while the products show.
      await waitFor(() => $('[data-testid=prices-as-of]')?.textContent?.includes('Partly downloaded: 1,000 of 2,000 products'), 'the bar saying what has landed')
    } finally {
      await sandbox.control.clearFaults()
    }
  }, 60_000)
})
