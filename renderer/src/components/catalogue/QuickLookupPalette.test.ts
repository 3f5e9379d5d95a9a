// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/** The Ctrl+K quick lookup, driven by the keyboard alone, on the real core and a real sandbox. */


const dialog = () => $('[role=dialog][data-testid=quick-lookup]')
const input = () => $<HTMLInputElement>('[data-testid=quick-lookup-input]')!
const options = () => $$('[data-testid=quick-lookup-option]')

async function press(key: string, mods: { ctrlKey?: boolean; shiftKey?: boolean } = {}): Promise<void> {
  const target = document.activeElement ?? document.body
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...mods }))
  await nextTick()
  await nextTick()
}

describe('quick lookup palette', () => {
  const demo = demoAppSuite({ sandbox: { products: 400, orders: 5, speed: 0 }, sync: true })

  /** Any page will do: the groups list, with focus on its first link. */
  async function openSomewhere(): Promise<HTMLElement> {
    await demo.mount({ path: '/catalogue/groups' })
    const link = await waitFor(() => $('[data-testid=product-group-row] a'), 'the groups page')
    link.focus()
    return link
  }

  it('opens with Ctrl+K, moves with the arrows, and Enter opens the chosen product', async () => {
    await openSomewhere()
    await press('k', { ctrlKey: true })
    const d = await waitFor(() => dialog(), 'the dialog')
    expect(d.getAttribute('aria-modal')).toBe('true')
    expect(document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent).toBe('Quick lookup')
    await waitFor(() => document.activeElement === input(), 'focus in the input')

    typeInto(input(), 'rack mount')
    await waitFor(() => options().length >= 3, 'several matches')
    expect($('[role=listbox]')!.getAttribute('aria-label')).toBeTruthy()
    // A long name is cut short in the list: its whole text is the tooltip.
    expect(options().every((o) => o.querySelector('.matches__name')!.getAttribute('title') === o.querySelector('.matches__name')!.textContent!.trim())).toBe(true)
    expect(options().map((o) => o.getAttribute('aria-selected'))).toEqual(['true', ...options().slice(1).map(() => 'false')])
    await press('ArrowDown')
    await press('ArrowDown')
    await press('ArrowUp')
    const chosen = options()[1]!
    expect(chosen.getAttribute('aria-selected')).toBe('true')
    expect(input().getAttribute('aria-activedescendant')).toBe(chosen.id)

    await press('Enter')
    await waitFor(() => demo.mounted.router.currentRoute.value.path === `/catalogue/products/${chosen.dataset.productId}`, 'the chosen product')
    expect(dialog()).toBeNull()
  })

  it('is named in the navigation with its shortcut in the rep\u2019s words ("Strg+K" in German), opens from there, and Escape gives the focus back to it', async () => {
    inLanguage('de')
    await demo.mount({ path: '/orders' })
    const button = await waitFor(() => $<HTMLButtonElement>('nav [data-testid=open-quick-lookup]'), 'the quick lookup in the navigation')
    expect(button.textContent?.replace(/\s+/g, ' ').trim()).toBe('Schnellsuche Strg+K')
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+K')
    button.focus()
    button.click()
    await waitFor(() => document.activeElement === input(), 'focus in the lookup')
    await press('Escape')
    await waitFor(() => !dialog() && document.activeElement === button, 'the focus back on the button')
  })

  it('says how many match in all when it shows only the first of them', async () => {
    await openSomewhere()
    await press('k', { ctrlKey: true })
    await waitFor(() => document.activeElement === input(), 'focus in the input')
    // What the catalogue view would count for the same words.
    const all = await demo.app.api.catalogue.search({ query: 'rack', limit: 1 })
    if (!all.ok) throw new Error(all.error.message)
    expect(all.value.total).toBeGreaterThan(12)
    typeInto(input(), 'rack')
    await waitFor(() => options().length === 12, 'a full list')
    const status = () => $('[data-testid=quick-lookup] .matches__status')?.textContent?.trim()
    expect(status()).toBe(`First 12 of ${all.value.total} products`)
    typeInto(input(), SHOWCASE.switch.sku)
    await waitFor(() => options().length >= 1 && options().length < 12, 'a short list')
    expect(status()).toBe(`${options().length === 1 ? 'One product' : `${options().length} products`}`)
    await press('Escape')
  })

  it('closes with Escape and gives focus back where it was', async () => {
    const link = await openSomewhere()
    await press('k', { ctrlKey: true })
    await waitFor(() => document.activeElement === input(), 'focus in the input')
    typeInto(input(), SHOWCASE.switch.sku)
    await waitFor(() => options().length > 0, 'a match')
    await press('Escape')
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(link)
    expect(demo.mounted.router.currentRoute.value.path).toBe('/catalogue/groups')
  })

  it('adds the chosen product to the current basket with Shift+Enter and stays open for the next', async () => {
    await openSomewhere()
    await press('k', { ctrlKey: true })
    await waitFor(() => document.activeElement === input(), 'focus in the input')
    typeInto(input(), SHOWCASE.router.sku)
    await waitFor(() => options()[0]?.dataset.productId === String(SHOWCASE.router.id), 'the exact SKU first')
    await press('Enter', { shiftKey: true })
    const note = await waitFor(() => $('[data-testid=quick-lookup-added]')?.textContent?.trim(), 'the confirmation')
    expect(note).toContain(SHOWCASE.router.sku)
    expect(dialog()).not.toBeNull()
    expect(demo.mounted.router.currentRoute.value.path).toBe('/catalogue/groups')

    const list = await demo.app.api.baskets.list()
    if (!list.ok || !list.value.currentId) throw new Error('no current basket')
    const draft = await demo.app.api.baskets.get({ id: list.value.currentId })
    if (!draft.ok) throw new Error(draft.error.message)
    expect(draft.value.doc.line_items.map((l) => l.product)).toContain(SHOWCASE.router.id)
  })
})
