// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/** A catalogue product group on the real core (this process) and a real sandbox (a child process). */
describe('catalogue product group', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('a related group’s link opens that group, with its own products', async () => {
    const list = await demo.app.api.catalogue.productGroups()
    if (!list.ok) throw new Error(list.error.message)
    const full = await Promise.all(list.value.map(async (g) => demo.app.api.catalogue.productGroup({ id: g.id })))
    const from = full.flatMap((r) => (r.ok && r.value.group.related_product_groups.length ? [r.value] : []))[0]!
    const to = full.flatMap((r) => (r.ok && r.value.group.id === from.group.related_product_groups[0] ? [r.value] : []))[0]!
    const productIds = () => $$('[data-testid=group-product]').map((r) => Number(r.dataset.productId))

    await demo.mount({ path: `/catalogue/groups/${from.group.id}` })
    await waitFor(() => $('#group-title')?.textContent === from.group.name, 'the group')
    const link = await waitFor(() => $$('.group-page__related a').find((a) => a.getAttribute('href')?.endsWith(`/catalogue/groups/${to.group.id}`)), 'the related group’s link')
    link.click()
    await waitFor(() => $('#group-title')?.textContent === to.group.name, 'the related group')
    expect(demo.mounted.router.currentRoute.value.path).toBe(`/catalogue/groups/${to.group.id}`)
    expect(productIds()).toEqual(to.products.map((p) => p.id))
  })
  it('lists only the groups ready for sale (LIVE) to sales, though the catalogue holds draft ones', async () => {
    const all = await demo.app.api.catalogue.productGroups()
    if (!all.ok) throw new Error(all.error.message)
    const live = all.value.filter((g) => g.status === 'LIVE').map((g) => g.id)
    expect(all.value.length).toBeGreaterThan(live.length)
    await demo.mount({ path: '/catalogue/groups' })
    await waitFor(() => $$('[data-testid=product-group-row]').length > 0, 'the groups')
    expect($$('[data-testid=product-group-row]').map((r) => Number(r.dataset.groupId)).sort((a, b) => a - b)).toEqual([...live].sort((a, b) => a - b))
  })

  it('names its related groups, adds the whole group with a quantity of each, and offers nothing of a group not for sale', async () => {
    const list = await demo.app.api.catalogue.productGroups()
    if (!list.ok) throw new Error(list.error.message)
    // Every group has a name of its own: no four look-alikes to guess between.
    expect(new Set(list.value.map((g) => g.name)).size).toBe(list.value.length)
    const live = list.value.find((g) => g.status === 'LIVE' && g.product_count >= 2)!
    const full = await demo.app.api.catalogue.productGroup({ id: live.id })
    if (!full.ok) throw new Error(full.error.message)

    await demo.mount({ path: `/catalogue/groups/${live.id}` })
    await waitFor(() => $('#group-title')?.textContent === live.name, 'the group')
    const relatedNames = $$('.group-page__related a').map((a) => a.textContent)
    expect(relatedNames.length).toBeGreaterThan(0)
    expect(relatedNames.every((n) => list.value.some((g) => g.name === n && g.status === 'LIVE'))).toBe(true)

    const qty = $<HTMLInputElement>('[data-testid=group-add-quantity]')!
    qty.focus()
    qty.value = '3'
    qty.dispatchEvent(new Event('input', { bubbles: true }))
    qty.dispatchEvent(new Event('blur', { bubbles: true }))
    await waitFor(() => $('[data-testid=group-add-button]')?.textContent?.includes(String(full.value.products.length)), 'the add-all button')
    $<HTMLButtonElement>('[data-testid=group-add-button]')!.click()
    await waitFor(() => $('[data-testid=product-group-page] [data-testid=basket-added]')?.textContent?.includes(live.name), 'the confirmation')
    const baskets = await demo.app.api.baskets.list()
    if (!baskets.ok || !baskets.value.currentId) throw new Error('no current basket')
    const draft = await demo.app.api.baskets.get({ id: baskets.value.currentId })
    if (!draft.ok) throw new Error(draft.error.message)
    for (const p of full.value.products) expect(draft.value.doc.line_items.find((l) => l.product === p.id)?.quantity, p.product_code).toBe(3)

    const drafted = list.value.find((g) => g.status === 'DRAFT')!
    await demo.mount({ path: `/catalogue/groups/${drafted.id}` })
    const note = await waitFor(() => $('[data-testid=group-not-for-sale]'), 'the not-for-sale note')
    const page = note.closest('[data-testid=product-group-page]')!
    expect(page.querySelector('[data-testid=group-add]')).toBeNull()
    expect(page.querySelector('[data-testid=group-product-add]')).toBeNull()
  })

  it('keeps a quantity of each it cannot add in the box as typed, adds nothing and says why: German "0" is not made 1, "1,5" is not cleared', async () => {
    inLanguage('de')
    const list = await demo.app.api.catalogue.productGroups()
    if (!list.ok) throw new Error(list.error.message)
    const live = list.value.find((g) => g.status === 'LIVE' && g.product_count >= 2)!
    const lineCount = async () => {
      const baskets = await demo.app.api.baskets.list()
      if (!baskets.ok) throw new Error(baskets.error.message)
      if (!baskets.value.currentId) return 0
      const draft = await demo.app.api.baskets.get({ id: baskets.value.currentId })
      if (!draft.ok) throw new Error(draft.error.message)
      return draft.value.doc.line_items.reduce((n, l) => n + (l.quantity ?? 0), 0)
    }
    const before = await lineCount()
    await demo.mount({ path: `/catalogue/groups/${live.id}` })
    const qty = await waitFor(() => $<HTMLInputElement>('[data-testid=group-add-quantity]'), 'the quantity of each')
    for (const typed of ['0', '1,5']) {
      typeInto(qty, typed)
      qty.dispatchEvent(new Event('blur', { bubbles: true }))
      $<HTMLButtonElement>('[data-testid=group-add-button]')!.click()
      const said = await waitFor(() => $('#group-add-quantity-error')?.textContent, `what is wrong with ${typed}`)
      expect(said).toBe('Geben Sie eine ganze Zahl von 1 bis 1.000.000 ein.')
      expect(qty.value).toBe(typed)
      expect(qty.getAttribute('aria-invalid')).toBe('true')
      expect($('[data-testid=product-group-page] [data-testid=basket-added]')?.textContent ?? '').not.toContain(live.name)
      expect(await lineCount()).toBe(before)
    }
  })
})
