// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/** Quick re-ordering on the real core (this process) and a real sandbox (a child process). */
describe('quick reorder', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 60, speed: 0 }, sync: true })

  const currentDraft = async () => {
    const list = await demo.app.api.baskets.list()
    if (!list.ok || !list.value.currentId) throw new Error('no current basket')
    const draft = await demo.app.api.baskets.get({ id: list.value.currentId })
    if (!draft.ok) throw new Error(draft.error.message)
    return draft.value
  }

  it('lists what the organisation ordered with its last quantities, and adds that quantity again', async () => {
    const status = await demo.app.api.connection.status()
    if (!status.ok) throw new Error(status.error.message)
    const org = status.value.actingOrganisation!.id
    await demo.mount({ path: '/catalogue/quick' })
    const rows = await waitFor(() => $$('[data-testid=recent-product]').length > 0 && $$('[data-testid=recent-product]'), 'recently ordered products')
    // Each row's quantity is that of the latest order of this organisation that had the product.
    const recent = await demo.app.api.reorder.recent()
    if (!recent.ok) throw new Error(recent.error.message)
    const first = recent.value[0]!
    const order = await demo.app.api.orders.get({ id: first.orderId })
    if (!order.ok) throw new Error(order.error.message)
    expect(order.value.order!.organisation).toBe(org)
    expect(order.value.order!.line_items.filter((l) => l.product === first.productId).reduce((n, l) => n + l.quantity, 0)).toBe(first.quantity)
    expect(rows[0]!.dataset.productId).toBe(String(first.productId))

    rows[0]!.querySelector<HTMLButtonElement>('[data-testid=recent-add]')!.click()
    await waitFor(() => $('[data-testid=quick-reorder-page] [data-testid=basket-added] p'), 'the confirmation')
    expect((await currentDraft()).doc.line_items.find((l) => l.product === first.productId)?.quantity).toBe(first.quantity)
  })

  // "Pedidos recientemente" is not Spanish a rep would write; the list is of products.
  it('names the recently ordered products in Spanish as a Spanish rep says it', async () => {
    inLanguage('es')
    await demo.mount({ path: '/catalogue/quick' })
    await waitFor(() => $$('[data-testid=recent-product]').length > 0, 'recently ordered products')
    expect($('#quick-recent')!.textContent).toBe('Productos pedidos recientemente')
  })

  it('keeps a favourite marked on the product page, adds it from the list, and lets it go', async () => {
    await demo.mount({ path: `/catalogue/products/${SHOWCASE.firewall.id}` })
    const toggle = await waitFor(() => $<HTMLButtonElement>('[data-testid=favourite-toggle][data-favourite=false]:not([disabled])'), 'the favourite toggle')
    toggle.click()
    await waitFor(() => $('[data-testid=favourite-toggle][data-favourite=true]'), 'marked')

    await demo.mount({ path: '/catalogue/quick' })
    const row = await waitFor(() => $$('[data-testid=favourite-product]').find((r) => r.dataset.productId === String(SHOWCASE.firewall.id)), 'the favourite')
    expect(row.textContent).toContain(SHOWCASE.firewall.sku)
    row.querySelector<HTMLButtonElement>('[data-testid=favourite-add]')!.click()
    await waitFor(async () => (await currentDraft()).doc.line_items.some((l) => l.product === SHOWCASE.firewall.id), 'the firewall in the basket')
    row.querySelector<HTMLButtonElement>('[data-testid=favourite-remove]')!.click()
    await waitFor(() => $('[data-testid=favourites-none]'), 'no favourites left')
    const left = await demo.app.api.reorder.favourites()
    expect(left.ok && left.value).toEqual([])
  })

  it('keeps a basket as a template and starts a new basket with the same lines from it', async () => {
    const draft = await currentDraft()
    expect(draft.doc.line_items.length).toBeGreaterThan(0)
    await demo.mount({ path: '/catalogue/quick' })
    await waitFor(() => $('[data-testid=templates-none]'), 'no templates yet')
    // No name: said so, nothing kept.
    $<HTMLButtonElement>('[data-testid=template-save-button]')!.click()
    await waitFor(() => $('#template-name-error'), 'the missing-name message')
    typeInto($<HTMLInputElement>('[data-testid=template-name]')!, 'Monthly clinic restock')
    $<HTMLButtonElement>('[data-testid=template-save-button]')!.click()
    const tpl = await waitFor(() => $$('[data-testid=template]').find((t) => t.textContent?.includes('Monthly clinic restock')), 'the template')
    tpl.querySelector<HTMLButtonElement>('[data-testid=template-start]')!.click()
    await waitFor(() => demo.mounted.router.currentRoute.value.path.startsWith('/baskets/drafts/') && !demo.mounted.router.currentRoute.value.path.endsWith(draft.id), 'the new basket')
    const started = await currentDraft()
    expect(started.id).not.toBe(draft.id)
    expect(started.title).toContain('Monthly clinic restock')
    expect(started.doc.line_items.map((l) => [l.product, l.quantity])).toEqual(draft.doc.line_items.map((l) => [l.product, l.quantity]))
  })

  // It said only 'Das gibt es nicht mehr.' (whatever "this" was), the core's English under the details.
  it('says in German which thing is gone when a template removed in another window is started', async () => {
    inLanguage('de')
    const draft = await currentDraft()
    const saved = await demo.app.api.reorder.saveTemplate({ draftId: draft.id, name: 'Wochenbedarf' })
    if (!saved.ok) throw new Error(saved.error.message)
    await demo.mount({ path: '/catalogue/quick' })
    const tpl = await waitFor(() => $$('[data-testid=template]').find((t) => t.textContent?.includes('Wochenbedarf')), 'the template')
    const removed = await demo.app.api.reorder.removeTemplate({ id: saved.value.id })
    if (!removed.ok) throw new Error(removed.error.message)
    tpl.querySelector<HTMLButtonElement>('[data-testid=template-start]')!.click()
    const notice = await waitFor(() => $('[role=alert][data-error-code=not_found]'), 'why it did not start')
    expect(notice.querySelector('.n-alert__header, .n-alert-body__title')!.textContent!.trim()).toBe('Diese Vorlage ist nicht mehr auf diesem Computer.')
    expect(notice.querySelector('details summary')!.textContent).toBe('Technische Details (auf Englisch)')
  })
})
