import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../shared/api'
import type { DraftView } from '../../shared/ipc/channels/baskets'
import { openNewDraft, plainProducts, scanIntoDraft } from './support/drafts'
import { chooseOption } from './support/naive-select'
import { launchApp, type AppUnderTest } from './support/app'
import { showIn } from './support/language'

/**
 * The rep's tools in the draft editor: stock on the lines with a warning above it, a note per line
 * and a customer reference kept on this computer (never sent to the service), and a sent basket
 * shown read-only with no "Delete draft".
 */
describe('the draft editor’s tools', () => {
  let app: AppUnderTest
  let product: Product
  beforeAll(async () => {
    app = await launchApp()
    product = (await plainProducts(app, { uniqueSku: true })).find((p) => (p.stock ?? 0) > 2)!
    expect(product).toBeDefined()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows stock on a line and warns above it, keeps a line note and a customer reference locally, and sends neither', async () => {
    const { page, sandbox } = app
    await app.startDemo()
    await app.call('catalogue.sync')
    await openNewDraft(app)
    await scanIntoDraft(page, product.product_code)

    // Stock: said on the line; a quantity above it is warned about on the line, not refused.
    const stock = page.locator('[data-testid=line-stock-0]')
    await expect.poll(() => stock.textContent()).toContain('in stock')
    await page.fill('[data-testid=line-qty-0]', String(product.stock! + 5))
    await expect.poll(() => stock.textContent()).toContain(`More than the ${product.stock!.toLocaleString('en-GB')} in stock`)
    await page.fill('[data-testid=line-qty-0]', '2')
    await expect.poll(() => stock.textContent()).not.toContain('More than')

    // A note on the line: typed in place, shown on the line, kept in the draft.
    await page.click('[data-testid=line-note-0]')
    await page.fill('[data-testid=line-note-input-0]', 'Deliver to the back door, ask for Sam')
    await page.press('[data-testid=line-note-input-0]', 'Enter')
    await expect.poll(() => page.textContent('[data-testid=line-note-text-0]')).toBe('Deliver to the back door, ask for Sam')

    // The customer's reference, beside the purchase order number (which says it is sent).
    await page.fill('[data-testid=draft-customer-reference]', 'CUST-REF-4471')
    await page.fill('[data-testid=draft-po]', 'PO-99812')
    expect(await page.textContent('#draft-po-hint')).toContain('Sent to the service')
    await page.fill('[data-testid=draft-name]', 'Tools check')
    const id = page.url().split('/').pop()!
    await expect
      .poll(async () => {
        const d = await app.call<DraftView>('baskets.get', { id })
        return [d.doc.line_items[0]?.note, d.doc.customerReference, d.doc.purchase_order_number]
      })
      .toEqual(['Deliver to the back door, ask for Sam', 'CUST-REF-4471', 'PO-99812'])

    // Both survive reopening.
    await page.reload()
    await expect.poll(() => page.textContent('[data-testid=line-note-text-0]')).toBe('Deliver to the back door, ask for Sam')
    expect(await page.inputValue('[data-testid=draft-customer-reference]')).toBe('CUST-REF-4471')

    // Sent: the order carries the purchase order number, never the note or the customer reference.
    // The address first: the shipping types then offered are those that serve its country (a type
    // chosen before it that does not is dropped when the address is chosen, as a rep would be told).
    await chooseOption(page, '[data-testid=saved-address]', { index: 1 })
    await chooseOption(page, '[data-testid=draft-shipping-type]', { index: 1 })
    // Valid now; if not, the failure names the fields the core still marks (and what they hold).
    await expect
      .poll(async () => {
        if ((await page.locator('[data-testid=invalid-note]').count()) === 0) return 'valid'
        const d = await app.call<DraftView>('baskets.get', { id })
        return JSON.stringify({ fields: d.fields, shipping_type: d.doc.shipping_type, country: d.doc.shipping_address?.country_code ?? null })
      }, { timeout: 30_000 })
      .toBe('valid')
    await page.click('[data-testid=submit-draft]')
    await page.waitForSelector('[data-testid=submitted-note]', { timeout: 60_000 })
    const placed = sandbox.control.listOrdersRaw().filter((o) => o.name?.startsWith('Tools check'))
    expect(placed).toHaveLength(1)
    expect(placed[0]!.purchase_order_number).toBe('PO-99812')
    const sent = JSON.stringify(placed[0])
    expect(sent).not.toContain('back door')
    expect(sent).not.toContain('CUST-REF-4471')

    // A sent basket reads as such: its fields cannot be typed in, and it cannot be deleted.
    expect(await page.locator('[data-testid=remove-draft]').count()).toBe(0)
    expect(await page.locator('[data-testid=draft-name]').isDisabled()).toBe(true)
    expect(await page.locator('[data-testid=line-note-0]').count()).toBe(0)
  })

  it('suggests SKUs from the local catalogue as one types: ArrowDown and Tab take one, then quantity and Enter add it', async () => {
    const { page } = app
    await openNewDraft(app)
    await page.locator('[data-testid=sku-input]').pressSequentially(product.product_code.slice(0, -1))
    await page.waitForSelector('[data-testid=sku-suggestions] [role=option]')
    const offered = await page.locator('[data-testid=sku-suggestions] [role=option] strong').allTextContents()
    const at = offered.indexOf(product.product_code)
    expect(at, `${product.product_code} among ${offered.join(', ')}`).toBeGreaterThanOrEqual(0)
    // A suggestion too long for the list is cut short: its SKU and whole name are its tooltip.
    expect(await page.locator('[data-testid=sku-suggestions] [role=option]').nth(at).getAttribute('title')).toBe(`${product.product_code} ${product.name}`)
    for (let i = 0; i <= at; i++) await page.keyboard.press('ArrowDown')
    expect(await page.getAttribute('[data-testid=sku-input]', 'aria-activedescendant')).toBe(`line-entry-suggestion-${at}`)
    await page.keyboard.press('Tab')
    expect(await page.inputValue('[data-testid=sku-input]')).toBe(product.product_code)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('qty-input')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('3')
    await page.keyboard.press('Enter')
    await page.waitForSelector(`[data-testid=lines] tr[data-sku="${product.product_code}"]`)
    expect(await page.inputValue('[data-testid=line-qty-0]')).toBe('3')
    // Back to an empty SKU for the next one, the suggestions gone.
    expect(await page.inputValue('[data-testid=sku-input]')).toBe('')
    expect(await page.locator('[data-testid=sku-suggestions]').isVisible()).toBe(false)
  })

  it('keeps the pasted rows it could not add, each with its reason, until they are fixed and added', async () => {
    const { page } = app
    await openNewDraft(app)
    const id = page.url().split('/').pop()!
    await page.click('[data-testid=open-import]')
    const notAdded = ['BOGUS-1,3', 'CBL-CAT6-2M,0', 'SW-24P-POE,1.5', 'MAINT-3Y-4H,abc', 'AMB-100,2']
    const found = ['AP-WIFI6-IN,3', 'RTR-BRANCH-4G,1', 'LIC-SEC-1Y,5', 'FW-NGFW-100,1', 'PHONE-DESK-IP,4', 'SW-24P-POE,2', 'MAINT-1Y-NBD,2']
    // Thirteen rows: a header, then found and not-addable rows interleaved.
    await page.fill('[data-testid=import-text]', ['SKU,Quantity', ...found.flatMap((f, i) => (notAdded[i] ? [f, notAdded[i]] : [f]))].join('\n'))
    await page.click('[data-testid=import-preview]')
    await page.waitForSelector('[data-testid=import-preview-table]')
    expect((await page.textContent('[data-testid=import-add]'))!.trim()).toBe('Add 7 lines')
    await page.click('[data-testid=import-add]')

    // Seven lines in; the panel stays with just the five rows, each with its reason, and says so.
    const outcome = page.locator('[data-testid=import-outcome]')
    await expect.poll(() => outcome.textContent()).toBe('7 lines added. 5 rows were not added — fix them below or discard them.')
    expect((await app.call<DraftView>('baskets.get', { id })).doc.line_items).toHaveLength(7)
    expect(await page.inputValue('[data-testid=import-text]')).toBe(notAdded.join('\n'))
    const reasons = await page.locator('[data-testid=import-preview-table] tbody tr td:last-child').allTextContents()
    expect(reasons.map((r) => r.trim())).toEqual([
      'Unknown SKU',
      'Not readable — “0”: At least 1',
      'Not readable — “1.5”: Whole numbers only',
      'Not readable — “abc”: Whole numbers only',
      expect.stringContaining('Several products share this SKU'),
    ])

    // Fixed in the box, the shared SKU's product chosen, the unknown one let through: all go in, the panel closes.
    await page.fill('[data-testid=import-text]', ['BOGUS-1,3', 'CBL-CAT6-2M,2', 'SW-24P-POE,1', 'MAINT-3Y-4H,1', 'AMB-100,2'].join('\n'))
    await page.click('[data-testid=import-preview]')
    await page.selectOption('#import-choose-5', { label: 'Gridstone Universal Rack Mount Kit' })
    await page.click('[data-testid=import-include-unknown]')
    expect((await page.textContent('[data-testid=import-add]'))!.trim()).toBe('Add 5 lines')
    await page.click('[data-testid=import-add]')
    await page.waitForSelector('[data-testid=open-import]:focus')
    expect(await page.locator('[data-testid=import-panel]').count()).toBe(0)
    const skus = (await app.call<DraftView>('baskets.get', { id })).doc.line_items.map((l) => l.product_code)
    expect(skus).toEqual(expect.arrayContaining(['BOGUS-1', 'CBL-CAT6-2M', 'MAINT-3Y-4H', 'AMB-100']))
  })

  it('adds the product picked among suggestions that share a SKU, and offers them when that SKU is typed by hand', async () => {
    const { page } = app
    await openNewDraft(app)
    const id = page.url().split('/').pop()!
    const sku = page.locator('[data-testid=sku-input]')
    await sku.pressSequentially('AMB-10')
    const gridstone = page.locator('[data-testid=sku-suggestions] [role=option]', { hasText: 'Gridstone' })
    await gridstone.click()
    await page.click('[data-testid=add-line]')
    await page.waitForSelector('[data-testid=lines] tr[data-sku="AMB-100"]')
    expect((await app.call<DraftView>('baskets.get', { id })).doc.line_items.map((l) => [l.product, l.product_name])).toEqual([[15, 'Gridstone Universal Rack Mount Kit']])
    expect(await page.locator('#line-entry-error').count()).toBe(0)

    // Typed by hand and Enter: both products offered right there, the question above them; the rep stays on the draft.
    await sku.fill('AMB-100')
    await sku.press('Enter')
    await expect.poll(() => page.textContent('#line-entry-question')).toBe('2 products share the SKU AMB-100: choose the one you mean from the list.')
    expect(await page.locator('[data-testid=sku-suggestions] [role=option]').allTextContents()).toEqual(['AMB-100 Fluxnet Universal Rack Mount Kit', 'AMB-100 Gridstone Universal Rack Mount Kit'])
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('qty-input')
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await app.call<DraftView>('baskets.get', { id })).doc.line_items.map((l) => l.product)).toEqual([15, 14])
    expect(page.url().endsWith(id)).toBe(true)
  })

  it('keeps a subtotal of millions inside its column, clear of the unit price, in French on a wide window', async () => {
    const { page } = app
    await page.setViewportSize({ width: 1366, height: 768 })
    await showIn(page, 'fr')
    await openNewDraft(app)
    await scanIntoDraft(page, product.product_code)
    // Seven figures before the decimal comma: "3 678 490,00 £GB" is wider than the column's least width.
    const quantity = Math.ceil(3_000_000 / product.price)
    // Measured in the first frame that shows the millions, before the save comes back: what the rep sees as they type.
    await page.evaluate(() => {
      const amount = document.querySelector<HTMLElement>('[data-testid=line-subtotal-0]')!
      const words = (el: Element) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        return range.getBoundingClientRect()
      }
      const w = window as unknown as { firstFit?: unknown }
      const observer = new MutationObserver(() => {
        if (!/^\d\s\d{3}\s\d{3},\d{2}/.test(amount.textContent ?? '')) return
        observer.disconnect()
        requestAnimationFrame(() => {
          const cell = amount.closest('td')!
          const unit = cell.previousElementSibling as HTMLElement
          const padding = parseFloat(getComputedStyle(cell).paddingRight) || 0
          w.firstFit = { text: amount.textContent, right: words(amount).right, left: words(amount).left, cellRight: cell.getBoundingClientRect().right - padding, unitRight: words(unit.querySelector('.lines__amount')!).right }
        })
      })
      observer.observe(amount, { subtree: true, childList: true, characterData: true })
    })
    await page.fill('[data-testid=line-qty-0]', String(quantity))
    type Fit = { text: string; right: number; left: number; cellRight: number; unitRight: number }
    const firstFit = () => page.evaluate(() => (window as unknown as { firstFit?: Fit }).firstFit)
    await expect.poll(firstFit).toBeTruthy()
    const fit = (await firstFit())!
    expect(fit.right, `${fit.text} runs out of its column`).toBeLessThanOrEqual(fit.cellRight + 0.5)
    expect(fit.left - fit.unitRight, `${fit.text} touches the unit price`).toBeGreaterThanOrEqual(8)
  })

  it('no page error happened on the way', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
