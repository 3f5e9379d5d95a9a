// @vitest-environment happy-dom
import { NSelect } from 'naive-ui'
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'

/** The catalogue view on the real core (this process) and a real sandbox (a child process). */


const searchBox = () => $<HTMLInputElement>('[data-testid=catalogue-search]')!

/** A keyboard-wedge scanner: every character's keydown and input within a millisecond, then Enter. */
function scan(code: string): void {
  const box = searchBox()
  box.focus()
  for (const key of code) {
    box.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
    box.value += key
    box.dispatchEvent(new Event('input', { bubbles: true }))
  }
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
}

/** A person typing: the text arrives as input, with no burst of keys and no Enter. */
function type(text: string): void {
  const box = searchBox()
  box.focus()
  typeInto(box, text)
}

const rows = () => $$('[data-testid=result-row]').map((r) => ({ sku: r.dataset.sku!, match: r.dataset.match!, text: r.textContent ?? '' }))

describe('catalogue view', () => {
  const demo = demoAppSuite({
    sandbox: { products: 400, orders: 5, speed: 0 },
    sync: true,
    // The core keeps the last search (a reload finds it again): each test starts from the whole catalogue.
    cleanUp: async () => {
      localStorage.clear()
      await demo.app.api.catalogue.rememberQuery({ query: '', vendor: [], type: [], sort: 'relevance' })
    },
  })

  async function openCatalogue() {
    await demo.mount({ path: '/catalogue' })
    await waitFor(() => $('[data-testid=results][data-query=""]') && rows().length > 0, 'the browse list')
    return demo.mounted
  }

  /** Picks a filter's first option as a keyboard user does (arrow down opens the menu, Enter picks); gives the filter's text. */
  async function pickFirst(id: string): Promise<string> {
    const input = $<HTMLInputElement>(`#${id}`)!
    input.focus()
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', bubbles: true }))
    await waitFor(() => $('.n-base-select-menu'), `the ${id} menu`)
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true }))
    return waitFor(() => input.closest('.n-select')!.querySelector('.n-tag')?.textContent?.trim(), `a ${id} picked`)
  }

  /** The labels of a filter's choices, as its select offers them (happy-dom draws no virtual menu rows). */
  function optionLabels(id: string): string[] {
    const select = demo.mounted.wrapper.findAllComponents(NSelect).find((c) => (c.props('inputProps') as { id?: string } | undefined)?.id === id)!
    return (select.props('options') as { label: string }[]).map((o) => o.label)
  }

  it('names the sort "Sort by" where the focus enters it, not only its input (a screen reader said only the order chosen)', async () => {
    await openCatalogue()
    const group = $('[data-testid=filter-sort]')!.closest('[role=group]')
    expect(group).not.toBeNull()
    expect(document.getElementById(group!.getAttribute('aria-labelledby')!)?.textContent).toBe('Sort by')
  })

  it('narrows the list to the vendor and the type picked, and Clear shows every product again', async () => {
    await openCatalogue()
    const all = rows().map((r) => r.sku)
    const vendor = (await pickFirst('cf-vendor')).replace(/ \(.*\)$/, '')
    await waitFor(() => rows().length > 0 && rows().every((r) => r.text.includes(vendor)), `rows of ${vendor} only`)
    const type = (await pickFirst('cf-type')).replace(/ \(.*\)$/, '')
    await waitFor(() => rows().length > 0 && rows().every((r) => r.text.includes(vendor) && r.text.includes(type)), `rows of ${vendor} and ${type}`)
    $<HTMLButtonElement>('[data-testid=clear-filters]')!.click()
    await waitFor(() => rows().map((r) => r.sku).join() === all.join(), 'every product again')
    expect($('[data-testid=clear-filters]')).toBeNull()
  })

  it('counts beside each vendor what the typed words would list with it, not the whole catalogue, and "…" until counted', async () => {
    await openCatalogue()
    const vendorCounts = () => optionLabels('cf-vendor').map((label) => label.match(/\((.+)\)$/)?.[1] ?? '')
    const numbers = () => {
      const now = vendorCounts()
      return now.length > 0 && now.every((c) => /^\d[\d,]*$/.test(c)) && now.map((c) => Number(c.replaceAll(',', '')))
    }
    const browsing = await waitFor(numbers, 'the whole catalogue counted')
    expect(browsing.reduce((a, b) => a + b, 0)).toBe(400)

    type('cable')
    await waitFor(() => $('[data-testid=results][data-query="cable"]'), 'the answer to "cable"')
    // Counted once the answers pause: meanwhile each says "…", not the whole catalogue's count.
    expect(new Set(vendorCounts())).toEqual(new Set(['…']))
    const matched = Number($('[data-testid=results-count]')!.textContent!.match(/\d[\d,]*/)![0].replaceAll(',', ''))
    expect(matched).toBeGreaterThan(0)
    const counts = await waitFor(numbers, 'the counts for "cable"')
    expect(counts.reduce((a, b) => a + b, 0)).toBe(matched)
    expect(counts).not.toEqual(browsing)
  })

  it('opens the product of a scanned SKU', async () => {
    const m = await openCatalogue()
    scan(SHOWCASE.accessPoint.sku.toLowerCase())
    await waitFor(() => m.router.currentRoute.value.path === `/catalogue/products/${SHOWCASE.accessPoint.id}`, 'the product route')
    const sku = await waitFor(() => $('[data-testid=product-sku]')?.textContent, 'the product page')
    expect(sku).toBe(SHOWCASE.accessPoint.sku)
  })

  it('lets the user choose when vendors share the scanned SKU, and says when no product has it', async () => {
    const m = await openCatalogue()
    scan(SHOWCASE.ambiguousSku)
    const choices = await waitFor(() => $$('[data-testid=scan-choice]').length === 2 && $$('[data-testid=scan-choice]'), 'the choices')
    expect(choices.map((c) => Number(c.dataset.productId)).sort()).toEqual([...SHOWCASE.ambiguousIds])
    // Each choice names its vendor, and they differ.
    const vendors = choices.map((c) => c.querySelector('strong')!.textContent)
    expect(new Set(vendors).size).toBe(2)
    expect(m.router.currentRoute.value.path).toBe('/catalogue')

    scan('NO-SUCH-CODE-42')
    const none = await waitFor(() => $('[data-testid=scan-none]')?.textContent, 'the no-match note')
    expect(none).toContain('NO-SUCH-CODE-42')
    expect($('[data-testid=scan-choices]')).toBeNull()

    scan(SHOWCASE.ambiguousSku)
    const second = await waitFor(() => $$('[data-testid=scan-choice]').find((c) => c.dataset.productId === String(SHOWCASE.ambiguousIds[1])), 'the choices')
    second.click()
    await waitFor(() => m.router.currentRoute.value.path === `/catalogue/products/${SHOWCASE.ambiguousIds[1]}`, 'the chosen product')
  })

  it('adds a scanned product to the current basket when "Scan adds to basket" is on, and says so', async () => {
    const m = await openCatalogue()
    $('[data-testid=scan-adds]')!.click()
    await waitFor(() => localStorage.getItem('wd.catalogue.scanAddsToBasket') === 'true', 'the toggle')
    scan(SHOWCASE.switch.sku)
    const note = await waitFor(() => $('[data-testid=basket-added]')?.textContent?.trim(), 'the confirmation')
    expect(note).toContain(SHOWCASE.switch.sku)
    expect($('[data-testid=basket-added]')!.getAttribute('aria-live')).toBe('polite')
    scan(SHOWCASE.switch.sku)
    await waitFor(async () => {
      const list = await demo.app.api.baskets.list()
      if (!list.ok || !list.value.currentId) return false
      const draft = await demo.app.api.baskets.get({ id: list.value.currentId })
      if (!draft.ok) return false
      const lines = draft.value.doc.line_items.filter((l) => l.product === SHOWCASE.switch.id)
      return lines.reduce((n, l) => n + (l.quantity ?? 0), 0) === 2
    }, 'two switches in the current basket')
    // Scanning added; it did not navigate away, and the box is ready for the next code.
    expect(m.router.currentRoute.value.path).toBe('/catalogue')
    expect(document.activeElement).toBe(searchBox())
  })

  it('searches as the user types, exact SKU first, then SKUs starting so, then text — each row marked', async () => {
    await openCatalogue()
    type('SUB')
    await waitFor(() => $('[data-testid=results][data-query=SUB]') && rows().length > 0, 'the results for SUB')
    const found = rows()
    const kinds = found.map((r) => r.match)
    const firstText = kinds.indexOf('text')
    expect(kinds.slice(0, 5)).toEqual(['prefix', 'prefix', 'prefix', 'prefix', 'prefix'])
    expect(found.slice(0, 5).every((r) => r.sku.startsWith('SUB-'))).toBe(true)
    expect(firstText).toBe(5)
    expect(kinds.slice(firstText).every((k) => k === 'text')).toBe(true)
    expect(found[0]!.text).toContain('SKU starts with')
    expect(found[firstText]!.text).toContain('Name or text')
    expect($('[data-testid=results-count]')!.textContent).toMatch(/products match — 5 by SKU start · \d+ by name or text/)

    type(SHOWCASE.switch.sku.toLowerCase())
    await waitFor(() => $(`[data-testid=results][data-query="${SHOWCASE.switch.sku.toLowerCase()}"]`), 'the results for the SKU')
    expect(rows()[0]).toMatchObject({ sku: SHOWCASE.switch.sku, match: 'exact' })
    expect(rows()[0]!.text).toContain('Exact SKU')

    type('zzqx nothing like it')
    const empty = await waitFor(() => $('[data-testid=no-results]')?.textContent, 'the no-results state')
    expect(empty).toContain('Nothing matches “zzqx nothing like it”')
  })

  it('names vendors and product types, finds "swtich", opens a single exact SKU on Enter, and + adds a row to the basket', async () => {
    const m = await openCatalogue()
    // The demo names them (GET /vendors, /product_types): no "Vendor 3" or "Type 13" anywhere in the list.
    await waitFor(() => $$('[data-testid=result-vendor]').some((c) => c.textContent === 'Arcwave'), 'vendor names')
    expect($$('[data-testid=result-vendor]').map((c) => c.textContent).filter((v) => /^Vendor \d+$/.test(v ?? ''))).toEqual([])
    expect($$('[data-testid=result-type]').map((c) => c.textContent).filter((v) => /^Type \d+$/.test(v ?? ''))).toEqual([])
    // A narrow column cuts a long name short: the whole name is the cell's tooltip.
    expect($$('[data-testid=result-vendor]').every((c) => c.getAttribute('title') === c.textContent)).toBe(true)
    expect($$('[data-testid=result-type]').every((c) => c.getAttribute('title') === c.textContent)).toBe(true)

    type('swtich')
    await waitFor(() => $('[data-testid=results][data-query=swtich]') && rows().length > 0, 'the results for a typo')
    expect(rows().every((r) => r.match === 'similar' && /switch/i.test(r.text))).toBe(true)
    expect($('[data-testid=results-count]')!.textContent).toMatch(/with a similar spelling/)

    // Typed (not scanned) then Enter: the one exact SKU opens.
    type(SHOWCASE.router.sku.toLowerCase())
    searchBox().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    await waitFor(() => m.router.currentRoute.value.path === `/catalogue/products/${SHOWCASE.router.id}`, 'the exact match opened')

    // Mounted afresh (as after a reload): the search left is there again, and emptied it browses everything.
    const again = await demo.mount({ path: '/catalogue' })
    await waitFor(() => searchBox().value === SHOWCASE.router.sku.toLowerCase() && rows().some((r) => r.sku === SHOWCASE.router.sku), 'the search left')
    type('')
    await waitFor(() => $('[data-testid=results][data-query=""]') && rows().length > 0, 'the browse list')
    const row = await waitFor(() => $$('[data-testid=result-row]').find((r) => r.dataset.productId === String(SHOWCASE.accessPoint.id)), 'the access point row')
    row.querySelector<HTMLButtonElement>('[data-testid=row-add]')!.click()
    const note = await waitFor(() => $('[data-testid=catalogue-page] [data-testid=basket-added]')?.textContent?.trim(), 'the confirmation')
    expect(note).toContain(SHOWCASE.accessPoint.sku)
    const list = await demo.app.api.baskets.list()
    expect(list.ok && list.value.currentId).toBeTruthy()
    const draft = await demo.app.api.baskets.get({ id: (list.ok && list.value.currentId) || '' })
    expect(draft.ok && draft.value.doc.line_items.some((l) => l.product === SHOWCASE.accessPoint.id && l.quantity === 1)).toBe(true)
    expect(again.router.currentRoute.value.path).toBe('/catalogue')
  })
})
