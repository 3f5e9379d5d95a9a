// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import { nextTick, reactive, type ComponentPublicInstance } from 'vue'
import type { DraftLine, LineProductInfo } from '../../../../shared/ipc/channels/baskets'
import { createTestI18n } from '../../../../tests/support/renderer/every-language'
import LineEntry from './LineEntry.vue'
import LinesTable from './LinesTable.vue'

const lines: DraftLine[] = ['SW-1', 'AP-2', 'CAB-3'].map((sku, i) => ({ key: `k${i}`, product: i + 1, product_code: sku, product_name: sku, quantity: i + 1, estimate: { unit: 10, asOf: null } }))
const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

function renderTable(props: Partial<InstanceType<typeof LinesTable>['$props']> = {}) {
  const w = mount(LinesTable, {
    props: { lines, products: {}, fields: {}, customerFinance: false, readonly: false, ...props },
    global: { plugins: [createTestI18n('en'), createPinia()] },
    attachTo: document.body,
  })
  mounted.push(w)
  return w
}

const press = async (el: Element, key: string) => {
  el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
  await nextTick()
  await nextTick()
}

describe('a line\u2019s quantity as the rep types it', () => {
  /** The table as its editor drives it: each change applied to the line, as the draft's save does. */
  function renderLive() {
    const live = reactive(lines.map((l) => ({ ...l }))) as DraftLine[]
    const w = renderTable({ lines: live, onChange: (key: string, patch: { quantity?: number | null }) => Object.assign(live.find((l) => l.key === key)!, patch) })
    return { w, live }
  }
  const type = async (input: HTMLInputElement, text: string) => {
    input.value = text
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await nextTick()
    await nextTick()
  }

  it('keeps "1.5" as typed, says whole numbers only, orders nothing and shows no subtotal', async () => {
    const { w, live } = renderLive()
    const input = w.find('[data-testid=line-qty-0]').element as HTMLInputElement
    await type(input, '1.5')
    expect(input.value).toBe('1.5')
    expect(live[0]!.quantity).toBeNull()
    expect(w.find('tr.lines__row [data-field-error]').text()).toBe('Whole numbers only')
    expect(w.find('[data-testid=line-subtotal-0]').text()).toBe('—')
    await type(input, '2')
    expect(live[0]!.quantity).toBe(2)
    expect(w.find('tr.lines__row [data-field-error]').exists()).toBe(false)
    expect(w.find('[data-testid=line-subtotal-0]').text()).toMatch(/20\.00/)
  })

  it('shows no subtotal for a quantity the line cannot be ordered with: no negative amounts', async () => {
    const { w } = renderLive()
    const input = w.find('[data-testid=line-qty-0]').element as HTMLInputElement
    await type(input, '-1')
    expect(w.find('[data-testid=line-subtotal-0]').text()).toBe('—')
    await type(input, '2000000')
    expect(w.find('[data-testid=line-subtotal-0]').text()).toBe('—')
  })
})

describe('the lines table, for the keyboard', () => {
  it('moves between lines with the arrow keys, from a row or from its quantity', async () => {
    const w = renderTable()
    const rows = () => w.findAll('tr.lines__row').map((r) => r.element as HTMLElement)
    rows()[0]!.focus()
    await press(rows()[0]!, 'ArrowDown')
    expect(document.activeElement).toBe(rows()[1])
    await press(rows()[1]!, 'Enter')
    expect(document.activeElement?.getAttribute('data-testid')).toBe('line-qty-1')
    await press(document.activeElement!, 'ArrowDown')
    expect(document.activeElement?.getAttribute('data-testid')).toBe('line-qty-2')
    await press(document.activeElement!, 'Escape')
    expect(document.activeElement).toBe(rows()[2])
    await press(rows()[2]!, 'ArrowUp')
    expect(document.activeElement).toBe(rows()[1])
  })

  it('removes the focused line with Delete, and leaves the table downwards from the last line', async () => {
    const w = renderTable()
    const rows = w.findAll('tr.lines__row').map((r) => r.element as HTMLElement)
    rows[1]!.focus()
    await press(rows[1]!, 'Delete')
    expect(w.emitted('remove')).toEqual([['k1']])
    rows[2]!.focus()
    await press(rows[2]!, 'ArrowDown')
    expect(w.emitted('leave')).toHaveLength(1)
  })

  it('a line left without a product by "use with this service" shows what it was and its error, not that the service checks its SKU', async () => {
    const i18n = createTestI18n('en')
    const unmatched: DraftLine = { key: 'u', product: null, product_code: 'AMB-100', product_name: 'Rack kit', quantity: 1, unmatched: 'ambiguous' }
    const bySku: DraftLine = { key: 's', product: null, product_code: 'NEW-1', quantity: 1 }
    const w = renderTable({ lines: [unmatched, bySku], fields: { 'line_items.0.product_code': 'Several products of this service have this SKU' } })
    const rows = w.findAll('tr.lines__row')
    expect(rows[0]!.text()).toContain('Rack kit')
    expect(rows[0]!.find('[data-field-error]').text()).toBe('Several products of this service have this SKU')
    expect(rows[0]!.text()).not.toContain(i18n.global.t('baskets.lines.unknownProduct'))
    expect(rows[1]!.text()).toContain(i18n.global.t('baskets.lines.unknownProduct'))
  })

  it('offers to choose the product of a line without one (left unmatched or kept by SKU), not of others, and not when read-only', () => {
    const unmatched: DraftLine = { key: 'u', product: null, product_code: 'AMB-100', quantity: 1, unmatched: 'ambiguous' }
    const bySku: DraftLine = { key: 's', product: null, product_code: 'NEW-1', quantity: 1 }
    const w = renderTable({ lines: [unmatched, bySku, lines[0]!] })
    const choose = w.findAll('[data-testid^=choose-product-]')
    expect(choose.map((b) => b.attributes('data-testid'))).toEqual(['choose-product-0', 'choose-product-1'])
    // Its name says which line: the visible words, then the SKU.
    expect(choose[0]!.text()).toBe('Choose product AMB-100')
    expect(choose[0]!.attributes('aria-expanded')).toBe('false')
    expect(renderTable({ lines: [unmatched], readonly: true }).find('[data-testid^=choose-product-]').exists()).toBe(false)
  })

  it('a read-only table (a basket being sent) removes nothing', async () => {
    const w = renderTable({ readonly: true })
    const row = w.find('tr.lines__row').element as HTMLElement
    row.focus()
    await press(row, 'Delete')
    expect(w.emitted('remove')).toBeUndefined()
    expect(w.find('[data-testid=remove-line-0]').exists()).toBe(false)
  })

  it('shows a line\'s errors next to it, with the service\'s field paths', () => {
    const w = renderTable({ fields: { 'line_items.1.quantity': 'At least 5 for the Annual plan', 'line_items.2.product_code': 'Unknown SKU CAB-3' } })
    expect(w.find('[data-testid=line-1]').text()).toContain('At least 5 for the Annual plan')
    expect(w.find('[data-testid=line-qty-1]').attributes('aria-invalid')).toBe('true')
    expect(w.find('[data-testid=line-2]').text()).toContain('Unknown SKU CAB-3')
  })

  it('shows each error of a line once: an option\'s under its choice (opened for it), the others on the row', () => {
    const info: LineProductInfo = {
      id: 2,
      sku: 'AP-2',
      name: 'AP-2',
      price: 10,
      subscription_type: null,
      provisioning: [{ id: 21, sku: 'PROV-1', name: 'Setup', price: 5, partner: false }],
      maintenance: [],
      rate_plans: [],
    }
    const fields = { 'line_items.1.prov_product': 'Not for this product', 'line_items.1.product_code': 'Discontinued', 'line_items.2.maintenance_product': 'No such maintenance' }
    const w = renderTable({ products: { 2: info }, fields })
    const shown = w.findAll('[data-field-error]').map((e) => e.text())
    expect(shown.sort()).toEqual(['Discontinued', 'No such maintenance', 'Not for this product'])
    expect(w.find('[data-testid=line-1]').text()).toContain('Discontinued')
    const prov = w.find('#line-k1-prov')
    expect(prov.attributes('aria-invalid')).toBe('true')
    expect(w.find(`#${prov.attributes('aria-describedby')}`).text()).toBe('Not for this product')
    // Line 3's product has no maintenance choice here (not in the catalogue), so its row says it.
    expect(w.find('[data-testid=line-2]').text()).toContain('No such maintenance')
  })
})

describe('a long draft in the lines table', () => {
  /** 300 lines, mounted as the editor has them (reactive, changed in place), with each line's renders counted. */
  async function longTable(fields: Record<string, string> = {}) {
    const many = reactive(
      Array.from({ length: 300 }, (_, i): DraftLine => ({ key: `k${i}`, product: null, product_code: `SKU-${i}`, product_name: `Product ${i}`, quantity: 1, estimate: { unit: 10, asOf: null } })),
    )
    const renders = new Map<string, number>()
    const counting = {
      updated(this: ComponentPublicInstance) {
        if (this.$.type.__name !== 'LineRow') return
        const key = (this.$props as { line: DraftLine }).line.key
        renders.set(key, (renders.get(key) ?? 0) + 1)
      },
    }
    const w = mount(LinesTable, {
      props: { lines: many, products: {}, fields, customerFinance: false, readonly: false },
      global: { plugins: [createTestI18n('en'), createPinia()], mixins: [counting] },
      attachTo: document.body,
    })
    mounted.push(w)
    // The lines beyond the first screen come a frame at a time.
    for (let n = 0; n < 50 && w.findAll('tr.lines__row').length < many.length; n++) await new Promise((r) => setTimeout(r, 20))
    expect(w.findAll('tr.lines__row')).toHaveLength(300)
    renders.clear()
    return { w, many, renders }
  }

  it('renders the one line whose quantity is typed, not the other 299', async () => {
    const { w, many, renders } = await longTable()
    many[120]!.quantity = 17
    await nextTick()
    expect((w.find('[data-testid=line-qty-120]').element as HTMLInputElement).value).toBe('17')
    expect([...renders.keys()]).toEqual(['k120'])
  })

  it('when one line\'s error comes or goes, renders that line only, and shows it there', async () => {
    const { w, renders } = await longTable({ 'line_items.7.quantity': 'At least 5', name: 'Too long' })
    // The editor's next messages: a new object, line 7's the same, line 200's new.
    await w.setProps({ fields: { 'line_items.7.quantity': 'At least 5', 'line_items.200.quantity': 'At least 1', name: 'Too long' } })
    expect(w.find('[data-testid=line-200]').text()).toContain('At least 1')
    expect(w.find('[data-testid=line-qty-200]').attributes('aria-invalid')).toBe('true')
    expect([...renders.keys()]).toEqual(['k200'])
    renders.clear()
    await w.setProps({ fields: { name: 'Too long' } })
    expect(w.find('[data-testid=line-7]').text()).not.toContain('At least 5')
    expect(w.find('[data-testid=line-200]').text()).not.toContain('At least 1')
    expect([...renders.keys()].sort()).toEqual(['k200', 'k7'])
  })
})

describe('the line entry', () => {
  it('adds with Enter from the SKU (a scanner) or after Tab to the quantity, then returns to an empty SKU', async () => {
    const w = mount(LineEntry, { global: { plugins: [createTestI18n('en'), createPinia()] }, attachTo: document.body })
    mounted.push(w)
    await w.find('[data-testid=sku-input]').setValue('SW-24P-POE')
    await w.find('form').trigger('submit')
    expect(w.emitted('add')).toEqual([[{ sku: 'SW-24P-POE', quantity: 1 }]])
    ;(w.vm as unknown as { reset(): void }).reset()
    await nextTick()
    expect((w.find('[data-testid=sku-input]').element as HTMLInputElement).value).toBe('')
    expect(document.activeElement).toBe(w.find('[data-testid=sku-input]').element)
    await w.find('[data-testid=sku-input]').setValue('AP-WIFI6-IN')
    await w.find('[data-testid=qty-input]').setValue('12')
    await w.find('form').trigger('submit')
    expect(w.emitted('add')![1]).toEqual([{ sku: 'AP-WIFI6-IN', quantity: 12 }])
  })
})
