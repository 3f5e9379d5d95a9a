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
