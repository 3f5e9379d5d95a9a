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

  it('searches the products landed so far and says the answer covers only those', async () => {
    await suite.sandbox.control.injectFault({ kind: 'status', status: 503, match: { path: '^/products$', query: '(^|&)page=2(&|$)' } })
    try {
      const started = await suite.app.api.connection.startDemo()
      if (!started.ok) throw new Error(started.error.message)
      await waitFor(async () => {
        const s = await suite.app.api.catalogue.status()
        return s.ok && s.value.progress?.phase === 'failed'
      }, 'the first sync to stop after its first page', 30_000)

      await suite.mount({ path: '/catalogue' })
      const notice = await waitFor(() => $('[data-testid=partial-results]')?.textContent, 'the partial-results notice')
      expect(notice).toContain('1,000 of 2,000 products')
      const rows = await waitFor(() => $$('[data-testid=result-row]').length > 0 && $$('[data-testid=result-row]'), 'the landed products')
      const sku = rows[0]!.dataset.sku!

      typeInto($<HTMLInputElement>('[data-testid=catalogue-search]')!, sku)
      await waitFor(() => $(`[data-testid=results][data-query="${sku}"]`), 'the answer for the SKU')
      expect($('[data-testid=result-row]')!.dataset).toMatchObject({ sku, match: 'exact' })
      expect($('[data-testid=partial-results]')?.textContent).toContain('1,000 of 2,000 products')
    } finally {
      await suite.sandbox.control.clearFaults()
    }
  })
})
