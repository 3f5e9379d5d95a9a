// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import type { Product } from '../../../../shared/api'
import { usePreferencesStore } from '../../stores/preferences'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/** The product detail on the real core (this process) and a real sandbox (a child process). */
describe('product detail', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 5, speed: 0 }, sync: true })

  async function product(id: number): Promise<Product> {
    const r = await demo.app.api.catalogue.product({ id })
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }
  /** The quantity of a product in the current basket; undefined without one, or without that product in it. */
  async function quantityInCurrent(productId: number): Promise<number | null | undefined> {
    const list = await demo.app.api.baskets.list()
    if (!list.ok || !list.value.currentId) return undefined
    const draft = await demo.app.api.baskets.get({ id: list.value.currentId })
    if (!draft.ok) throw new Error(draft.error.message)
    return draft.value.doc.line_items.find((l) => l.product === productId)?.quantity
  }

  it('shows a hardware product: price against RRP, featured lines as bullets, related products with the partner one marked, and adds a quantity to the basket', async () => {
    const p = await product(SHOWCASE.switch.id)
    await demo.mount({ path: `/catalogue/products/${p.id}` })
    await waitFor(() => $('[data-testid=product-name]'), 'the product')
    expect($('[data-testid=product-sku]')!.textContent).toBe(p.product_code)
    expect($('[data-testid=product-price]')!.textContent).toContain(p.price.toFixed(2))
    const featured = p.featured_description!.split('\n').filter((l) => l.trim())
    expect($$('[data-testid=product-featured] li').map((li) => li.textContent)).toEqual(featured.map((l) => l.trim()))
    await waitFor(() => $<HTMLImageElement>('[data-testid=product-image-main]')?.src.startsWith('data:'), 'the picture')

    const provisioning = $$('[data-testid=provisioning] [data-testid=related-product]')
    expect(provisioning.map((li) => Number(li.dataset.productId))).toEqual(p.provisioning.map((r) => r.id))
    const partner = provisioning.find((li) => li.querySelector('[data-testid=partner-product]'))
    expect(Number(partner?.dataset.productId)).toBe(SHOWCASE.partnerProvisioning.id)
    expect($$('[data-testid=maintenance] [data-testid=related-product]').map((li) => Number(li.dataset.productId))).toEqual(p.maintenance.map((r) => r.id))

    const qty = $<HTMLInputElement>('[data-testid=add-quantity]')!
    typeInto(qty, '3')
    qty.dispatchEvent(new Event('blur'))
    $<HTMLButtonElement>('[data-testid=add-to-basket-button]')!.click()
    const note = await waitFor(() => $('[data-testid=basket-added] p')?.textContent, 'the confirmation')
    expect(note).toContain(`3 × ${p.name}`)
    expect(await quantityInCurrent(p.id)).toBe(3)
  })

  it('reads the quantity as the rep\'s language writes it: German "2.000" adds two thousand, "1.5" adds nothing and says why', async () => {
    inLanguage('de')
    const p = await product(SHOWCASE.licence.id)
    await demo.mount({ path: `/catalogue/products/${p.id}` })
    const qty = await waitFor(() => $<HTMLInputElement>('[data-testid=add-quantity]'), 'the quantity box')
    const before = await quantityInCurrent(p.id)
    typeInto(qty, '1.5')
    qty.dispatchEvent(new Event('blur'))
    $<HTMLButtonElement>('[data-testid=add-to-basket-button]')!.click()
    const said = await waitFor(() => $('#add-quantity-error')?.textContent, 'what is wrong with 1.5')
    expect(said).toBe('Geben Sie eine ganze Zahl von 1 bis 1.000.000 ein.')
    expect(await quantityInCurrent(p.id)).toBe(before)
    typeInto(qty, '2.000')
    qty.dispatchEvent(new Event('blur'))
    $<HTMLButtonElement>('[data-testid=add-to-basket-button]')!.click()
    await waitFor(() => $('[data-testid=basket-added] p'), 'the confirmation')
    expect(await quantityInCurrent(p.id)).toBe((before ?? 0) + 2000)
  })

  it('keeps a quantity it cannot add in the box as typed, adds nothing and says why: German "0" is not made 1, "1,5" is not cleared', async () => {
    inLanguage('de')
    const p = await product(SHOWCASE.licence.id)
    await demo.mount({ path: `/catalogue/products/${p.id}` })
    const qty = await waitFor(() => $<HTMLInputElement>('[data-testid=add-quantity]'), 'the quantity box')
    const before = await quantityInCurrent(p.id)
    for (const typed of ['0', '1,5']) {
      typeInto(qty, typed)
      // Enter in the box, as the rep adds: the box loses nothing on the way.
      qty.dispatchEvent(new Event('blur'))
      $<HTMLButtonElement>('[data-testid=add-to-basket-button]')!.click()
      const said = await waitFor(() => $('#add-quantity-error')?.textContent, `what is wrong with ${typed}`)
      expect(said).toBe('Geben Sie eine ganze Zahl von 1 bis 1.000.000 ein.')
      expect(qty.value).toBe(typed)
      expect(qty.getAttribute('aria-invalid')).toBe('true')
      // Back in the box to mend it.
      expect(document.activeElement).toBe(qty)
      expect($('[data-testid=basket-added] p')).toBeNull()
      expect(await quantityInCurrent(p.id)).toBe(before)
    }
  })

  it('adds to a basket the user chooses: a new one, which becomes current, while the old one keeps its lines', async () => {
    const p = await product(SHOWCASE.licence.id)
    const before = await demo.app.api.baskets.list()
    if (!before.ok) throw new Error(before.error.message)
    await demo.mount({ path: `/catalogue/products/${p.id}` })
    const input = await waitFor(() => $<HTMLInputElement>('#add-target'), 'the basket choice')
    input.focus()
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', bubbles: true }))
    const option = await waitFor(() => $$('.n-base-select-option').find((o) => o.textContent?.trim() === 'New basket'), 'the "New basket" option')
    option.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    await waitFor(() => input.closest('.n-select')?.textContent?.includes('New basket'), 'New basket chosen')
    $<HTMLButtonElement>('[data-testid=add-to-basket-button]')!.click()
    await waitFor(() => $('[data-testid=basket-added] p')?.textContent?.includes(p.product_code), 'the confirmation')
    const after = await demo.app.api.baskets.list()
    if (!after.ok || !after.value.currentId) throw new Error('no current basket')
    expect(after.value.drafts.length).toBe(before.value.drafts.length + 1)
    expect(after.value.currentId).not.toBe(before.value.currentId)
    const draft = await demo.app.api.baskets.get({ id: after.value.currentId })
    if (!draft.ok) throw new Error(draft.error.message)
    expect(draft.value.doc.line_items.map((l) => [l.product, l.quantity])).toEqual([[p.id, 1]])
  })

  it('adds a related product from its own "+" without leaving the page; provisioning is chosen on the line, not added', async () => {
    const p = await product(SHOWCASE.accessPoint.id)
    const related = p.related_to[0]!
    expect(related).toBeDefined()
    await demo.mount({ path: `/catalogue/products/${p.id}` })
    const button = await waitFor(() => $<HTMLButtonElement>(`[data-testid=related] [data-testid=related-product][data-product-id="${related.id}"] [data-testid=related-add]`), 'the related product')
    button.click()
    await waitFor(() => $('[data-testid=related-added] p')?.textContent?.includes(related.sku), 'the related confirmation')
    expect(await quantityInCurrent(related.id)).toBeGreaterThanOrEqual(1)
    expect(demo.mounted.router.currentRoute.value.path).toBe(`/catalogue/products/${p.id}`)
    expect($('[data-testid=provisioning] [data-testid=related-product]')).not.toBeNull()
    expect($('[data-testid=provisioning] [data-testid=related-add]')).toBeNull()
  })

  it('shows a subscription: its kind in words, BASE or add-on, and every rate plan with term, billing, renewal and charge costs', async () => {
    const p = await product(SHOWCASE.storage.id)
    await demo.mount({ path: `/catalogue/products/${p.id}` })
    await waitFor(() => $('[data-testid=rate-plans]'), 'the rate plans')
    // Its picture too (fetched once, then kept for offline use): the test ends with nothing in flight.
    await waitFor(() => $<HTMLImageElement>('[data-testid=product-image-main]')?.src.startsWith('data:'), 'the picture')
    expect($('[data-testid=product-subscription]')!.textContent).toBe('Storage subscription')
    expect($('[data-testid=product-page]')!.textContent).toContain('Base product')
    const plans = $$('[data-testid=rate-plan]')
    expect(plans).toHaveLength(p.rate_plans.length)
    // The charge's unit in words ("user" as the service sends it).
    expect($$('[data-testid=rate-plan-charge]').map((row) => row.querySelectorAll('td')[3]!.textContent)).toEqual(p.rate_plans.map(() => 'User'))
    p.rate_plans.forEach((plan, i) => {
      const text = plans[i]!.textContent!
      expect(text).toContain(plan.name)
      expect(text).toContain(plan.term_length === 1 ? 'one month' : `${plan.term_length} months`)
      for (const cost of plan.rate_plan_charges[0]!.rate_plan_charge_costs) expect(text).toContain(cost.charge_cost_price.toFixed(2))
    })
  })

  // "Spedito: Sì" (and "Shipped: Yes", "Expédié : Oui") read as a delivery that had happened, on a product that was never ordered.
  it('says whether a product is sent physically as a fact of the product, not as a delivery made', async () => {
    const fact = (term: string) => $$('dt').find((dt) => dt.textContent?.trim() === term)?.nextElementSibling?.textContent?.trim()
    for (const [language, term, yes] of [['en', 'Is shipped', 'Yes'], ['it', 'Viene spedito', 'Sì'], ['fr', 'Est expédié', 'Oui']] as const) {
      inLanguage(language)
      const mounted = await demo.mount({ path: `/catalogue/products/${SHOWCASE.switch.id}` })
      await waitFor(() => fact(term) === yes, `"${term}: ${yes}" for the switch`)
      mounted.unmount()
    }
  })

  it('says so when the product is not in the catalogue', async () => {
    await demo.mount({ path: '/catalogue/products/987654' })
    const error = await waitFor(() => $('[data-error-code]'), 'the error')
    expect(error.getAttribute('data-error-code')).toBe('not_found')
    expect($('[data-testid=product-name]')).toBeNull()
  })

  it('names the product in the window title, in any language; the next page has its own title', async () => {
    const p = await product(SHOWCASE.switch.id)
    await demo.mount({ path: `/catalogue/products/${p.id}` })
    await waitFor(() => document.title === `${p.name} — Wholesale Desk — DEMO`, 'the product in the title')
    const preferences = usePreferencesStore(demo.mounted.pinia)
    try {
      preferences.language = 'de'
      await waitFor(() => $('[data-testid=product-page] nav a')?.textContent?.includes('Katalog'), 'the page in German')
      expect(document.title).toBe(`${p.name} — Wholesale Desk — DEMO`)
    } finally {
      preferences.language = 'auto'
      localStorage.removeItem('wd.language')
    }

    // A product that cannot be shown does not keep the last one's name.
    await demo.mounted.router.push('/catalogue/products/987654')
    await waitFor(() => $('[data-error-code]'), 'the error')
    expect(document.title).toBe('Product — Wholesale Desk — DEMO')
    await demo.mounted.router.push('/catalogue')
    await waitFor(() => document.title === 'Catalogue — Wholesale Desk — DEMO', 'the catalogue title')
  })
})
