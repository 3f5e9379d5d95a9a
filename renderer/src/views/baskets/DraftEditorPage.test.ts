// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { nextTick } from 'vue'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { TestClient } from '../../../../tests/support/sandbox/test-client'
import { startSandboxProcess, type SandboxProcess } from '../../../../tests/harness/sandbox-process'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { sendableDraft as sendableDraftIn, workingOffline } from '../../../../tests/support/renderer/drafts'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'
import { LANGUAGES } from '../../i18n/languages'
import { usePreferencesStore } from '../../stores/preferences'
import { chooseOption, optionsOf } from '../../../../tests/support/renderer/naive-select'
import { VENDORS } from '../../../../electron/sandbox/seed/reference-data'

const inGerman = () => inLanguage('de')

/**
 * Opens "Paste or import lines" on the draft shown, pastes `lines` and checks them: the preview's
 * rows, each as its SKU, quantity and result read.
 */
async function previewPasted(lines: string[]): Promise<string[][]> {
  ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=open-import]'), 'the import button')).click()
  const box = await waitFor(() => $<HTMLTextAreaElement>('[data-testid=import-text]'), 'the paste box')
  typeInto(box as unknown as HTMLInputElement, lines.join('\n'))
  await waitFor(() => !$<HTMLButtonElement>('[data-testid=import-preview]')?.disabled, 'the preview button')
  $<HTMLButtonElement>('[data-testid=import-preview]')!.click()
  await waitFor(() => $('[data-testid=import-preview-table]'), 'the preview')
  return $$('[data-testid=import-preview-table] tbody tr').map((r) => [...r.children].slice(1).map((c) => c.textContent!.trim()))
}

/** The draft editor, on the real core (this process) and real sandboxes (child processes). */

describe('a draft made for another service', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 } })

  /**
   * A draft copied from a basket on the first service, under a profile of the user's own (the demo
   * profile is one service wherever it runs) that is then edited to point at another service,
   * whose catalogue is synced here.
   */
  async function draftOfAnotherService(): Promise<{ id: string; other: SandboxProcess }> {
    const { baseUrl, demo: account } = demo.sandbox
    const profile = await demo.app.api.connection.save({ name: 'Head office', baseUrl, clientId: account.clientId, clientSecret: account.clientSecret })
    if (!profile.ok) throw new Error(profile.error.message)
    const other = await startSandboxProcess({ products: 50, orders: 0, speed: 0, seed: 7 })
    onTestFinished(async () => {
      await demo.app.api.connection.remove({ id: profile.value.id, discardDrafts: true })
      await other.close()
    })
    await demo.app.api.connection.activate({ id: profile.value.id })
    const client = new TestClient(demo.sandbox)
    const basket = (await client.post<{ id: number }>('/baskets', { name: 'Warehouse racks', line_items: [{ product: SHOWCASE.phone.id, quantity: 3 }] })).body
    const copy = await demo.app.api.baskets.workOffline({ id: basket.id })
    if (!copy.ok) throw new Error(copy.error.message)

    const edited = await demo.app.api.connection.save({ id: profile.value.id, name: 'Head office', baseUrl: other.baseUrl, clientId: other.demo.clientId, clientSecret: other.demo.clientSecret })
    if (!edited.ok) throw new Error(edited.error.message)
    // (A sync under way when the profile changed ends cancelled: sync until one completes.)
    await waitFor(async () => {
      const synced = await demo.app.api.catalogue.sync()
      return synced.ok && synced.value.outcome === 'completed'
    }, 'the other service’s catalogue on this computer', 20_000)
    return { id: copy.value.id, other }
  }

  it('is not sent on submit but explained, until the user uses it with this service', async () => {
    const { id, other } = await draftOfAnotherService()
    const held = { baskets: await other.control.listBasketsRaw(), orders: await other.control.listOrdersRaw() }

    const { i18n } = await demo.mount({ path: `/baskets/drafts/${id}` })
    const submit = await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]'), 'the draft')
    expect($('[data-testid=other-service-note]')).toBeNull()

    submit.click()
    const note = await waitFor(() => $('[data-testid=other-service-note]'), 'the other-service notice')
    expect(note.textContent).toContain(demo.sandbox.baseUrl)
    // Said once: the notice, not also the refusal of the submit.
    expect($('[data-testid=draft-editor] .error-notice')).toBeNull()
    const use = note.querySelector<HTMLButtonElement>('[data-testid=use-with-service]')
    expect(use, 'the "Use with this service" button').not.toBeNull()
    expect(use!.textContent).toContain(i18n.global.t('baskets.editor.useWithService'))
    expect($('[data-testid=draft-editor]')?.dataset.state).toBe('draft')
    expect({ baskets: await other.control.listBasketsRaw(), orders: await other.control.listOrdersRaw() }).toEqual(held)

    // The live region that will say what is to be chosen again is there, empty, before it says it
    // (one inserted together with its text is often not announced).
    const rechoose = $('[data-testid=rechoose-note]')
    expect(rechoose?.getAttribute('role')).toBe('status')
    expect(rechoose!.textContent!.trim()).toBe('')

    use!.click()
    await waitFor(() => !$('[data-testid=other-service-note]'), 'the notice to go')
    expect($('[data-testid=draft-editor]')?.dataset.state).toBe('draft')
    // The organisation was the other service's: the user is told to choose it again, on its field too.
    const organisationItem = i18n.global.t('baskets.rechoose.organisation')
    await waitFor(() => rechoose!.textContent!.includes(organisationItem), 'what is to be chosen again')
    expect($('[data-testid=rechoose-note]')).toBe(rechoose)
    const organisation = $<HTMLInputElement>('[data-testid=draft-organisation]')!
    expect(organisation.closest<HTMLElement>('[data-value]')!.dataset.value).toBe('')
    expect(organisation.getAttribute('aria-invalid')).toBe('true')
    expect({ baskets: await other.control.listBasketsRaw(), orders: await other.control.listOrdersRaw() }).toEqual(held)

    // Chosen: nothing is left to choose, and the note goes (its live region stays for next time).
    const theirs = String(other.demo.organisationId)
    await waitFor(async () => (await optionsOf(organisation)).some((o) => o.value === theirs), 'the other service’s organisations')
    await chooseOption(organisation, { value: theirs })
    await waitFor(() => organisation.getAttribute('aria-invalid') === 'false', 'the organisation, chosen')
    await waitFor(() => rechoose!.textContent!.trim() === '', 'the note to go')
    expect($('[data-testid=rechoose-note]')).toBe(rechoose)
  })

  it('closes the note of what is to be chosen again on request, leaving the fields marked', async () => {
    const { id } = await draftOfAnotherService()
    const { i18n } = await demo.mount({ path: `/baskets/drafts/${id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]'), 'the draft')).click()
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=use-with-service]'), 'the other-service notice')).click()
    const rechoose = $('[data-testid=rechoose-note]')!
    await waitFor(() => rechoose.textContent!.includes(i18n.global.t('baskets.rechoose.organisation')), 'what is to be chosen again')

    const close = $<HTMLButtonElement>('[data-testid=rechoose-close]')!
    expect(close.textContent).toContain(i18n.global.t('baskets.rechoose.close'))
    close.click()
    await waitFor(() => rechoose.textContent!.trim() === '', 'the note to close')
    expect($('[data-testid=rechoose-note]')).toBe(rechoose)
    // Focus goes to what the note was about, not to the page.
    const organisation = $<HTMLInputElement>('[data-testid=draft-organisation]')!
    expect(organisation.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => document.activeElement === organisation, 'focus on the field still to choose')
  })
  it('says in the user\'s language (German here) that the organisation is to be chosen', async () => {
    const { id } = await draftOfAnotherService()
    inGerman()
    await demo.mount({ path: `/baskets/drafts/${id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]'), 'the draft')).click()
    const use = await waitFor(() => $<HTMLButtonElement>('[data-testid=use-with-service]'), 'the other-service notice')
    use.click()
    const error = await waitFor(() => $('#draft-organisation-error'), 'the organisation marked')
    expect(error.textContent).toBe('Wählen Sie die Organisation, für die dieser Warenkorb ist')
  })
})

describe('a line without a product', () => {
  const demo = demoAppSuite({ sandbox: { products: 100, orders: 0, speed: 0 }, sync: true })
  const input = () => $<HTMLInputElement>('[data-testid=product-picker-input]')
  const options = () => $$('[data-testid=product-picker-option]')

  async function press(key: string): Promise<void> {
    ;(document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
    await nextTick()
    await nextTick()
  }

  /** A draft whose one line has a SKU the catalogue here does not know, opened in the editor. */
  async function openDraftWithUnknownSku(): Promise<{ id: string; i18n: Awaited<ReturnType<typeof demo.mount>>['i18n'] }> {
    const line = { key: 'old', product: null, product_code: 'RACK-OLD-1', product_name: 'Rack kit', quantity: 4, unmatched: 'unknown' as const }
    const created = await demo.app.api.baskets.create({ doc: { line_items: [line] } })
    if (!created.ok) throw new Error(created.error.message)
    const { i18n } = await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    await waitFor(() => $('[data-testid=line-0] [data-field-error]'), 'the line, marked')
    return { id: created.value.id, i18n }
  }

  it('marks a line\'s fields in the user\'s language (German here): a missing quantity, a SKU not in the catalogue', async () => {
    inGerman()
    const lines = [
      { key: 'phone', product: SHOWCASE.phone.id, product_code: SHOWCASE.phone.sku, quantity: null },
      { key: 'old', product: null, product_code: 'RACK-OLD-1', product_name: 'Rack kit', quantity: 4, unmatched: 'unknown' as const },
    ]
    const created = await demo.app.api.baskets.create({ doc: { line_items: lines } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const quantity = await waitFor(() => $('#qty-phone-error'), 'the quantity marked')
    expect(quantity.textContent).toBe('Mindestens 1')
    expect($('[data-testid=line-1] [data-field-error]')?.textContent).toContain('Nicht im Katalog dieses Dienstes: wählen Sie sein Produkt')
  })

  it('gets one chosen in place with the keyboard: the line shows it, its quantity as it was', async () => {
    const { id, i18n } = await openDraftWithUnknownSku()
    const choose = $<HTMLButtonElement>('[data-testid=choose-product-0]')!
    expect(choose.textContent).toContain(i18n.global.t('baskets.lines.chooseProduct'))
    choose.click()
    await waitFor(() => document.activeElement === input(), 'focus in the picker')
    expect(input()!.value).toBe('RACK-OLD-1')
    const picker = $('[data-testid=product-picker]')!
    expect(document.getElementById(picker.getAttribute('aria-labelledby')!)?.textContent).toContain('RACK-OLD-1')
    expect(document.querySelector(`label[for="${input()!.id}"]`)?.textContent).toBe(i18n.global.t('baskets.picker.label'))

    // The SKU is two vendors' product here: both show, each with its vendor.
    typeInto(input()!, SHOWCASE.ambiguousSku)
    await waitFor(() => options().filter((o) => SHOWCASE.ambiguousIds.map(String).includes(o.dataset.productId!)).length === 2, 'both products of the SKU')
    expect($('[role=listbox]')!.getAttribute('aria-label')).toBe(i18n.global.t('baskets.picker.results'))
    const target = String(SHOWCASE.ambiguousIds[1])
    for (let n = 0; options().find((o) => o.getAttribute('aria-selected') === 'true')?.dataset.productId !== target && n < options().length; n++) await press('ArrowDown')
    const chosen = options().find((o) => o.getAttribute('aria-selected') === 'true')!
    expect(chosen.dataset.productId).toBe(target)
    expect(input()!.getAttribute('aria-activedescendant')).toBe(chosen.id)
    expect(chosen.textContent).toContain('Gridstone Universal Rack Mount Kit')
    // Its vendor tells it from the other product of the SKU: by name once the catalogue's facets
    // carry the service's vendor names, "Vendor 7" until then (the names may land either side of this).
    const vendor = chosen.querySelector('.matches__meta')!.textContent!.split(' · ')[0]!.trim()
    expect([VENDORS[6], i18n.global.t('catalogue.facets.vendor', { id: 7 })]).toContain(vendor)

    await press('Enter')
    await waitFor(() => !$('[data-testid=product-picker]'), 'the picker to close')
    await waitFor(() => $('[data-testid=save-state]')?.textContent === i18n.global.t('baskets.editor.saved') && $('[data-testid=line-0]')?.textContent?.includes('Gridstone Universal Rack Mount Kit'), 'the line with its product, saved')
    const row = $('[data-testid=line-0]')!
    expect(document.activeElement).toBe(row)
    expect($<HTMLInputElement>('[data-testid=line-qty-0]')!.value).toBe('4')
    expect(row.querySelector('[data-field-error]')).toBeNull()
    expect($('[data-testid=choose-product-0]')).toBeNull()
    expect($('[data-testid=draft-editor] .error-notice')).toBeNull()
    const saved = await demo.app.api.baskets.get({ id })
    if (!saved.ok) throw new Error(saved.error.message)
    expect(saved.value.doc.line_items[0]).toMatchObject({ key: 'old', product: SHOWCASE.ambiguousIds[1], product_code: SHOWCASE.ambiguousSku, quantity: 4 })
    expect(saved.value.doc.line_items[0]!.unmatched).toBeUndefined()
  })

  it('closes the picker with Escape, gives focus back to the line, and changes nothing', async () => {
    const { id } = await openDraftWithUnknownSku()
    const docOf = async () => {
      const r = await demo.app.api.baskets.get({ id })
      if (!r.ok) throw new Error(r.error.message)
      return r.value.doc
    }
    const before = await docOf()
    $<HTMLButtonElement>('[data-testid=choose-product-0]')!.click()
    await waitFor(() => document.activeElement === input(), 'focus in the picker')
    await press('Escape')
    expect($('[data-testid=product-picker]')).toBeNull()
    expect(document.activeElement).toBe($('[data-testid=line-0]'))
    expect(await docOf()).toEqual(before)
  })
})

describe('a brand-new basket', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('says how recent the catalogue prices are, and asks for a line only once sending is tried', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Acme Q4 refresh' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const totals = await waitFor(() => document.querySelector('[data-testid=draft-totals]'), 'the totals')
    expect(totals.textContent).toContain('Estimate from the catalogue prices of')
    expect(totals.textContent).not.toContain('no prices')
    expect(document.body.textContent).not.toContain('Add at least one line')
    // Nothing is marked yet, so nothing asks to fix "the marked fields".
    expect(document.querySelector('[data-testid=invalid-note]')).toBeNull()
    document.querySelector<HTMLElement>('[data-testid=submit-draft]')!.click()
    await waitFor(() => document.body.textContent?.includes('Add at least one line'), 'the missing line named once sending is tried')
    expect(document.querySelector('[data-testid=invalid-note]')).not.toBeNull()
  })
  /** A new current draft that can be sent as it is: a line, a saved address, a shipping type that goes anywhere. */
  const sendableDraft = (name: string) => sendableDraftIn(demo.app.api, name)

  it('says next to the estimated total how many lines it leaves out for want of a valid quantity', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Three lines' } })
    if (!created.ok) throw new Error(created.error.message)
    for (const p of [SHOWCASE.phone, SHOWCASE.firewall, SHOWCASE.switch]) {
      const added = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: p.id, quantity: 2 })
      if (!added.ok) throw new Error(added.error.message)
    }
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const qty = (i: number) => $<HTMLInputElement>(`[data-testid=line-qty-${i}]`)!
    await waitFor(() => $('[data-testid=line-qty-2]'), 'the lines')
    const note = () => $('[data-testid=draft-totals] [data-testid=estimate-invalid-quantities]')?.textContent?.trim() ?? null
    expect(note()).toBeNull()

    typeInto(qty(0), '1.5')
    typeInto(qty(2), '0')
    await waitFor(() => note() === 'Excludes 2 lines without a valid quantity', 'two lines said to be left out')
    typeInto(qty(2), '3')
    await waitFor(() => note() === 'Excludes one line without a valid quantity', 'one line said to be left out')
    typeInto(qty(0), '1')
    await waitFor(() => note() === null, 'nothing left out, nothing said')
  })

  it('shows the chosen organisation by its name, indented only in the list of the tree', async () => {
    const orgs = await demo.app.api.connection.organisations()
    if (!orgs.ok) throw new Error(orgs.error.message)
    const top = orgs.value.find((o) => !orgs.value.some((p) => p.id === o.parent))!
    const child = orgs.value.find((o) => o.parent === top.id)!
    const created = await demo.app.api.baskets.create({ organisation: child.id, doc: { name: 'For a branch' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const input = await waitFor(() => $<HTMLInputElement>('#draft-organisation'), 'the organisation field')
    const shown = () => input.closest('.n-base-selection')!.querySelector('.n-base-selection-overlay__wrapper')?.textContent
    await waitFor(() => shown()?.includes(child.name), 'the organisation chosen')
    expect(shown()).toBe(child.name)
    // In the open list, the branch sits under its parent, indented.
    input.closest<HTMLElement>('.n-base-selection')!.click()
    const option = await waitFor(() => $(`.n-base-select-menu[data-menu-for="draft-organisation"] [data-value="${child.id}"]`), 'the branch in the list')
    expect(option.textContent!.trim()).toBe(child.name)
    expect(option.style.paddingLeft).not.toBe('')
  })
  it('once submitted, is no longer the header\'s "Current draft"', async () => {
    const id = await sendableDraft('Van stock')
    await demo.mount({ path: `/baskets/drafts/${id}` })
    const current = await waitFor(() => $('[data-testid=current-draft-lines]'), 'the current draft in the header')
    expect(current.textContent).toContain('Current draft: 1 line')

    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]:not([disabled])'), 'the submit button')).click()
    await waitFor(() => $('[data-testid=submitted-note]') ?? $('[data-testid=queued-note]'), 'the draft sent')
    await waitFor(() => !$('[data-testid=current-draft-lines]'), 'no current draft in the header')
    const list = await demo.app.api.baskets.list()
    expect(list.ok && list.value.currentId).toBeNull()
  })
  it('once submitted from the keyboard, has the focus on what it says of the sending (the button is gone), the next Tab on its link', async () => {
    const id = await sendableDraft('Keyboard only')
    await demo.mount({ path: `/baskets/drafts/${id}` })
    const submit = await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]:not([disabled])'), 'the submit button')
    submit.focus()
    submit.click()
    await waitFor(() => $('[data-testid=submitted-note]') ?? $('[data-testid=queued-note]'), 'the draft sent')
    const status = $('[data-testid=draft-status]')!
    await waitFor(() => document.activeElement === status || null, 'the focus on the sending\u2019s status')
    // Its link (the outbox, or the order once sent) is there once the sending has said how it went.
    await waitFor(() => status.querySelector('a'), 'the link in the status')
    expect(document.activeElement).toBe(status)
  })
  it('submitted while working offline, says in German that it waits for "Offline arbeiten" to be switched off, in German words only', async () => {
    inGerman()
    const { heldBack } = await workingOffline(demo.app.api)
    const id = await sendableDraft('Außendienst Nord')
    const { i18n } = await demo.mount({ path: `/baskets/drafts/${id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]:not([disabled])'), 'the submit button')).click()
    await waitFor(() => $('[data-testid=queued-note]'), 'the draft queued')
    // What the draft says then.
    await waitFor(() => heldBack(), 'the held-back attempt')
    await flushPromises()
    const status = $('[data-testid=draft-editor] .draft__status')!.textContent!
    expect(status).toContain(i18n.global.t('baskets.editor.queuedWorkOffline'))
    expect(status).toContain('„Offline arbeiten“')
    expect(status).not.toMatch(/Working offline|switched off|\.\./)
  })
  it('submitted while working offline, brings into view and announces that it is queued until the rep goes back online, with a link to the outbox', async () => {
    await workingOffline(demo.app.api)
    const id = await sendableDraft('Submitted on the train')
    // The submit button is at the foot of the form, the notes at its head: what is scrolled into view.
    const scrolled: Element[] = []
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this)
    })
    onTestFinished(() => scroll.mockRestore())
    const { i18n, router } = await demo.mount({ path: `/baskets/drafts/${id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]:not([disabled])'), 'the submit button')).click()
    const note = await waitFor(() => $('[data-testid=queued-note]'), 'the draft queued')
    // Said in a live region that was there before (so it is announced), brought into view, in the rep's terms.
    const status = note.closest<HTMLElement>('[role=status]')!
    expect(status).not.toBeNull()
    await waitFor(() => scrolled.some((el) => el === note || el === status), 'the queued note scrolled into view')
    expect(note.textContent).toContain(i18n.global.t('baskets.editor.queuedWorkOffline'))
    expect(note.textContent).toContain('go back online')
    expect(note.textContent).not.toContain('service can be reached')
    const outbox = note.querySelector<HTMLAnchorElement>('[data-testid=open-outbox]')
    expect(outbox?.textContent).toBe('Open the outbox')
    outbox!.click()
    await waitFor(() => router.currentRoute.value.path === '/baskets/outbox', 'the outbox opened')
    await waitFor(() => $$('[data-testid=queue-row]').some((r) => r.textContent?.includes('Submitted on the train')), 'the draft in the outbox')
  })
  it('taken back from the queue with "Edit", puts the focus in the SKU entry that is back (the button is gone), not on the page\u2019s body', async () => {
    await workingOffline(demo.app.api)
    const id = await sendableDraft('Second thoughts')
    await demo.mount({ path: `/baskets/drafts/${id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]:not([disabled])'), 'the submit button')).click()
    const edit = await waitFor(() => $<HTMLButtonElement>('[data-testid=edit-again]'), 'the draft queued, with Edit')
    edit.focus()
    edit.click()
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the line entry back')
    await waitFor(() => document.activeElement === sku || null, 'the focus in the SKU entry')
    const view = await demo.app.api.baskets.get({ id })
    expect(view.ok && view.value.state).toBe('draft')
  })
  it('once sent, shows its fields as read-only text and offers no "Delete draft"', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Sent already', purchase_order_number: 'PO-77' } })
    if (!created.ok) throw new Error(created.error.message)
    const added = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.phone.id, quantity: 1 })
    if (!added.ok) throw new Error(added.error.message)
    const status = await demo.app.api.connection.status()
    if (!status.ok || !status.value.profile) throw new Error('not connected')
    // Sent and placed, as the outbox leaves a draft (no channel marks one so by itself).
    demo.app.profileFiles.markSubmitted(status.value.profile.id, created.value.id, 4242)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    await waitFor(() => document.querySelector('[data-testid=submitted-note]'), 'the sent note')
    const po = document.querySelector<HTMLInputElement>('[data-testid=draft-po]')!
    expect(po.value).toBe('PO-77')
    // Its fieldset is disabled: the browser makes every field in it read-only (and styled as text).
    expect(po.closest('fieldset')!.disabled).toBe(true)
    // Its choices too (shipping type, country): they looked as if they could still be opened, and did nothing.
    const choices = $$('fieldset.details .n-base-selection')
    expect(choices.length).toBeGreaterThanOrEqual(2)
    expect(choices.filter((c) => !c.classList.contains('n-base-selection--disabled'))).toEqual([])
    // Nothing is left to type: no '0 of 3,500 characters' under its instructions.
    expect($$('fieldset.details .text-field__counter').map((c) => c.textContent)).not.toContainEqual(expect.stringContaining('3,500'))
    // A field left empty shows the dash of every absent value, 'Not given' to a screen reader: it was a blank under its label.
    const endUser = document.querySelector<HTMLInputElement>('#draft-end-user')!
    expect(endUser.closest('.text-field')!.querySelector('.n-input__placeholder')?.textContent?.trim()).toBe('–')
    expect(endUser.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Not given')
    expect(po.closest('.text-field')!.querySelector('.n-input__placeholder')).toBeNull()
    expect(document.querySelector('[data-testid=remove-draft]')).toBeNull()
    expect(document.querySelector('[data-testid=submit-draft]')).toBeNull()
    // What sending will do is not said of a basket sent: the purchase order's hint is gone, the
    // estimate says the service priced it (it said 'prices the basket when it is sent').
    expect(po.closest('.text-field')!.textContent).not.toContain('Sent to the service with the order.')
    expect(document.querySelector('[data-testid=estimate-as-of]')!.textContent).toContain('; the service priced the basket when it was sent.')
  })
  it('says an add-on subscription needs its base while the basket has none of its kind', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Storage top-up' } })
    if (!created.ok) throw new Error(created.error.message)
    const added = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.storageAddOn.id, quantity: 1 })
    if (!added.ok) throw new Error(added.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const hint = await waitFor(() => document.querySelector('[data-testid=add-on-hint]'), 'the add-on hint')
    expect(hint.textContent).toContain(`${SHOWCASE.storageAddOn.sku} is an add-on: it needs its base Storage subscription`)
    await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.storage.id, quantity: 1 })
    await waitFor(() => document.querySelectorAll('tr[data-testid^=line-]').length === 2 && !document.querySelector('[data-testid=add-on-hint]'), 'no hint once the base is there')
  })
})

describe('lines: removing and pasting', () => {
  const demo = demoAppSuite({ sandbox: { products: 100, orders: 0, speed: 0 }, sync: true })

  it('keeps the focus in the lines when a line is removed with its ✕: on the line now in its place, then on the SKU entry', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Three lines' } })
    if (!created.ok) throw new Error(created.error.message)
    for (const p of [SHOWCASE.phone, SHOWCASE.firewall]) {
      const added = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: p.id, quantity: 1 })
      if (!added.ok) throw new Error(added.error.message)
    }
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const remove = async (index: number) => {
      const button = await waitFor(() => $<HTMLButtonElement>(`[data-testid=remove-line-${index}]`), 'the ✕ of the line')
      button.focus()
      button.click()
    }
    await remove(0)
    await waitFor(() => $$('tr.lines__row').length === 1, 'one line left')
    await waitFor(() => document.activeElement === $('[data-testid=line-0]'), 'the focus on the line now first')
    expect(document.activeElement!.getAttribute('data-sku')).toBe(SHOWCASE.firewall.sku)
    await remove(0)
    await waitFor(() => $$('tr.lines__row').length === 0, 'no line left')
    await waitFor(() => document.activeElement === $('[data-testid=sku-input]'), 'the focus on the SKU entry')
  })

  it('puts the focus in the paste box when it opens, and back on its button when it is cancelled', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Pasted' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=open-import]'), 'the import button')).click()
    await waitFor(() => document.activeElement === $('[data-testid=import-text]'), 'the focus in the paste box')
    $<HTMLButtonElement>('[data-testid=import-cancel]')!.click()
    await waitFor(() => document.activeElement === $('[data-testid=open-import]'), 'the focus back on "Paste or import lines"')
  })

  it('chooses a CSV file with a button in the rep’s language (not the browser’s “Choose File”), names the file read and previews its lines', async () => {
    inLanguage('it')
    const created = await demo.app.api.baskets.create({ doc: { name: 'Da file' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=open-import]'), 'the import button')).click()
    await waitFor(() => $('[data-testid=import-text]'), 'the paste box')
    // The browser's own control, which speaks the browser's language, is not shown.
    const input = $<HTMLInputElement>('[data-testid=import-panel] input[type=file]')!
    expect(input.hidden).toBe(true)
    const choose = $<HTMLButtonElement>('[data-testid=import-choose-file]')!
    expect(choose.textContent!.trim()).toBe('Scegli un file CSV…')
    let opened = false
    input.addEventListener('click', () => (opened = true))
    choose.click()
    expect(opened).toBe(true)
    Object.defineProperty(input, 'files', { value: [new File([`${SHOWCASE.phone.sku};2`], 'ordine.csv', { type: 'text/csv' })], configurable: true })
    input.dispatchEvent(new Event('change'))
    await waitFor(() => $('[data-testid=import-row-ok]'), 'the file’s line previewed')
    expect($('[data-testid=import-file-name]')!.textContent).toBe('Letto da ordine.csv')
  })

  // Its zero form read as an order ("No añadir líneas": do not add lines) on a button that cannot be pressed.
  it('says there is nothing to add when no checked row can go in', async () => {
    inLanguage('es')
    const created = await demo.app.api.baskets.create({ doc: { name: 'Nada' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    expect(await previewPasted(['NOPE-UNKNOWN\t2'])).toHaveLength(1)
    const add = $<HTMLButtonElement>('[data-testid=import-add]')!
    expect(add.disabled).toBe(true)
    expect(add.textContent!.trim()).toBe('Nada que añadir')
  })

  it('says in German why a pasted line cannot be read: no SKU, a quantity that is not a whole number', async () => {
    inGerman()
    const created = await demo.app.api.baskets.create({ doc: { name: 'Nachbestellung' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=open-import]'), 'the import button')).click()
    const text = await waitFor(() => $<HTMLTextAreaElement>('[data-testid=import-text]'), 'the paste box')
    typeInto(text as unknown as HTMLInputElement, [`${SHOWCASE.phone.sku}	2`, `${SHOWCASE.phone.sku}	1,5`, '\t3'].join('\n'))
    await waitFor(() => !$<HTMLButtonElement>('[data-testid=import-preview]')?.disabled, 'the preview button')
    $<HTMLButtonElement>('[data-testid=import-preview]')!.click()
    const invalid = await waitFor(() => $$('[data-testid=import-row-invalid]').length === 2 && $$('[data-testid=import-row-invalid]'), 'the unreadable rows')
    expect(invalid.map((r) => r.lastElementChild!.textContent!.trim())).toEqual([
      'Nicht lesbar — „1,5“: Nur ganze Zahlen',
      'Nicht lesbar — Keine Artikelnummer in dieser Zeile',
    ])
  })

  it('keeps the pasted rows it could not add, each with its reason, to be fixed and added or discarded', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Branch rollout' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=open-import]'), 'the import button')).click()
    const box = await waitFor(() => $<HTMLTextAreaElement>('[data-testid=import-text]'), 'the paste box')
    // Thirteen rows: a header, seven that are found, and five that cannot go in as they stand.
    const notAdded = ['BOGUS-1,3', 'CBL-CAT6-2M,0', 'SW-24P-POE,1.5', 'MAINT-3Y-4H,abc', `${SHOWCASE.ambiguousSku},2`]
    const pasted = [
      'SKU,Quantity',
      `${SHOWCASE.switch.sku},2`,
      notAdded[0],
      `${SHOWCASE.accessPoint.sku},3`,
      notAdded[1],
      `${SHOWCASE.router.sku},1`,
      notAdded[2],
      `${SHOWCASE.licence.sku},5`,
      notAdded[3],
      `${SHOWCASE.firewall.sku},1`,
      notAdded[4],
      `${SHOWCASE.phone.sku},4`,
      `${SHOWCASE.unbranded.sku},10`,
    ]
    typeInto(box as unknown as HTMLInputElement, pasted.join('\n'))
    await waitFor(() => !$<HTMLButtonElement>('[data-testid=import-preview]')?.disabled, 'the preview button')
    $<HTMLButtonElement>('[data-testid=import-preview]')!.click()
    const add = await waitFor(() => $<HTMLButtonElement>('[data-testid=import-add]'), 'the preview')
    expect(add.textContent!.trim()).toBe('Add 7 lines')
    add.click()

    // Seven lines on the draft; the panel stays, holding just the five rows, and says so.
    const outcome = await waitFor(() => $('[data-testid=import-outcome]')?.textContent?.trim() || null, 'what the add did, said')
    expect(outcome).toBe('7 lines added. 5 rows were not added — fix them below or discard them.')
    expect($('[data-testid=import-outcome]')!.getAttribute('role')).toBe('status')
    const after = await demo.app.api.baskets.get({ id: created.value.id })
    expect(after.ok && after.value.doc.line_items.length).toBe(7)
    expect(box.value).toBe(notAdded.join('\n'))
    expect(document.activeElement).toBe(box)
    // Each with its reason, numbered as the box now reads.
    const reasons = () => $$('[data-testid=import-preview-table] tbody tr').map((r) => [...r.children].map((c) => c.textContent!.trim()).join(' | '))
    expect(reasons().slice(0, 4)).toEqual([
      '1 | BOGUS-1 | 3 | Unknown SKU',
      '2 | CBL-CAT6-2M | — | Not readable — “0”: At least 1',
      '3 | SW-24P-POE | — | Not readable — “1.5”: Whole numbers only',
      '4 | MAINT-3Y-4H | — | Not readable — “abc”: Whole numbers only',
    ])
    expect(reasons()[4]).toMatch(/^5 \| AMB-100 \| 2 \| Several products share this SKU/)
    expect($('[data-testid=import-cancel]')!.textContent!.trim()).toBe('Discard the 5 rows not added')

    // Fixed: a quantity corrected in the box, the product chosen for the shared SKU; the rest stay.
    typeInto(box as unknown as HTMLInputElement, box.value.replace('CBL-CAT6-2M,0', 'CBL-CAT6-2M,2'))
    $<HTMLButtonElement>('[data-testid=import-preview]')!.click()
    const choose = await waitFor(() => $<HTMLSelectElement>('#import-choose-5'), 'the choice for the shared SKU')
    choose.value = String(SHOWCASE.ambiguousIds[1])
    choose.dispatchEvent(new Event('change'))
    await waitFor(() => $('[data-testid=import-add]')?.textContent?.trim() === 'Add 2 lines', 'two rows to add')
    $<HTMLButtonElement>('[data-testid=import-add]')!.click()
    await waitFor(() => $('[data-testid=import-outcome]')?.textContent?.trim() === '2 lines added. 3 rows were not added — fix them below or discard them.', 'the second add said')
    expect(box.value).toBe([notAdded[0], notAdded[2], notAdded[3]].join('\n'))

    // Discarded on purpose: the panel goes, the focus back on its button.
    $<HTMLButtonElement>('[data-testid=import-cancel]')!.click()
    await waitFor(() => document.activeElement === $('[data-testid=open-import]'), 'the focus back on "Paste or import lines"')
    const draft = await demo.app.api.baskets.get({ id: created.value.id })
    if (!draft.ok) throw new Error(draft.error.message)
    expect(draft.value.doc.line_items.map((l) => [l.product, l.quantity])).toContainEqual([SHOWCASE.ambiguousIds[1], 2])
    expect(draft.value.doc.line_items.find((l) => l.product === SHOWCASE.unbranded.id)?.quantity).toBe(12)
    expect(draft.value.doc.line_items).toHaveLength(8)
  })

  it('holds back a submit while pasted rows are still in the paste box, not on the draft: says so there, with the focus on them, and sends once they are discarded', async () => {
    const id = await sendableDraftIn(demo.app.api, 'Rows left over')
    await demo.mount({ path: `/baskets/drafts/${id}` })
    // One row added, one the catalogue does not know: it stays in the box to be fixed or discarded.
    await previewPasted([`${SHOWCASE.switch.sku},2`, 'BOGUS-1,3'])
    $<HTMLButtonElement>('[data-testid=import-add]')!.click()
    await waitFor(() => $('[data-testid=import-outcome]')?.textContent?.trim() || null, 'what the add did, said')
    const box = $<HTMLTextAreaElement>('[data-testid=import-text]')!
    expect(box.value).toBe('BOGUS-1,3')

    $<HTMLButtonElement>('[data-testid=submit-draft]')!.click()
    const held = await waitFor(() => $('[data-testid=import-held]'), 'the rows said to be held')
    expect(held.textContent!.trim()).toBe('These rows are not in the basket yet: add them or discard them before submitting.')
    expect(held.getAttribute('role')).toBe('alert')
    expect(document.activeElement).toBe(box)
    await flushPromises()
    const kept = await demo.app.api.baskets.get({ id })
    expect(kept.ok && kept.value.state).toBe('draft')
    expect(box.value).toBe('BOGUS-1,3')

    // Discarded on purpose: the submit goes.
    $<HTMLButtonElement>('[data-testid=import-cancel]')!.click()
    await waitFor(() => !$('[data-testid=import-panel]'), 'the paste box gone')
    $<HTMLButtonElement>('[data-testid=submit-draft]')!.click()
    await waitFor(() => $('[data-testid=submitted-note]') ?? $('[data-testid=queued-note]'), 'the draft sent')
  })

  it('closes an empty paste box once the draft is submitted: a queued draft offers no lines to add', async () => {
    await workingOffline(demo.app.api)
    const id = await sendableDraftIn(demo.app.api, 'Opened to paste')
    await demo.mount({ path: `/baskets/drafts/${id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=open-import]'), 'the import button')).click()
    await waitFor(() => $('[data-testid=import-panel]'), 'the paste box')
    $<HTMLButtonElement>('[data-testid=submit-draft]')!.click()
    await waitFor(() => $('[data-testid=queued-note]'), 'the draft queued')
    await flushPromises()
    expect($('[data-testid=line-entry]') ?? $('[data-testid=sku-input]')).toBeNull()
    expect($('[data-testid=import-panel]')).toBeNull()
    expect($('[data-testid=import-choose-file]')).toBeNull()
  })

  it('reads "SW-24P-POE,2,000", its grouping comma unquoted, as two thousand and says what it read; "1,5" it asks about rather than reading 1', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Grouped thousands' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const rows = await previewPasted([`${SHOWCASE.switch.sku},2,000`, `${SHOWCASE.phone.sku},1,5`])
    expect(rows).toEqual([
      [SHOWCASE.switch.sku, '2,000', 'Found — Arcwave Nimbus 24-Port PoE+ Gigabit Switch · “2,000” read as one quantity'],
      [SHOWCASE.phone.sku, '—', 'Not readable — “1,5” could be one quantity or several fields: write the quantity without commas, or separate the fields with tabs or semicolons'],
    ])
    $<HTMLButtonElement>('[data-testid=import-add]')!.click()
    await waitFor(() => $('[data-testid=import-outcome]')?.textContent?.trim(), 'the add said')
    // The row asked about stays in the box, to be fixed.
    expect($<HTMLTextAreaElement>('[data-testid=import-text]')!.value).toBe(`${SHOWCASE.phone.sku},1,5`)
    const draft = await demo.app.api.baskets.get({ id: created.value.id })
    if (!draft.ok) throw new Error(draft.error.message)
    expect(draft.value.doc.line_items.map((l) => [l.product_code, l.quantity])).toEqual([[SHOWCASE.switch.sku, 2000]])
  })
  it.each(LANGUAGES)('refuses a pasted quantity in the words the quantity field uses (%s): "Whole numbers only", "At least 1", "At most 1,000,000"', async (language) => {
    inLanguage(language)
    const created = await demo.app.api.baskets.create({ doc: { name: `Words ${language}` } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const typed = ['abc', '0', '2000000']
    // What the quantity field says of each, as the rep adds a line with it.
    const fieldSays: string[] = []
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the line entry')
    for (const q of typed) {
      typeInto(sku, SHOWCASE.switch.sku)
      typeInto($<HTMLInputElement>('[data-testid=qty-input]')!, q)
      $<HTMLButtonElement>('[data-testid=add-line]')!.click()
      // Each says something else: the one before is not taken for this one's.
      const said = () => $('[data-testid=qty-error]')?.textContent?.trim()
      fieldSays.push(await waitFor(() => (said() && said() !== fieldSays.at(-1) ? said()! : null), `the quantity field on "${q}"`))
    }
    const rows = await previewPasted(typed.map((q) => `${SHOWCASE.switch.sku}\t${q}`))
    rows.forEach((row, i) => expect(row[2]).toMatch(new RegExp(`${typed[i]}\\P{L}*: ${fieldSays[i]}$`, 'u')))
    if (language === 'en') expect(rows.map((r) => r[2])).toEqual(['Not readable — “abc”: Whole numbers only', 'Not readable — “0”: At least 1', 'Not readable — “2000000”: At most 1,000,000'])
  })
})

describe('lines: a SKU two products share', () => {
  const demo = demoAppSuite({ sandbox: { products: 100, orders: 0, speed: 0 }, sync: true })
  const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }))
  const lines = async (id: string) => {
    const d = await demo.app.api.baskets.get({ id })
    if (!d.ok) throw new Error(d.error.message)
    return d.value.doc.line_items.map((l) => [l.product, l.quantity])
  }

  it('adds the product picked among the suggestions, not just its SKU', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Racks' } })
    if (!created.ok) throw new Error(created.error.message)
    const { router } = await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the SKU entry')
    sku.focus()
    typeInto(sku, 'AMB-10')
    const offered = await waitFor(() => {
      const o = $$('[data-testid=sku-suggestions] [role=option]')
      return o.filter((e) => e.textContent!.startsWith(SHOWCASE.ambiguousSku)).length === 2 && o
    }, 'both AMB-100 products suggested')
    const gridstone = offered.find((o) => o.textContent!.includes('Gridstone'))!
    gridstone.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
    await nextTick()
    expect(sku.value).toBe(SHOWCASE.ambiguousSku)
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    await waitFor(() => $$('tr.lines__row').length === 1, 'the line added')
    expect(await lines(created.value.id)).toEqual([[SHOWCASE.ambiguousIds[1], 1]])
    expect($('#line-entry-error')).toBeNull()
    expect(router.currentRoute.value.path).toBe(`/baskets/drafts/${created.value.id}`)

    // Picked, then the SKU typed in again: the pick is forgotten, the SKU typed is what is added.
    typeInto(sku, 'AMB-10')
    const again = await waitFor(() => $$('[data-testid=sku-suggestions] [role=option]').find((o) => o.textContent!.includes('Gridstone')), 'Gridstone suggested again')
    again.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
    await nextTick()
    typeInto(sku, SHOWCASE.switch.sku)
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    await waitFor(() => $$('tr.lines__row').length === 2, 'the second line added')
    expect(await lines(created.value.id)).toEqual([
      [SHOWCASE.ambiguousIds[1], 1],
      [SHOWCASE.switch.id, 1],
    ])
  })

  it('offers the products of a shared SKU typed by hand, there in the entry, and adds the one chosen', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'More racks' } })
    if (!created.ok) throw new Error(created.error.message)
    const { router } = await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the SKU entry')
    sku.focus()
    typeInto(sku, SHOWCASE.ambiguousSku.toLowerCase())
    typeInto($<HTMLInputElement>('[data-testid=qty-input]')!, '4')
    // Enter, as a scanner or a rep typing ends: the form is sent with nothing highlighted.
    key(sku, 'Enter')
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    const said = await waitFor(() => $('[role=alert]#line-entry-question'), 'the choice asked')
    expect(said.textContent!.trim()).toBe('2 products share the SKU amb-100: choose the one you mean from the list.')
    const offered = await waitFor(() => $$('[data-testid=sku-suggestions] [role=option]').length === 2 && $$('[data-testid=sku-suggestions] [role=option]'), 'the two products offered')
    expect(offered.map((o) => o.textContent!.trim())).toEqual(['AMB-100 Fluxnet Universal Rack Mount Kit', 'AMB-100 Gridstone Universal Rack Mount Kit'])
    expect(document.activeElement).toBe(sku)
    expect(sku.getAttribute('aria-expanded')).toBe('true')
    // The question names the list of products offered, and describes the SKU it is about.
    expect($('[data-testid=sku-suggestions]')!.getAttribute('aria-labelledby')).toBe(said.id)
    expect(sku.getAttribute('aria-describedby')!.split(' ')).toContain(said.id)
    expect(await lines(created.value.id)).toEqual([])

    // The keyboard's way: ArrowDown to the first, Enter takes it, Enter on the quantity adds it.
    key(sku, 'ArrowDown')
    await nextTick()
    expect(sku.getAttribute('aria-activedescendant')).toBe('line-entry-suggestion-0')
    key(sku, 'Enter')
    await nextTick()
    expect(document.activeElement).toBe($('[data-testid=qty-input]'))
    expect($('#line-entry-question')).toBeNull()
    expect($('#line-entry-error')).toBeNull()
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    await waitFor(() => $$('tr.lines__row').length === 1, 'the line added')
    expect(await lines(created.value.id)).toEqual([[SHOWCASE.ambiguousIds[0], 4]])
    expect(router.currentRoute.value.path).toBe(`/baskets/drafts/${created.value.id}`)
  })
})

describe('the line entry\u2019s error, and the draft\u2019s', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('keeps a SKU it cannot add in the box, selected and focused (also when typed with its quantity), so the next scan replaces it', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Scanner at the counter' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the SKU entry')
    const selected = () => document.activeElement === sku && sku.selectionStart === 0 && sku.selectionEnd === sku.value.length
    // A scanner: the SKU and Enter.
    sku.focus()
    typeInto(sku, 'NOPE-SCANNED')
    sku.closest('form')!.requestSubmit()
    await waitFor(() => $('#line-entry-error'), 'the unknown SKU said')
    await waitFor(() => selected() || null, 'the SKU selected')
    expect(sku.value).toBe('NOPE-SCANNED')
    // By hand: SKU, Tab, quantity, Enter; the focus was on the quantity.
    typeInto(sku, 'NOPE-TYPED')
    const qty = $<HTMLInputElement>('[data-testid=qty-input]')!
    qty.focus()
    typeInto(qty, '3')
    qty.closest('form')!.requestSubmit()
    await waitFor(() => $('#line-entry-error')?.textContent?.includes('NOPE-TYPED'), 'the unknown SKU said')
    await waitFor(() => selected() || null, 'the SKU selected')
    expect(qty.value).toBe('3')
  })

  // The entry is labelled "Codice" / "Artikelnummer" / "Referencia": its error names the same thing by the same word.
  it.each([
    ['it', 'Codice', 'Nessun prodotto del catalogo ha il codice NOPE-9. Controlla il codice o cerca il prodotto per nome con la Ricerca rapida.'],
    ['nl', 'Artikelnummer', 'Geen product in de catalogus heeft artikelnummer NOPE-9. Controleer het artikelnummer of zoek het product op naam met Snel opzoeken.'],
    ['es', 'Referencia', 'No hay ningún producto con la referencia NOPE-9 en el catálogo. Compruebe la referencia o busque el producto por su nombre con la Búsqueda rápida.'],
  ])('names an unknown code in %s by the word of the entry’s label', async (language, label, said) => {
    inLanguage(language)
    const created = await demo.app.api.baskets.create({ doc: { name: 'Codice' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the SKU entry')
    expect(document.querySelector(`label[for="${sku.id}"]`)?.textContent?.trim()).toBe(label)
    typeInto(sku, 'NOPE-9')
    sku.closest('form')!.requestSubmit()
    expect((await waitFor(() => $('#line-entry-error'), 'the unknown code said')).textContent!.trim()).toBe(said)
  })

  // A scanner's misread (a code longer than any SKU) was said as the core's English "The request to baskets.addLine was not valid.".
  it('says in German why a code could not be added when the core refuses it, not in the core’s English', async () => {
    inGerman()
    const created = await demo.app.api.baskets.create({ doc: { name: 'Scanner' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the SKU entry')
    typeInto(sku, 'X'.repeat(200))
    sku.closest('form')!.requestSubmit()
    const said = (await waitFor(() => $('#line-entry-error'), 'why it was not added')).textContent!.trim()
    expect(said).toBe('Einige Eingaben sind ungültig. Prüfen Sie die markierten Felder.')
  })

  it('forgets an unknown SKU\u2019s error once the SKU is typed again, and a refused submit focuses the draft\u2019s own first wrong field', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'No address yet' } })
    if (!created.ok) throw new Error(created.error.message)
    const added = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.phone.id, quantity: 2 })
    if (!added.ok) throw new Error(added.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the SKU entry')
    sku.focus()
    typeInto(sku, 'NOPE-NOT-A-SKU')
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    await waitFor(() => $('#line-entry-error'), 'the unknown SKU said')
    expect(sku.getAttribute('aria-invalid')).toBe('true')
    // The rep clears the box: what was said of the SKU tried no longer holds.
    typeInto(sku, '')
    await waitFor(() => $('#line-entry-error') === null, 'the error gone with the SKU')
    expect(sku.getAttribute('aria-invalid')).toBe('false')

    // Again an error in the entry, then a submit the draft refuses (no address, no shipping type).
    typeInto(sku, 'NOPE-NOT-A-SKU')
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    await waitFor(() => $('#line-entry-error'), 'the unknown SKU said again')
    $<HTMLButtonElement>('[data-testid=submit-draft]')!.click()
    const focused = await waitFor(() => document.activeElement !== sku && document.activeElement?.getAttribute('aria-invalid') === 'true' && document.activeElement, 'a wrong field of the draft focused')
    expect(focused.getAttribute('data-testid')).not.toBe('sku-input')
  })
})

describe('a submit refused for a missing address', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('takes the rep to the shipping address when the draft has a shipping type but no address at all', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'No address', shipping_type: 1 } })
    if (!created.ok) throw new Error(created.error.message)
    const added = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.switch.id, quantity: 1 })
    if (!added.ok) throw new Error(added.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=submit-draft]'), 'the draft')).click()
    const fieldset = await waitFor(() => $('[data-testid=draft-shipping-fieldset]'), 'the address fields')
    await waitFor(() => fieldset.querySelector('[data-field-error]'), 'the address said to be missing')
    await waitFor(() => fieldset.contains(document.activeElement), 'the focus in the shipping address')
  })
})

describe('shipping on a draft with nothing to ship', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('says no shipping will be charged while every line is a product that is not shipped, and stops once one is', async () => {
    // UK Standard Next Day Delivery, listed at 9,95: the order would show shipping 0,00 for a licence alone.
    const created = await demo.app.api.baskets.create({ doc: { name: 'Licences only', shipping_type: 1 } })
    if (!created.ok) throw new Error(created.error.message)
    const added = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.licence.id, quantity: 2 })
    if (!added.ok) throw new Error(added.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const note = await waitFor(() => $('[data-testid=nothing-ships]'), 'the note that no shipping is charged')
    expect(note.textContent).toContain('no shipping will be charged')

    const more = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.switch.id, quantity: 1 })
    if (!more.ok) throw new Error(more.error.message)
    await waitFor(() => !$('[data-testid=nothing-ships]'), 'the note gone once a switch is to be shipped')
  })

  it('says the estimate leaves out the shipping the service adds once a line ships, with the cost of the type chosen', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'A switch to ship', shipping_type: 1 } })
    if (!created.ok) throw new Error(created.error.message)
    const licence = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.licence.id, quantity: 1 })
    if (!licence.ok) throw new Error(licence.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    await waitFor(() => $('[data-testid=nothing-ships]'), 'the note that no shipping is charged')
    // A licence alone: no shipping, so nothing is left out of the estimate.
    expect($('[data-testid=estimate-shipping]')).toBeNull()

    const more = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.switch.id, quantity: 1 })
    if (!more.ok) throw new Error(more.error.message)
    const note = await waitFor(() => $('[data-testid=estimate-shipping]'), 'the estimate saying shipping is added')
    // UK Standard Next Day Delivery is listed at 9.95: the order's total will be the estimate and that.
    expect(note.textContent).toContain('Shipping is not in this estimate')
    expect(note.textContent).toMatch(/9\.95/)
  })
})

describe('quantities as a German rep types them', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('reads "2.000" as two thousand, refuses a bad quantity in the entry instead of adding one, and names an unknown SKU in German', async () => {
    inGerman()
    const created = await demo.app.api.baskets.create({ doc: { name: 'Mengen' } })
    if (!created.ok) throw new Error(created.error.message)
    const added = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId: SHOWCASE.phone.id, quantity: 1 })
    if (!added.ok) throw new Error(added.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const qty = await waitFor(() => $<HTMLInputElement>('[data-testid=line-qty-0]'), 'the line')
    typeInto(qty, '2.000')
    const saved = async () => {
      const d = await demo.app.api.baskets.get({ id: created.value.id })
      return d.ok ? d.value.doc.line_items[0]!.quantity : null
    }
    await waitFor(async () => (await saved()) === 2000, 'two thousand saved')

    // The entry: "abc" as the quantity is said to be wrong, and nothing is added.
    const sku = $<HTMLInputElement>('[data-testid=sku-input]')!
    typeInto(sku, SHOWCASE.switch.sku)
    typeInto($<HTMLInputElement>('[data-testid=qty-input]')!, 'abc')
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    const problem = await waitFor(() => $('[data-testid=qty-error]'), 'the quantity refused')
    expect(problem.textContent).toBe('Nur ganze Zahlen')
    expect($('[data-testid=qty-input]')!.getAttribute('aria-invalid')).toBe('true')
    await new Promise((r) => setTimeout(r, 200))
    const d = await demo.app.api.baskets.get({ id: created.value.id })
    expect(d.ok && d.value.doc.line_items.length).toBe(1)

    // An unknown SKU, in German words.
    typeInto($<HTMLInputElement>('[data-testid=qty-input]')!, '1')
    typeInto(sku, 'GIBT-ES-NICHT')
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    const said = await waitFor(() => $('#line-entry-error'), 'the unknown SKU said')
    expect(said.textContent!.trim()).toBe('Im Katalog gibt es kein Produkt mit der Artikelnummer GIBT-ES-NICHT. Prüfen Sie die Artikelnummer oder suchen Sie das Produkt mit der Schnellsuche nach seinem Namen.')
  })

  // Read in English ("2.000" is no whole number there), the row said the core's English '"2.000" is not a whole quantity between 1 and 1000000' once the window spoke German.
  it('says in German why a pasted quantity was not read when the language changes after the lines were checked', async () => {
    inLanguage('en')
    const created = await demo.app.api.baskets.create({ doc: { name: 'Mengen' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    expect(await previewPasted([`${SHOWCASE.switch.sku}\t2.000`])).toEqual([[SHOWCASE.switch.sku, '—', 'Not readable — “2.000”: Whole numbers only']])
    usePreferencesStore(demo.mounted.pinia).language = 'de'
    const row = await waitFor(() => document.documentElement.lang === 'de' && $('[data-testid=import-preview-table] tbody tr'), 'the window in German')
    expect(row.lastElementChild!.textContent!.trim()).toBe('Nicht lesbar — „2.000“ wurde nicht als Menge gelesen: Prüfen Sie die Zeilen erneut.')
  })

  it('reads a pasted "2.000" as two thousand too, as the quantity field does, and refuses "1.5" rather than reading 15 or 1', async () => {
    inGerman()
    const created = await demo.app.api.baskets.create({ doc: { name: 'Eingefügt' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=open-import]'), 'the import button')).click()
    const box = await waitFor(() => $<HTMLTextAreaElement>('[data-testid=import-text]'), 'the paste box')
    typeInto(box as unknown as HTMLInputElement, [`${SHOWCASE.phone.sku};2.000`, `${SHOWCASE.switch.sku};1.5`].join('\n'))
    await waitFor(() => !$<HTMLButtonElement>('[data-testid=import-preview]')?.disabled, 'the preview button')
    $<HTMLButtonElement>('[data-testid=import-preview]')!.click()
    await waitFor(() => $('[data-testid=import-add]'), 'the preview')
    const rows = $$('[data-testid=import-preview-table] tbody tr').map((r) => [...r.children].slice(1, 3).map((c) => c.textContent!.trim()))
    expect(rows).toEqual([
      [SHOWCASE.phone.sku, '2.000'],
      [SHOWCASE.switch.sku, '—'],
    ])
    expect($('[data-testid=import-row-invalid]')!.textContent).toContain('„1.5“: Nur ganze Zahlen')
    $<HTMLButtonElement>('[data-testid=import-add]')!.click()
    await waitFor(() => $('[data-testid=import-outcome]')?.textContent?.trim(), 'the add said')
    const draft = await demo.app.api.baskets.get({ id: created.value.id })
    if (!draft.ok) throw new Error(draft.error.message)
    expect(draft.value.doc.line_items.map((l) => [l.product_code, l.quantity])).toEqual([[SHOWCASE.phone.sku, 2000]])
  })

  it('asks about a comma-separated "SW-24P-POE,2,000" (two, or two thousand?) rather than reading 2; "2.000" after a semicolon is two thousand', async () => {
    inGerman()
    const created = await demo.app.api.baskets.create({ doc: { name: 'Komma' } })
    if (!created.ok) throw new Error(created.error.message)
    await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    const rows = await previewPasted([`${SHOWCASE.switch.sku},2,000`, `${SHOWCASE.phone.sku};2.000`])
    expect(rows).toEqual([
      [SHOWCASE.switch.sku, '—', 'Nicht lesbar — „2,000“ kann eine Menge oder mehrere Felder sein: Schreiben Sie die Menge ohne Komma oder trennen Sie die Felder mit Tabulatoren oder Semikolons'],
      [SHOWCASE.phone.sku, '2.000', 'Gefunden — Everon Desk IP Phone'],
    ])
  })
})

describe('saving a draft as a template', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('asks a name, says it is kept, and the template then starts a basket with the same lines from quick reorder', async () => {
    const created = await demo.app.api.baskets.create({ doc: { name: 'Clinic restock' } })
    if (!created.ok) throw new Error(created.error.message)
    for (const [productId, quantity] of [[SHOWCASE.phone.id, 3], [SHOWCASE.firewall.id, 1]] as const) {
      const added = await demo.app.api.baskets.addLine({ draftId: created.value.id, productId, quantity })
      if (!added.ok) throw new Error(added.error.message)
    }
    const { router } = await demo.mount({ path: `/baskets/drafts/${created.value.id}` })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=draft-actions] [data-testid=save-template]'), 'the button')).click()
    // The draft's name is offered; an empty one is refused with a message on the field, nothing kept.
    const name = await waitFor(() => $<HTMLInputElement>('#save-template-name'), 'the name asked')
    expect(name.value).toBe('Clinic restock')
    typeInto(name, '  ')
    $<HTMLButtonElement>('[data-testid=save-template-confirm]')!.click()
    await waitFor(() => name.getAttribute('aria-invalid') === 'true' && $('#save-template-name-error'), 'the missing name said')
    const none = await demo.app.api.reorder.templates()
    expect(none.ok && none.value).toEqual([])

    typeInto(name, 'Monthly clinic restock')
    $<HTMLButtonElement>('[data-testid=save-template-confirm]')!.click()
    const saved = await waitFor(() => $('[data-testid=template-saved]'), 'the template said to be kept')
    expect(saved.textContent).toContain('Kept as template “Monthly clinic restock”.')

    $<HTMLAnchorElement>('[data-testid=template-saved-open]')!.click()
    const tpl = await waitFor(() => $$('[data-testid=template]').find((t) => t.textContent?.includes('Monthly clinic restock')), 'the template on the quick reorder page')
    expect(router.currentRoute.value.path).toBe('/catalogue/quick')
    tpl.querySelector<HTMLButtonElement>('[data-testid=template-start]')!.click()
    await waitFor(() => router.currentRoute.value.path.startsWith('/baskets/drafts/') && !router.currentRoute.value.path.endsWith(created.value.id), 'the new basket')
    const started = await demo.app.api.baskets.get({ id: router.currentRoute.value.path.split('/').pop()! })
    if (!started.ok) throw new Error(started.error.message)
    expect(started.value.doc.line_items.map((l) => [l.product, l.quantity])).toEqual([
      [SHOWCASE.phone.id, 3],
      [SHOWCASE.firewall.id, 1],
    ])
  })
})
