// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/**
 * A basket the service refused (HTTP 422, a line's product code it does not know), as the draft
 * editor, the baskets list and the outbox show it: on the real core and a real sandbox.
 */
describe('a basket the service refused', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0, testMode: true }, sync: true })

  async function refusedDraft(name: string): Promise<string> {
    const api = demo.app.api
    const reference = await api.baskets.referenceData({})
    if (!reference.ok) throw new Error(reference.error.message)
    const created = await api.baskets.create({ doc: { name, shipping_type: 7, shipping_address: reference.value.addresses[0]! } })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.value.id
    const added = await api.baskets.addLine({ draftId: id, productId: SHOWCASE.phone.id, quantity: 2 })
    if (!added.ok) throw new Error(added.error.message)
    // A code the catalogue here does not know: the core sends it as typed, and the service refuses it.
    const imported = await api.baskets.importLines({ id, rows: [{ sku: 'NO-SUCH-SKU-9', quantity: 1 }] })
    if (!imported.ok) throw new Error(imported.error.message)
    const submitted = await api.baskets.submit({ id })
    if (!submitted.ok) throw new Error(submitted.error.message)
    await waitFor(async () => {
      const view = await api.baskets.get({ id })
      return view.ok && view.value.state === 'rejected'
    }, 'the draft refused')
    return id
  }

  /** What an element says outside its folded details (a template's comments are not said). */
  const shownText = (el: HTMLElement) =>
    [...el.childNodes]
      .filter((n) => n.nodeName !== 'DETAILS' && n.nodeType !== Node.COMMENT_NODE)
      .map((n) => n.textContent)
      .join('')
      .trim()

  // All three said the service's bare English: 'Der Dienst hat diesen Warenkorb abgelehnt: The request is not valid' in the editor, 'The request is not valid' in both lists.
  it('says in German what happened and what to do, in the editor, on the baskets list and in the outbox, the service’s own words quoted under it', async () => {
    inLanguage('de')
    const id = await refusedDraft('Abgelehnter Korb')
    const said = 'Der Dienst hat diesen Warenkorb abgelehnt, weil einige Angaben nicht passen: Korrigieren Sie die markierten Felder und senden Sie ihn erneut.'
    const serviceWords = 'The request is not valid'
    const quoted = (el: HTMLElement) => {
      const details = el.querySelector('details')!
      expect(details.querySelector('summary')!.textContent).toBe('Was der Dienst gesagt hat')
      expect(details.querySelector('[data-testid=service-words]')!.textContent).toBe(serviceWords)
    }

    const editor = await demo.mount({ path: `/baskets/drafts/${id}` })
    const note = await waitFor(() => $('[data-testid=rejected-note]'), 'the refusal in the editor')
    expect(shownText(note)).toBe(said)
    quoted(note)
    // The field the service named still carries its words.
    expect(document.body.textContent).toContain('NO-SUCH-SKU-9')
    editor.unmount()

    const list = await demo.mount({ path: '/baskets' })
    const row = await waitFor(() => $$('[data-testid=draft-row]').find((r) => r.textContent?.includes('Abgelehnter Korb')), 'the refused draft')
    const cell = row.querySelector<HTMLElement>('.baskets__error')!
    expect(shownText(cell)).toBe(said)
    quoted(cell)
    list.unmount()

    await demo.mount({ path: '/baskets/outbox' })
    const queued = await waitFor(() => $$('[data-testid=queue-row]').find((r) => r.textContent?.includes('Abgelehnter Korb')), 'the refused basket')
    const error = queued.querySelector<HTMLElement>('[data-testid=queue-error]')!
    expect(shownText(error)).toBe(said)
    quoted(error)
  })

  // The fold said 'Technische Details (auf Englisch)' over the service's words, which need not be English.
  it('quotes in the editor and the outbox what the service said when an attempt failed and the app keeps trying (German)', async () => {
    inLanguage('de')
    const api = demo.app.api
    const reference = await api.baskets.referenceData({})
    if (!reference.ok) throw new Error(reference.error.message)
    const created = await api.baskets.create({ doc: { name: 'Wartender Korb', shipping_type: 7, shipping_address: reference.value.addresses[0]! } })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.value.id
    const added = await api.baskets.addLine({ draftId: id, productId: SHOWCASE.phone.id, quantity: 1 })
    if (!added.ok) throw new Error(added.error.message)
    // The service answers the basket's creation with trouble for a while (503): the app waits and tries again.
    demo.sandbox.control.injectFault({ kind: 'status', status: 503, match: { method: 'POST', path: '^/baskets$' } })
    try {
      const submitted = await api.baskets.submit({ id })
      if (!submitted.ok) throw new Error(submitted.error.message)
      await waitFor(async () => {
        const view = await api.baskets.get({ id })
        return view.ok && view.value.state === 'queued' && view.value.error?.refusal?.kind === 'server_error'
      }, 'the attempt failed')

      const editor = await demo.mount({ path: `/baskets/drafts/${id}` })
      const why = await waitFor(() => $('[data-testid=queued-why]'), 'why it has not gone yet')
      expect(why.querySelector('p')!.textContent).toBe('Letzter Versuch fehlgeschlagen; die App versucht es weiter.')
      expect(why.querySelector('details summary')!.textContent).toBe('Was der Dienst gesagt hat')
      expect(why.querySelector('[data-testid=service-words]')!.textContent).toBe('Injected fault (sandbox test mode)')
      editor.unmount()

      await demo.mount({ path: '/baskets/outbox' })
      const row = await waitFor(() => $$('[data-testid=queue-row]').find((r) => r.textContent?.includes('Wartender Korb')), 'the waiting basket')
      const cell = row.querySelector<HTMLElement>('[data-testid=queue-error]')!
      expect(shownText(cell)).toBe('Letzter Versuch fehlgeschlagen; die App versucht es weiter.')
      expect(cell.querySelector('details summary')!.textContent).toBe('Was der Dienst gesagt hat')
    } finally {
      demo.sandbox.control.clearFaults()
    }
  })
})
