// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { placeOrder } from '../../../../tests/support/sandbox/place-order'
import { TestClient } from '../../../../tests/support/sandbox/test-client'
import { OrderFilters } from '../../../../shared/ipc/channels/orders'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'

describe('the orders filters', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 30, speed: 0 } })

  it('finds orders by part of their name, PO number or reference as the rep types, without Enter', async () => {
    const placed = await placeOrder(new TestClient(demo.sandbox), [{ product: SHOWCASE.switch.id, quantity: 2 }], { name: 'Dunmore Hotel refit', purchase_order_number: 'PO-2026-00414' })
    await demo.mount({ path: '/orders' })
    const ids = () => $$('[data-testid=order-row]').map((r) => Number(r.dataset.orderId))
    const all = await waitFor(() => ids().length > 1 && ids(), 'the orders')
    const search = document.querySelector<HTMLInputElement>('#of-text')!
    for (const text of ['dunmore', '00414', String(placed.id).slice(1)]) {
      typeInto(search, text)
      // Narrowed to the orders that match (seeded ones may too), the new one among them.
      await waitFor(() => ids().length < all.length && ids().includes(placed.id), `the order found by "${text}"`)
    }
    expect(ids()).toContain(placed.id)
  })
  it('"Clear filters" clears the filters and keeps the sort; a sort other than newest first offers "Default sort", which brings it back and keeps the filters', async () => {
    try {
      await demo.mount({ path: '/orders' })
      await waitFor(() => $('[data-testid=order-row]'), 'the orders')
      const sortedBy = () => $('[role=columnheader][aria-sort=descending] button')?.dataset.testid
      expect(sortedBy()).toBe('sort-date')
      expect($('[data-testid=default-sort]')).toBeNull()

      $<HTMLButtonElement>('[data-testid=sort-total]')!.click()
      await waitFor(() => sortedBy() === 'sort-total', 'sorted by total')
      typeInto($<HTMLInputElement>('#of-text')!, 'PO-')
      await waitFor(() => $('[data-testid=filter-chip][data-chip=text]'), 'the search as a chip')
      expect($('[data-testid=clear-filters]')!.title).toBe('Clears every filter; the sort stays as chosen.')

      $<HTMLButtonElement>('[data-testid=clear-filters]')!.click()
      await waitFor(() => !$('[data-testid=filter-chips]'), 'the filters cleared')
      // The sort stays, and the way back to the default one is in sight.
      expect(sortedBy()).toBe('sort-total')
      const back = $<HTMLButtonElement>('[data-testid=default-sort]')!
      expect(back.textContent!.trim()).toBe('Default sort')
      expect(back.title).toBe('Back to the default order: Newest first. The filters stay.')

      // "Default sort" keeps the filters in use.
      typeInto($<HTMLInputElement>('#of-text')!, 'PO-')
      await waitFor(() => $('[data-testid=filter-chip][data-chip=text]'), 'the search as a chip again')
      $<HTMLButtonElement>('[data-testid=default-sort]')!.click()
      await waitFor(() => sortedBy() === 'sort-date', 'newest first again')
      expect($('[data-testid=default-sort]')).toBeNull()
      expect($('[data-testid=filter-chip][data-chip=text]')).not.toBeNull()
    } finally {
      await demo.app.api.orders.saveFilters(OrderFilters.parse({}))
    }
  })

  it('writes the filter dates as the chosen language does (dd/mm/yyyy in French), whatever the OS', async () => {
    localStorage.setItem('wd.language', 'fr')
    try {
      const saved = await demo.app.api.orders.saveFilters(OrderFilters.parse({ start_date: '2026-11-01', end_date: '2026-11-25' }))
      if (!saved.ok) throw new Error(saved.error.message)
      await demo.mount({ path: '/orders' })
      const start = await waitFor(() => document.querySelector<HTMLInputElement>('#of-start'), 'the start date')
      await waitFor(() => start.value === '01/11/2026', 'the start date in French')
      expect(document.querySelector<HTMLInputElement>('#of-end')!.value).toBe('25/11/2026')
    } finally {
      localStorage.removeItem('wd.language')
      await demo.app.api.orders.saveFilters(OrderFilters.parse({}))
    }
  })
})
