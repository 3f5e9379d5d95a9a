import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DraftView, ReferenceData } from '../../shared/ipc/channels/baskets'
import { launchApp, type AppUnderTest } from './support/app'
import { SHOWCASE } from '../../electron/sandbox/seed/catalogue'
import { placeOrder } from '../support/sandbox/place-order'
import { TestClient } from '../support/sandbox/test-client'

/**
 * Documents for the customer, printed by Chromium (as Electron's printToPDF is) and read back with
 * a real PDF reader (pdftotext, poppler-utils): an order confirmation and a draft as a quote, in the
 * user's language (French here) and currency, with the customer's PO number.
 */
describe('documents: order confirmation and quote as PDF', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await launchApp({ page: { locale: 'fr-FR' }, viewport: { width: 1366, height: 768 } })
    await app.page.evaluate(() => localStorage.setItem('wd.language', 'fr'))
    await app.page.reload()
    await app.startDemo()
  })
  afterAll(async () => {
    await app?.close()
  })

  /** The text of a PDF as pdftotext reads it, spaces (incl. narrow no-break ones) left out for comparing amounts. */
  const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
  const squeeze = (s: string) => s.replace(/\s+/gu, '')
  const frenchAmount = (n: number) => squeeze(new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n))
  const savedPath = async (testid: string) => {
    const result = app.page.locator(`[data-testid=${testid}-result]`, { hasText: 'Enregistré dans' })
    await result.waitFor({ timeout: 30_000 })
    return ((await result.textContent()) ?? '').match(/Enregistré dans (.+\.pdf)\.$/)![1]!
  }

  it('prints an order confirmation with its lines, the PO number and the total in French', async () => {
    const { page } = app
    const order = app.sandbox.control.listOrdersRaw().find((o) => o.status !== 'DRAFT' && o.purchase_order_number && o.line_items.length > 1)!
    await page.goto(`${app.url}#/orders/${order.id}`)
    await page.click('[data-testid=confirmation-pdf]')
    const path = await savedPath('confirmation-pdf')
    expect(path.endsWith(`order-${order.id}.pdf`)).toBe(true)
    const text = pdfText(path)
    expect(text).toContain('Confirmation de commande')
    expect(text).toContain('Votre référence (bon de commande)')
    expect(text).toContain(order.purchase_order_number!)
    expect(text).toContain(String(order.id))
    for (const line of order.line_items) expect(text).toContain(line.product_code!)
    expect(squeeze(text)).toContain(frenchAmount(order.total))
  })

  it('writes a quantity as French writes numbers: 1 200 switches', async () => {
    const { page } = app
    const placed = await placeOrder(new TestClient(app.sandbox), [{ product: SHOWCASE.switch.id, quantity: 1200 }])
    await page.goto(`${app.url}#/orders/${placed.id}`)
    await page.click('[data-testid=confirmation-pdf]')
    const text = pdfText(await savedPath('confirmation-pdf'))
    // It read '1200' beside amounts written '504 000,00 £GB'.
    expect(text).toMatch(/1[\u00a0\u202f ]200/u)
    expect(text).not.toMatch(/\b1200\b/)
  })

  it("prints a draft as a quote from the editor's action bar, with the customer's reference", async () => {
    const { page } = app
    const ref = await app.call<ReferenceData>('baskets.referenceData')
    const draft = await app.call<DraftView>('baskets.create', {
      doc: { name: 'Devis Dunmore', purchase_order_number: 'PO-QUOTE-7', end_user: 'Hôtel Dunmore', shipping_address: { addr_line_1: '1 rue Haute', city: 'Lyon', postal_code: '69001', country_code: ref.countries[0]!.id } },
    })
    await app.call('baskets.addLine', { draftId: draft.id, sku: 'SW-24P-POE', quantity: 3 })
    await page.goto(`${app.url}#/baskets/drafts/${draft.id}`)
    await page.click('[data-testid=quote-pdf]')
    const text = pdfText(await savedPath('quote-pdf'))
    expect(text).toContain('Devis')
    expect(text).toContain('PO-QUOTE-7')
    expect(text).toContain('Hôtel Dunmore')
    expect(text).toContain('SW-24P-POE')
    expect(text).toContain('Les prix sont des estimations')
  })

  it('puts each PDF button beside the page\u2019s other actions at their size, not a smaller one', async () => {
    const { page } = app
    const heights = (row: string) => page.$$eval(`${row} button`, (buttons) => buttons.map((b) => `${b.textContent!.trim()}: ${Math.round(b.getBoundingClientRect().height)}`))
    const order = app.sandbox.control.listOrdersRaw().find((o) => o.status !== 'DRAFT' && o.line_items.length > 0)!
    await page.goto(`${app.url}#/orders/${order.id}`)
    await page.locator('[data-testid=confirmation-pdf]').waitFor()
    const draft = await app.call<DraftView>('baskets.create', { doc: { name: 'Hauteur' } })
    const orderRow = await heights('.order-page__actions')
    await page.goto(`${app.url}#/baskets/drafts/${draft.id}`)
    await page.locator('[data-testid=quote-pdf]').waitFor()
    const draftRow = await heights('[data-testid=draft-actions]')
    for (const row of [orderRow, draftRow]) {
      expect(row.length).toBeGreaterThan(1)
      expect(new Set(row.map((b) => b.split(': ')[1])).size, row.join(', ')).toBe(1)
    }
  })

  it('had no page errors', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
