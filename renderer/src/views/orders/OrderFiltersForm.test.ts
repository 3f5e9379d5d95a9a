// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { placeOrder } from '../../../../tests/support/sandbox/place-order'
import { TestClient } from '../../../../tests/support/sandbox/test-client'
import { OrderFilters } from '../../../../shared/ipc/channels/orders'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'

describe('the orders text search', () => {
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
