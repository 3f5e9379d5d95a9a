// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $$, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'
import { submittedAndFailed } from '../../../../tests/support/renderer/drafts'

/**
 * A basket the app held back before sending (its shipping type no longer delivers to its address's
 * country), as the baskets list and the outbox show it: on the real core and a real sandbox.
 */
describe('a basket held back for its shipping type, in the lists', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0, testMode: true }, sync: true })
  /** Shipping type 1 (UK Standard Next Day Delivery) delivers to the United Kingdom only. */
  const UK_ONLY = 1

  /**
   * A draft shipped by UK_ONLY to the United Kingdom, sent: its basket created, the next write asked
   * to come back in an hour (the service answering, so the app stays online and waits). Meanwhile
   * the type moves to Ireland, the app reads the lists again, and Retry sends it now.
   */
  async function heldBackDraft(name: string): Promise<string> {
    const api = demo.app.api
    const reference = await api.baskets.referenceData({})
    if (!reference.ok) throw new Error(reference.error.message)
    const uk = reference.value.countries.find((c) => c.iso_code === 'GB')!
    const created = await api.baskets.create({ doc: { name, shipping_type: UK_ONLY, shipping_address: { ...reference.value.addresses[0]!, country_code: uk.id } } })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.value.id
    const added = await api.baskets.addLine({ draftId: id, productId: SHOWCASE.phone.id, quantity: 2 })
    if (!added.ok) throw new Error(added.error.message)
    demo.sandbox.control.injectFault({ kind: 'status', status: 429, retryAfterSeconds: 3600, times: 1, match: { method: 'PUT', path: '^/baskets/' } })
    await submittedAndFailed(api, id, 'the attempt asked to wait')
    demo.sandbox.control.setShippingCountries(UK_ONLY, [2], false)
    await waitFor(async () => {
      const lists = await api.baskets.referenceData({})
      return lists.ok && lists.value.fresh && lists.value.shippingTypes.find((s) => s.id === UK_ONLY)?.countries?.includes(2)
    }, 'the new lists')
    const retried = await api.baskets.retry({ id })
    if (!retried.ok) throw new Error(retried.error.message)
    await waitFor(async () => {
      const view = await api.baskets.get({ id })
      return view.ok && view.value.state === 'rejected' && view.value.error?.code === 'shipping_type'
    }, 'the draft held back')
    return id
  }

  /** What an element says outside its folded technical details. */
  const shownText = (el: HTMLElement) =>
    [...el.childNodes]
      .filter((n) => n.nodeName !== 'DETAILS')
      .map((n) => n.textContent)
      .join('')
      .trim()

  // Both said the core's English "UK Standard Next Day Delivery does not deliver to United Kingdom: choose another shipping type."
  it('says in the rep’s language (German) that it was not sent, on the baskets list and in the outbox, the core’s English folded away', async () => {
    inLanguage('de')
    try {
      await heldBackDraft('Zurückgehaltener Korb')
      const english = 'does not deliver to'
      const heldBack = 'Nicht gesendet: Die Versandart liefert nicht mehr in das Land der Adresse.'

      const list = await demo.mount({ path: '/baskets' })
      const row = await waitFor(() => $$('[data-testid=draft-row]').find((r) => r.textContent?.includes('Zurückgehaltener Korb')), 'the held-back draft')
      const said = row.querySelector<HTMLElement>('.baskets__error')!
      expect(shownText(said)).toBe(heldBack)
      expect(said.querySelector('details summary')!.textContent).toBe('Technische Details (auf Englisch)')
      list.unmount()

      await demo.mount({ path: '/baskets/outbox' })
      const queued = await waitFor(() => $$('[data-testid=queue-row]').find((r) => r.textContent?.includes('Zurückgehaltener Korb')), 'the held-back basket')
      const cell = queued.querySelector<HTMLElement>('[data-testid=queue-error]')!
      expect(shownText(cell)).toBe(heldBack)
      const details = cell.querySelector('details')!
      expect(details.querySelector('summary')!.textContent).toBe('Technische Details (auf Englisch)')
      expect(details.textContent).toContain(english)
    } finally {
      demo.sandbox.control.setShippingCountries(UK_ONLY, [1], false)
    }
  })
})
