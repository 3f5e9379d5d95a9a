// @vitest-environment happy-dom
import { describe, expect, it, onTestFinished } from 'vitest'
import type { ServiceEnvironment } from '../../../../shared/service-environment'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, waitFor } from '../../../../tests/support/renderer/mount-app'

/**
 * Test and live are unmistakable: the first submission from a production profile on this computer
 * asks for an explicit confirmation naming the organisation and the total; demo and staging do not.
 * The real core (this process) and a real sandbox (a child process).
 */
describe('the first order to production', () => {
  const demo = demoAppSuite({ sandbox: { products: 100, orders: 0, speed: 0 } })

  /** A profile of the demo account in the given environment, active. */
  async function profileIn(environment: ServiceEnvironment): Promise<string> {
    const { baseUrl, demo: account } = demo.sandbox
    const saved = await demo.app.api.connection.save({ name: `Head office (${environment})`, baseUrl, clientId: account.clientId, clientSecret: account.clientSecret, environment })
    if (!saved.ok) throw new Error(saved.error.message)
    onTestFinished(async () => void (await demo.app.api.connection.remove({ id: saved.value.id, discardDrafts: true })))
    const active = await demo.app.api.connection.activate({ id: saved.value.id })
    if (!active.ok) throw new Error(active.error.message)
    return saved.value.id
  }

  /** A draft of one licence (nothing ships: no address needed), opened in the editor. */
  async function openDraft(): Promise<{ id: string; submit: HTMLButtonElement }> {
    const line = { key: 'l1', product: 8, product_code: 'LIC-SEC-1Y', product_name: 'Corelink Security Suite Licence 1 Year', quantity: 2 }
    const created = await demo.app.api.baskets.create({ doc: { name: 'Licences', line_items: [line] } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const submit = await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]'), 'the draft')
    return { id: created.value.id, submit }
  }

  const dialog = () => document.querySelector<HTMLElement>('.n-dialog')
  // The newest dialog's button (one closed a moment ago may still be leaving).
  const dialogButton = (text: string) => [...document.querySelectorAll<HTMLButtonElement>('.n-dialog button')].filter((b) => b.textContent?.trim() === text).at(-1)
  const state = () => $('[data-testid=draft-editor]')?.dataset.state
  const outboxQueued = async () => {
    const r = await demo.app.api.baskets.outbox()
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }

  it('asks before the first production order, naming organisation and total, sends nothing until confirmed, then asks no more', async () => {
    const id = await profileIn('production')
    const { id: draftId, submit } = await openDraft()
    expect(submit.textContent).toContain('Submit to Production')
    const total = $('[data-testid=estimate-total]')!.textContent!.trim()

    submit.click()
    const asked = await waitFor(() => dialog(), 'the confirmation')
    expect(asked.textContent).toContain('Place a real order?')
    expect(asked.textContent).toContain('Apex Distribution Partners')
    expect(asked.textContent).toContain(`total ${total}`)
    expect(asked.textContent).toContain(new URL(demo.sandbox.baseUrl).host)
    // Nothing is queued while the rep decides; going back sends nothing.
    expect(state()).toBe('draft')
    dialogButton('Go back')!.click()
    expect(state()).toBe('draft')
    expect(await outboxQueued()).toMatchObject({ queued: 0, sending: 0 })

    // The core refuses it unconfirmed too, whatever asks.
    const direct = await demo.app.api.baskets.submit({ id: draftId })
    expect(direct.ok || direct.error.fields?.production).toBe('confirm')

    submit.click()
    ;(await waitFor(() => dialogButton('Place the real order'), 'the confirmation again')).click()
    await waitFor(() => state() !== 'draft', 'the draft to be sent')
    const profiles = await demo.app.api.connection.list()
    expect(profiles.ok && profiles.value.find((p) => p.id === id)?.productionConfirmed).toBe(true)

    // Remembered for this profile: the next order does not ask.
    demo.mounted.unmount()
    const next = await openDraft()
    next.submit.click()
    await waitFor(() => state() !== 'draft', 'the second draft to be sent without asking')
    expect(dialog()).toBeNull()
  })

  it.each(['staging', 'demo'] as const)('does not ask on a %s profile', async (environment) => {
    await profileIn(environment)
    const { submit } = await openDraft()
    expect(submit.textContent).toContain(environment === 'staging' ? 'Submit to Staging' : 'Submit to Demo')
    submit.click()
    await waitFor(() => state() !== 'draft', 'the draft to be sent')
    expect(dialog()).toBeNull()
  })
})
