// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { ComponentPublicInstance } from 'vue'
import { buildApi, type Api, type Transport } from '../../../../shared/ipc/api-builder'
import type { InProcessApp } from '../../../../tests/harness/in-process'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'

/** The `window.api` given, noting each call's channel ("baskets.updateLine") as the app makes it. */
function noting(api: Api, calls: string[]): Api {
  return new Proxy(api, {
    get(target, domain) {
      const group: unknown = Reflect.get(target, domain)
      if (typeof group !== 'object' || group === null) return group
      return new Proxy(group, {
        get(g, method) {
          const fn: unknown = Reflect.get(g, method)
          if (typeof fn !== 'function') return fn
          return (...args: unknown[]) => {
            calls.push(`${String(domain)}.${String(method)}`)
            return (fn as (...a: unknown[]) => unknown).apply(g, args)
          }
        },
      })
    },
  })
}

/**
 * The app's transport, with the replies of the channels being held (`hold('baskets.get')`) kept
 * back until `release` (the core has answered; the page has not heard it yet): a slow reply, when
 * a test says. `asked(channel)`: whether a reply of it is being held now.
 */
function holding(app: InProcessApp) {
  const holds = new Set<string>()
  const waiting = new Map<string, () => void>()
  const transport: Transport = {
    invoke: async (channel, input) => {
      const hold = holds.delete(channel)
      const reply = await app.transport.invoke(channel, input)
      if (hold) await new Promise<void>((release) => waiting.set(channel, release))
      return reply
    },
    subscribe: (listener) => app.transport.subscribe(listener),
  }
  return {
    api: buildApi(transport),
    hold: (channel: string) => void holds.add(channel),
    asked: (channel: string) => waiting.has(channel),
    release(channel: string) {
      waiting.get(channel)?.()
      waiting.delete(channel)
    },
  }
}

/** useDraftEditor, through the page that lays it out: the real core (this process) and a sandbox. */
describe('the draft editor: saving as it is typed, and changes by revision', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('writes that draft only: each keystroke is one small line save, its echo is not read back, and the list of every draft is not read again', async () => {
    const api = demo.app.api
    // A rep's other drafts, which a keystroke in this one must not re-read.
    for (let i = 0; i < 3; i++) await api.baskets.create({})
    const created = await api.baskets.create({})
    if (!created.ok) throw new Error(created.error.message)
    const id = created.value.id
    await api.baskets.addLine({ draftId: id, sku: SHOWCASE.phone.sku, quantity: 1 })

    const calls: string[] = []
    await demo.mount({ path: `/baskets/drafts/${id}`, api: noting(api, calls) })
    const qty = await waitFor(() => $<HTMLInputElement>('[data-testid=line-qty-0]'), 'the line')
    const total = () => $('[data-testid=estimate-total]')?.textContent
    const before = await waitFor(() => total(), 'the total')
    await waitFor(() => calls.includes('baskets.list') && calls.includes('baskets.get'), 'the editor loaded')
    await new Promise((r) => setTimeout(r, 200))
    calls.length = 0

    qty.focus()
    typeInto(qty, '2')
    await waitFor(() => total() !== before, 'the new total')
    const afterFirst = total()
    typeInto(qty, '27')
    await waitFor(() => total() !== afterFirst, 'the next total')
    await new Promise((r) => setTimeout(r, 300))

    // One save per keystroke, answering the line and the totals; the change event of each is its own echo (same revision): nothing is read again.
    expect(calls).toEqual(['baskets.editLine', 'baskets.editLine'])
    const draft = await api.baskets.get({ id })
    expect(draft.ok && draft.value.doc.line_items[0]!.quantity).toBe(27)
    // The total shown as it was typed is the core's: the draft opened afresh shows the same.
    const typed = total()
    await demo.mount({ path: `/baskets/drafts/${id}` })
    await waitFor(() => $('[data-testid=line-qty-0]'), 'the draft opened again')
    expect(total()).toBe(typed)
  })

  it('renders, for a keystroke in a long draft and its save, the line typed in and not the table of all lines', async () => {
    const api = demo.app.api
    const found = await api.catalogue.search({ query: '', sort: '-popularity', limit: 100, offset: 0 })
    if (!found.ok) throw new Error(found.error.message)
    const plain = found.value.items.filter((p) => !p.subscription_type).slice(0, 80)
    const created = await api.baskets.create({})
    if (!created.ok) throw new Error(created.error.message)
    const id = created.value.id
    const imported = await api.baskets.importLines({ id, rows: plain.map((p) => ({ productId: p.id, sku: p.product_code, quantity: 1 })) })
    if (!imported.ok) throw new Error(imported.error.message)

    const { wrapper, router, i18n } = await demo.mount({ path: '/baskets' })
    // Each render of a line or of the table, counted from here on.
    const renders: string[] = []
    wrapper.vm.$.appContext.app.mixin({
      updated(this: ComponentPublicInstance) {
        const name = this.$.type.__name
        if (name === 'LinesTable') renders.push('table')
        if (name === 'LineRow') renders.push((this.$props as { line: { key: string } }).line.key)
      },
    })
    await router.push(`/baskets/drafts/${id}`)
    const last = plain.length - 1
    await waitFor(() => $(`[data-testid=line-qty-${last}]`), 'every line')
    const saved = () => $('[data-testid=save-state]')?.textContent === i18n.global.t('baskets.editor.saved')
    await waitFor(saved, 'the draft, saved')
    await new Promise((r) => setTimeout(r, 100))
    const total = () => $('[data-testid=estimate-total]')?.textContent
    const before = total()
    const qty = $<HTMLInputElement>('[data-testid=line-qty-30]')!
    const key = imported.value.doc.line_items[30]!.key
    // Into the line (it becomes the table's active one), then the keystroke.
    qty.focus()
    await new Promise((r) => setTimeout(r, 50))
    renders.length = 0

    typeInto(qty, '3')
    await waitFor(() => total() !== before, 'the new total')
    await waitFor(async () => {
      const draft = await api.baskets.get({ id })
      return draft.ok && draft.value.doc.line_items[30]!.quantity === 3 && saved()
    }, 'the quantity, saved')
    await new Promise((r) => setTimeout(r, 100))
    expect(renders.length).toBeGreaterThan(0)
    expect(new Set(renders)).toEqual(new Set([key]))
    expect(qty.value).toBe('3')
  })

  it('adds many pasted rows to a long draft: every one shows, and the lines already there are not rendered again', async () => {
    const api = demo.app.api
    const found = await api.catalogue.search({ query: '', sort: '-popularity', limit: 200, offset: 0 })
    if (!found.ok) throw new Error(found.error.message)
    const plain = found.value.items.filter((p) => !p.subscription_type)
    const [mine, pasted] = [plain.slice(0, 80), plain.slice(80, 140)]
    const created = await api.baskets.create({})
    if (!created.ok) throw new Error(created.error.message)
    const id = created.value.id
    const imported = await api.baskets.importLines({ id, rows: mine.map((p) => ({ productId: p.id, sku: p.product_code, quantity: 1 })) })
    if (!imported.ok) throw new Error(imported.error.message)

    const { wrapper, router } = await demo.mount({ path: '/baskets' })
    const renders: string[] = []
    wrapper.vm.$.appContext.app.mixin({
      updated(this: ComponentPublicInstance) {
        if (this.$.type.__name === 'LineRow') renders.push((this.$props as { line: { key: string } }).line.key)
      },
    })
    await router.push(`/baskets/drafts/${id}`)
    await waitFor(() => $(`[data-testid=line-qty-${mine.length - 1}]`), 'every line')
    await new Promise((r) => setTimeout(r, 100))
    renders.length = 0

    $<HTMLButtonElement>('[data-testid=open-import]')!.click()
    const text = await waitFor(() => $<HTMLTextAreaElement>('[data-testid=import-text]'), 'the paste box')
    typeInto(text as unknown as HTMLInputElement, pasted.map((p, i) => `${p.product_code}\t${1 + (i % 3)}`).join('\n'))
    await waitFor(() => !$<HTMLButtonElement>('[data-testid=import-preview]')?.disabled, 'the preview button')
    $<HTMLButtonElement>('[data-testid=import-preview]')!.click()
    const ok = await waitFor(() => document.querySelectorAll('[data-testid=import-row-ok]').length, 'the preview')
    $<HTMLButtonElement>('[data-testid=import-add]')!.click()
    const total = mine.length + ok
    await waitFor(() => $(`[data-testid=line-qty-${total - 1}]`), 'the pasted lines')
    expect(document.querySelectorAll('tr.lines__row')).toHaveLength(total)
    expect($<HTMLInputElement>(`[data-testid=line-qty-${mine.length}]`)!.value).toBe('1')
    const before = new Set(imported.value.doc.line_items.map((l) => l.key))
    expect(renders.filter((k) => before.has(k))).toEqual([])
  })

  it('shows a change made elsewhere (a scan into the open draft) and keeps what the user typed', async () => {
    const api = demo.app.api
    const created = await api.baskets.create({})
    if (!created.ok) throw new Error(created.error.message)
    const id = created.value.id
    await api.baskets.addLine({ draftId: id, sku: SHOWCASE.phone.sku, quantity: 1 })

    const calls: string[] = []
    await demo.mount({ path: `/baskets/drafts/${id}`, api: noting(api, calls) })
    const qty = await waitFor(() => $<HTMLInputElement>('[data-testid=line-qty-0]'), 'the line')
    typeInto(qty, '4')
    await waitFor(() => calls.includes('baskets.editLine'), 'the save')
    await new Promise((r) => setTimeout(r, 200))
    calls.length = 0

    // The scanner adds to this draft, from outside the editor: a revision the editor did not make.
    const scanned = await api.baskets.addLine({ draftId: id, sku: SHOWCASE.unbranded.sku, quantity: 2 })
    if (!scanned.ok) throw new Error(scanned.error.message)
    await waitFor(() => $('[data-testid=line-qty-1]'), 'the scanned line shown')
    expect(calls).toContain('baskets.get')
    expect($<HTMLInputElement>('[data-testid=line-qty-0]')!.value).toBe('4')
    expect($<HTMLInputElement>('[data-testid=line-qty-1]')!.value).toBe('2')
  })

  it('saves a quantity typed while the draft is read again as the field shows it: "1.5" typed fast stays "1.5", refused, never saved as 15', async () => {
    const api = demo.app.api
    const created = await api.baskets.create({})
    if (!created.ok) throw new Error(created.error.message)
    const id = created.value.id
    await api.baskets.addLine({ draftId: id, sku: SHOWCASE.phone.sku, quantity: 2 })
    const slow = holding(demo.app)
    const { i18n } = await demo.mount({ path: `/baskets/drafts/${id}`, api: slow.api })
    const qty = await waitFor(() => $<HTMLInputElement>('[data-testid=line-qty-0]'), 'the line')
    await waitFor(() => $('[data-testid=save-state]')?.textContent === i18n.global.t('baskets.editor.saved'), 'the draft loaded')
    /** A key typed at the end of what the field shows, as a keyboard (or a scanner) types it. */
    const key = (ch: string) => typeInto(qty, qty.value + ch)

    // "1" (over the 2, selected): its save is slow, and meanwhile the scanner adds to this draft.
    slow.hold('baskets.editLine')
    typeInto(qty, '1')
    await waitFor(() => slow.asked('baskets.editLine'), 'the save of "1"')
    const scanned = await api.baskets.addLine({ draftId: id, sku: SHOWCASE.unbranded.sku, quantity: 1 })
    if (!scanned.ok) throw new Error(scanned.error.message)
    // The save answers; the editor reads the draft again for the scan, and that reading is slow.
    slow.hold('baskets.get')
    slow.release('baskets.editLine')
    await waitFor(() => slow.asked('baskets.get'), 'the draft read again')
    key('.')
    slow.release('baskets.get')
    await waitFor(() => $('[data-testid=line-qty-1]'), 'the scanned line shown')
    key('5')
    await waitFor(() => $('[data-testid=save-state]')?.textContent === i18n.global.t('baskets.editor.saved'), 'the typing saved')
    await new Promise((r) => setTimeout(r, 200))

    expect(qty.value).toBe('1.5')
    expect($('[data-testid=line-0] [data-field-error]')?.textContent).toBe(i18n.global.t('baskets.fieldErrors.wholeNumber'))
    const draft = await api.baskets.get({ id })
    if (!draft.ok) throw new Error(draft.error.message)
    expect(draft.value.doc.line_items.map((l) => l.quantity)).toEqual([null, 1])
  })
})
