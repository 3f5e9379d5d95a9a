// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/** Baskets → Export drafts… / Import drafts…, on the real core (this process) and a real sandbox. */
describe('drafts to and from a file', () => {
  const demo = demoAppSuite({ sandbox: { products: 100, orders: 0, speed: 0 } })

  it('exports the drafts as a file and imports a file as new drafts, saying how many', async () => {
    const api = demo.app.api
    await api.baskets.create({ doc: { name: 'Carried over' } })
    await demo.mount({ path: '/baskets' })
    await waitFor(() => $$('[data-testid=draft-list] tbody tr').length === 1, 'the draft listed')

    // The browser's download: the file's content is the Blob the page hands to it.
    const blobs: Blob[] = []
    const create = URL.createObjectURL
    URL.createObjectURL = (b: Blob) => (blobs.push(b), 'blob:drafts')
    try {
      $<HTMLButtonElement>('[data-testid=export-drafts]')!.click()
      await waitFor(() => $('[data-testid=drafts-file-status]')?.textContent?.includes('One draft saved to wholesale-desk-drafts-'), 'the export message')
    } finally {
      URL.createObjectURL = create
    }
    const text = await blobs[0]!.text()
    expect(JSON.parse(text)).toMatchObject({ format: 'wholesale-desk-drafts', drafts: [{ doc: { name: 'Carried over' } }] })

    const input = $<HTMLInputElement>('[data-testid=import-drafts-file]')!
    Object.defineProperty(input, 'files', { value: [new File([text], 'drafts.json', { type: 'application/json' })], configurable: true })
    input.dispatchEvent(new Event('change'))
    await waitFor(() => $('[data-testid=drafts-file-status]')?.textContent?.includes('One draft imported as a new draft; your other drafts are unchanged.'), 'the import message')
    await waitFor(() => $$('[data-testid=draft-list] tbody tr').length === 2, 'the imported draft listed beside the first')
  })

  it('a file that is not a drafts file shows a clear error and adds nothing', async () => {
    await demo.app.api.baskets.create({ doc: { name: 'Stays alone' } })
    await demo.mount({ path: '/baskets' })
    await waitFor(() => $$('[data-testid=draft-list] tbody tr').length >= 1, 'the drafts listed')
    const before = $$('[data-testid=draft-list] tbody tr').length
    const input = await waitFor(() => $<HTMLInputElement>('[data-testid=import-drafts-file]'), 'the import control')
    Object.defineProperty(input, 'files', { value: [new File(['{"hello":1}'], 'x.json')], configurable: true })
    input.dispatchEvent(new Event('change'))
    await waitFor(() => $('[data-testid=drafts-file] [data-error-code=invalid_input]'), 'the error')
    expect($$('[data-testid=draft-list] tbody tr').length).toBe(before)
    expect($('[data-testid=drafts-file-status]')).toBeNull()
  })

  // It said only 'Einige Eingaben sind ungültig. Prüfen Sie die markierten Felder.', with no field to check, the reason in English under the details.
  it('says in German that a file is not a drafts file', async () => {
    inLanguage('de')
    await demo.mount({ path: '/baskets' })
    const input = await waitFor(() => $<HTMLInputElement>('[data-testid=import-drafts-file]'), 'the import control')
    Object.defineProperty(input, 'files', { value: [new File(['not json'], 'bestellung.csv')], configurable: true })
    input.dispatchEvent(new Event('change'))
    const notice = await waitFor(() => $('[data-testid=drafts-file] [data-error-code=invalid_input]'), 'the error')
    expect(notice.querySelector('.n-alert__header, .n-alert-body__title')!.textContent!.trim()).toBe('Diese Datei ist keine Entwurfsdatei von Wholesale Desk oder sie ist beschädigt: Es wurde nichts importiert.')
  })
})
