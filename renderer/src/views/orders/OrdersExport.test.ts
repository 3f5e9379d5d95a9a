// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { appSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/**
 * The orders export when the service fails it: real core (this process), real sandbox (a child
 * process) answering 503 to every read of whole pages (per_page=1000), so the local copy of the
 * orders never completes and the export reads the service, which fails it.
 */
describe('the orders export, failed by the service', () => {
  const suite = appSuite({ sandbox: { products: 20, orders: 12, speed: 0, testMode: true } })

  // It said 'Der Export ist fehlgeschlagen: Injected fault (sandbox test mode)': the service's own English inside the German sentence.
  it('says in German why, the service’s own words quoted under it', async () => {
    inLanguage('de')
    suite.sandbox.control.injectFault({ kind: 'status', status: 503, match: { method: 'GET', path: '^/orders$', query: '(^|&)per_page=1000(&|$)' } })
    const { baseUrl, demo } = suite.sandbox
    const saved = await suite.app.api.connection.save({ name: 'Lager', baseUrl, clientId: demo.clientId, clientSecret: demo.clientSecret, environment: 'staging' })
    if (!saved.ok) throw new Error(saved.error.message)
    await suite.app.api.connection.activate({ id: saved.value.id })

    await suite.mount({ path: '/orders' })
    const exportButton = await waitFor(() => $<HTMLButtonElement>('[data-testid=export-orders]'), 'the orders listed', 20_000)
    exportButton.click()
    const csv = await waitFor(() => $$('.n-dropdown-option').find((o) => o.textContent?.trim() === 'Als CSV exportieren'), 'the formats')
    csv.querySelector<HTMLElement>('.n-dropdown-option-body')!.click()
    const result = await waitFor(() => $('[data-testid=export-result]'), 'the outcome', 30_000)
    expect(result.textContent!.trim()).toBe(
      'Der Export ist fehlgeschlagen: Der Dienst hatte ein Problem und konnte das nicht ausführen: Versuchen Sie es gleich noch einmal. Wenn es wieder passiert, nennen Sie dem Support, was der Dienst gesagt hat.',
    )
    const details = result.parentElement!.querySelector('details')!
    expect(details.querySelector('summary')!.textContent).toBe('Was der Dienst gesagt hat')
    expect(details.querySelector('[data-testid=service-words]')!.textContent).toBe('Injected fault (sandbox test mode)')
  })
})
