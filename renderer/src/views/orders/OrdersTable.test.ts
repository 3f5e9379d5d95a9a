// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { createMemoryHistory, createRouter } from 'vue-router'
import { createTestI18n } from '../../../../tests/support/renderer/every-language'
import type { OrderRow } from '../../../../shared/ipc/channels/orders'
import OrdersTable from './OrdersTable.vue'

const TOTAL = 20_000
const row = (i: number): OrderRow => ({
  id: 100_000 + i,
  date: '2025-05-01T10:00:00',
  status: 'PROCESSING',
  unread: [],
  references: [],
  purchase_order_number: `PO-${i}`,
  supplier_ref: null,
  organisation: 1,
  total: i,
  payment_type: 'ON_ACCOUNT',
  attention_required: null,
  name: null,
  end_user: null,
})

/** happy-dom lays nothing out: the scroller gets the sizes a browser would give it. */
function laidOut(scroller: HTMLElement, rows: () => number = () => TOTAL): HTMLElement {
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 480 })
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => rows() * 40 })
  return scroller
}

/** Rows as the store holds them: the same object for an order each time it is asked for. */
function held(rowOf: (i: number) => OrderRow): (i: number) => OrderRow {
  const rows = new Map<number, OrderRow>()
  return (i) => rows.get(i) ?? rows.set(i, rowOf(i)).get(i)!
}

const testRouter = () => createRouter({ history: createMemoryHistory(), routes: [{ path: '/:any(.*)*', component: { template: '<div />' } }] })

function mountTable(loaded: (i: number) => boolean = () => true, rowOf = row, language: 'en' | 'de' = 'en', router = testRouter()) {
  const rowAt = held(rowOf)
  return mount(OrdersTable, {
    props: { total: TOTAL, rowAt: (i: number) => (loaded(i) ? rowAt(i) : undefined), sort: '-date', organisationName: () => 'Org', labelledBy: 'x', query: '' },
    global: { plugins: [createPinia(), createTestI18n(language), router] },
    attachTo: document.body,
  })
}

describe('the virtual orders table', () => {
  it("links each order's number to its page: a click opens it in the app", async () => {
    const router = testRouter()
    const w = mountTable(() => true, row, 'en', router)
    const link = w.get('[data-testid=order-row] a')
    expect(link.attributes('href')).toBe(`/orders/${row(0).id}`)
    await link.trigger('click', { button: 0 })
    await new Promise((done) => setTimeout(done, 0))
    expect(router.currentRoute.value.path).toBe(`/orders/${row(0).id}`)
    w.unmount()
  })

  it('tells assistive technology the whole size but renders only the rows in view', () => {
    const w = mountTable()
    expect(w.get('[role=table]').attributes('aria-rowcount')).toBe(String(TOTAL + 1))
    const rows = w.findAll('[data-testid=order-row]')
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThan(100)
    expect(rows[0]!.attributes('aria-rowindex')).toBe('2')
    w.unmount()
  })

  it('asks for the rows it scrolls to, deep into 20,000 orders', async () => {
    // Every row could be shown: the ones that are must be those scrolled to.
    const w = mountTable()
    await w.vm.$nextTick()
    const scroller = laidOut(w.get('[data-testid=orders-scroller]').element as HTMLElement)
    scroller.scrollTop = 15_000 * 40
    scroller.dispatchEvent(new Event('scroll'))
    await new Promise((r) => requestAnimationFrame(() => r(null)))
    await w.vm.$nextTick()
    const ranges = w.emitted('range') as [number, number][]
    const [start, end] = ranges.at(-1)!
    expect(start).toBeGreaterThan(14_900)
    expect(end).toBeLessThanOrEqual(TOTAL)
    const ids = w.findAll('[data-testid=order-row]').map((r) => Number(r.attributes('data-order-id')))
    expect(ids.length).toBeGreaterThan(0)
    expect(Math.min(...ids)).toBeGreaterThanOrEqual(100_000 + 14_900)
    w.unmount()
  })

  it('shows the first rows at once when new filters leave fewer orders than were scrolled past', async () => {
    const w = mountTable()
    await w.vm.$nextTick()
    let total = TOTAL
    const scroller = laidOut(w.get('[data-testid=orders-scroller]').element as HTMLElement, () => total)
    scroller.scrollTop = 15_000 * 40
    scroller.dispatchEvent(new Event('scroll'))
    await new Promise((r) => requestAnimationFrame(() => r(null)))
    total = 30
    await w.setProps({ total })
    expect(scroller.scrollTop).toBe(0)
    // The browser reports the scroll back (happy-dom does not).
    scroller.dispatchEvent(new Event('scroll'))
    await w.vm.$nextTick()
    const rows = w.findAll('[data-testid=order-row]')
    expect(rows[0]?.attributes('aria-rowindex')).toBe('2')
    expect((w.emitted('range') as [number, number][]).at(-1)![0]).toBe(0)
    w.unmount()
  })

  it('shows each status and payment type in the chosen language, coloured by what it asks, and a status it does not know in readable words', () => {
    const statuses = ['ATTENTION_REQUIRED', 'COMPLETE', 'ON_HOLD'] as const
    const w = mountTable(() => true, (i) => ({ ...row(i), status: statuses[i % 3]!, payment_type: i % 2 ? 'FINANCE' : 'ON_ACCOUNT' }), 'de')
    const [attention, complete, unknown] = w.findAll('[data-testid=order-row]').map((r) => r.get('[data-status]'))
    expect(attention!.text()).toBe('Handlungsbedarf')
    expect(attention!.classes()).toContain('status-look--warning')
    expect(complete!.classes()).toContain('status-look--success')
    expect(unknown!.attributes('data-status')).toBe('ON_HOLD')
    expect(unknown!.text()).toBe('On hold')
    const payments = w.findAll('[data-testid=order-row]').slice(0, 2).map((r) => r.findAll('[role=cell]')[6]!.text())
    expect(payments).toEqual(['Auf Rechnung', 'Finanzierung'])
    w.unmount()
  })

  it('gives a cell cut short by its column its whole text as a tooltip, and an empty cell none', async () => {
    const long = 'Elm Street Primary School and Nursery, Northern Campus'
    const w = mountTable(() => true, (i) => ({ ...row(i), purchase_order_number: `PO-${i}-REPLACEMENT-FOR-DAMAGED-UNITS`, supplier_ref: i % 2 ? 'SUP-9' : null }), 'de')
    await w.setProps({ organisationName: () => long })
    const [first, second] = w.findAll('[data-testid=order-row]').map((r) => r.findAll('[role=cell]'))
    expect(first![3]!.attributes('title')).toBe('PO-0-REPLACEMENT-FOR-DAMAGED-UNITS')
    expect(first![4]!.attributes('title')).toBeUndefined()
    expect(second![4]!.attributes('title')).toBe('SUP-9')
    expect(first![5]!.attributes('title')).toBe(long)
    expect(first![6]!.attributes('title')).toBe('Auf Rechnung')
    w.unmount()
  })

  // The cell was blank, where the order's page shows '–' for a value the order has not.
  it('shows a dash for an order without a purchase order number, which a screen reader reads as none', async () => {
    const w = mountTable(() => true, (i) => ({ ...row(i), purchase_order_number: i % 2 ? null : `PO-${i}` }), 'de')
    const [given, none] = w.findAll('[data-testid=order-row]').map((r) => r.findAll('[role=cell]')[3]!)
    expect(given!.text()).toBe('PO-0')
    expect(none!.get('[aria-hidden=true]').text()).toBe('–')
    expect(none!.get('.visually-hidden').text()).toBe('Keine Bestellnummer')
    expect(none!.attributes('title')).toBeUndefined()
    w.unmount()
  })

  // The cell was blank, as if the row were still loading, where the order's page shows '–'.
  it('shows a dash for an order without a supplier reference, which a screen reader reads as none', async () => {
    const w = mountTable(() => true, (i) => ({ ...row(i), supplier_ref: i % 2 ? '' : `SUP-${i}` }), 'de')
    const [given, none] = w.findAll('[data-testid=order-row]').map((r) => r.findAll('[role=cell]')[4]!)
    expect(given!.text()).toBe('SUP-0')
    expect(given!.attributes('title')).toBe('SUP-0')
    expect(none!.get('[aria-hidden=true]').text()).toBe('–')
    expect(none!.get('.visually-hidden').text()).toBe('Keine Lieferantenreferenz')
    expect(none!.attributes('title')).toBeUndefined()
    w.unmount()
  })

  it('shows what changed in the rows already shown: other orders in their places, organisation names arriving', async () => {
    const w = mountTable()
    await w.setProps({ organisationName: () => '' })
    const first = () => w.findAll('[data-testid=order-row]')[0]!
    expect(first().findAll('[role=cell]')[5]!.text()).toBe('')
    await w.setProps({ organisationName: () => 'Dunmore Hotels' })
    expect(first().findAll('[role=cell]')[5]!.text()).toBe('Dunmore Hotels')
    const reversed = held((i) => row(TOTAL - 1 - i))
    await w.setProps({ rowAt: reversed }) // sorted the other way
    expect(first().attributes('data-order-id')).toBe(String(100_000 + TOTAL - 1))
    w.unmount()
  })

  it('sorts by date and by total from the column headers', async () => {
    const w = mountTable()
    await w.get('[data-testid=sort-date]').trigger('click')
    await w.get('[data-testid=sort-total]').trigger('click')
    expect(w.emitted('sort')).toEqual([['+date'], ['-total']])
    w.unmount()
  })
})
