// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { TestClient } from '../../../../electron/sandbox/test-client'
import { startSandboxProcess } from '../../../../tests/harness/sandbox-process'
import { demoAppSuite } from '../../testing/app-suite'
import { $, waitFor } from '../../testing/mount-app'

/** The draft editor, on the real core (this process) and real sandboxes (child processes). */

describe('a draft made for another service', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 } })

  it('is not sent on submit but explained, until the user uses it with this service', async () => {
    // A profile of the user's own (the demo profile is one service wherever it runs), on the first service.
    const { baseUrl, demo: account } = demo.sandbox
    const profile = await demo.app.api.connection.save({ name: 'Head office', baseUrl, clientId: account.clientId, clientSecret: account.clientSecret })
    if (!profile.ok) throw new Error(profile.error.message)
    const other = await startSandboxProcess({ products: 50, orders: 0, speed: 0, seed: 7 })
    try {
      await demo.app.api.connection.activate({ id: profile.value.id })
      // A basket on the first service, copied to work on offline.
      const client = new TestClient(demo.sandbox)
      const basket = (await client.post<{ id: number }>('/baskets', { name: 'Warehouse racks', line_items: [{ product: SHOWCASE.phone.id, quantity: 3 }] })).body
      const copy = await demo.app.api.baskets.workOffline({ id: basket.id })
      if (!copy.ok) throw new Error(copy.error.message)

      // The profile is then edited to point at another service.
      const edited = await demo.app.api.connection.save({ id: profile.value.id, name: 'Head office', baseUrl: other.baseUrl, clientId: other.demo.clientId, clientSecret: other.demo.clientSecret })
      if (!edited.ok) throw new Error(edited.error.message)
      const held = { baskets: await other.control.listBasketsRaw(), orders: await other.control.listOrdersRaw() }

      const { i18n } = await demo.mount({ path: `/baskets/drafts/${copy.value.id}` })
      const submit = await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]'), 'the draft')
      expect($('[data-testid=other-service-note]')).toBeNull()

      submit.click()
      const note = await waitFor(() => $('[data-testid=other-service-note]'), 'the other-service notice')
      expect(note.textContent).toContain(baseUrl)
      // Said once: the notice, not also the refusal of the submit.
      expect($('[data-testid=draft-editor] .error-notice')).toBeNull()
      const use = note.querySelector<HTMLButtonElement>('[data-testid=use-with-service]')
      expect(use, 'the "Use with this service" button').not.toBeNull()
      expect(use!.textContent).toContain(i18n.global.t('baskets.editor.useWithService'))
      expect($('[data-testid=draft-editor]')?.dataset.state).toBe('draft')
      expect({ baskets: await other.control.listBasketsRaw(), orders: await other.control.listOrdersRaw() }).toEqual(held)

      use!.click()
      await waitFor(() => !$('[data-testid=other-service-note]'), 'the notice to go')
      expect($('[data-testid=draft-editor]')?.dataset.state).toBe('draft')
      // The organisation was the other service's: the user is told to choose it again, on its field too.
      const rechoose = await waitFor(() => $('[data-testid=rechoose-note]'), 'what is to be chosen again')
      expect(rechoose.textContent).toContain(i18n.global.t('baskets.rechoose.organisation'))
      const organisation = $<HTMLSelectElement>('[data-testid=draft-organisation]')!
      expect(organisation.value).toBe('')
      expect(organisation.getAttribute('aria-invalid')).toBe('true')
      expect({ baskets: await other.control.listBasketsRaw(), orders: await other.control.listOrdersRaw() }).toEqual(held)
    } finally {
      await demo.app.api.connection.remove({ id: profile.value.id, discardDrafts: true })
      await other.close()
    }
  })
})
