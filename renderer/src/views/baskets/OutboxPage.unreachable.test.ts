// @vitest-environment happy-dom
import { describe, expect, it, onTestFinished } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { sendableDraft, submittedAndFailed, attemptFailed } from '../../../../tests/support/renderer/drafts'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/** The outbox (queue) view while the service cannot be reached, on the real core and a real sandbox that stops answering. */
describe('the outbox while the service cannot be reached', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0, testMode: true }, sync: true })

  /** A sendable draft submitted while the service is away (back after the test), its attempt failed, and the outbox shown. */
  async function queuedWhileAway(name: string): Promise<string> {
    const id = await sendableDraft(demo.app.api, name)
    await demo.sandbox.control.pause()
    onTestFinished(() => demo.sandbox.control.resume())
    await demo.app.core.context.connection.probe()
    await submittedAndFailed(demo.app.api, id)
    await demo.mount({ path: '/baskets/outbox' })
    return id
  }

  it('says in the rep\u2019s language (Italian) that a basket waits for the service, not the core\u2019s English "cannot be reached (ECONNREFUSED)"', async () => {
    inLanguage('it')
    await queuedWhileAway('Ordine del treno')
    const row = await waitFor(() => $$('[data-testid=queue-row]').find((r) => r.textContent?.includes('Ordine del treno')), 'the queued basket')
    const said = row.querySelector('[data-testid=queue-error]')!.textContent!.trim()
    expect(said).toBe('In attesa che il servizio sia raggiungibile.')
  })

  it('says in the row when Retry tried a basket again (German here), as a failed attempt leaves the row as it was', async () => {
    inLanguage('de')
    const id = await queuedWhileAway('Zugfahrt')
    const row = () => $$('[data-testid=queue-row]').find((r) => r.textContent?.includes('Zugfahrt'))
    await waitFor(row, 'the queued basket')
    const cell = () => row()!.querySelector<HTMLElement>('[data-testid=queue-error]')!.textContent!.trim()
    expect(cell()).toBe('Wartet, bis der Dienst erreichbar ist.')
    row()!.querySelector<HTMLButtonElement>('[data-testid=queue-retry]')!.click()
    const tried = await waitFor(() => row()?.querySelector('[data-testid=queue-tried]')?.textContent?.trim() || null, 'the retry said in the row')
    expect(tried).toMatch(/^Erneut versucht um \d{2}:\d{2}\.$/)
    expect(row()!.querySelector('[data-testid=queue-tried]')!.getAttribute('role')).toBe('status')
    // The attempt failed as the service is still away: the row says both.
    await attemptFailed(demo.app.api, id, 'the retried attempt failed')
    await waitFor(() => row()?.dataset.state === 'queued' || null, 'the row queued again')
    expect(cell()).toBe(`Wartet, bis der Dienst erreichbar ist. ${tried}`)
  })

  // The row and the draft read "Ultimo tentativo fallito: Injected fault (sandbox test mode). L’app continua a provare.": the service's English in an Italian sentence.
  it('says in the rep\u2019s language (Italian) that an attempt the service answered with an error failed, the service\u2019s words quoted under it', async () => {
    inLanguage('it')
    const id = await sendableDraft(demo.app.api, 'Ordine del furgone')
    demo.sandbox.control.injectFault({ kind: 'status', status: 500, match: { method: 'POST' } })
    try {
      await submittedAndFailed(demo.app.api, id)
      // The sandbox's reason for its 500, in English as a service's would be.
      const english = 'Injected fault'

      const outbox = await demo.mount({ path: '/baskets/outbox' })
      const row = await waitFor(() => $$('[data-testid=queue-row]').find((r) => r.textContent?.includes('Ordine del furgone')), 'the queued basket')
      const cell = row.querySelector<HTMLElement>('[data-testid=queue-error]')!
      expect(cell.firstChild!.textContent!.trim()).toBe('Ultimo tentativo fallito; l’app continua a provare.')
      const details = cell.querySelector('details')!
      // The service's words, whatever language it writes: not said to be English.
      expect(details.querySelector('summary')!.textContent).toBe('Cosa ha risposto il servizio')
      expect(details.textContent).toContain(english)
      outbox.unmount()

      await demo.mount({ path: `/baskets/drafts/${id}` })
      const why = await waitFor(() => $('[data-testid=queued-why]'), 'why it has not gone yet')
      expect(why.querySelector('p')!.textContent).toBe('Ultimo tentativo fallito; l’app continua a provare.')
      expect(why.querySelector('details')!.textContent).toContain(english)
    } finally {
      demo.sandbox.control.clearFaults()
    }
  })
})
