import { describe, expect, it } from 'vitest'
import { Order } from '../api'
import { DraftDoc } from './draft'
import { draftFromBasket } from './draft-from-basket'

const order = Order.parse({
  id: 77,
  organisation: 3,
  status: 'COMPLETE',
  total: 250,
  purchase_order_number: 'PO-OLD',
  shipping_address: { company_name: 'Acme', addr_line_1: '1 High St', city: 'Leeds', postal_code: 'LS1 1AA', country_code: 826 },
  shipping_type: 2,
  ship_instructions: 'Back door',
  end_user: 'Globex',
  part_ship: false,
  payment_type: 'ON_ACCOUNT',
  line_items: [
    {
      id: 1,
      order: 77,
      product: 10,
      name: 'Router',
      product_code: 'RT-1',
      quantity: 2,
      price: 100,
      sub_total_for_item: 200,
      prov_product: 11,
      maintenance_product: 12,
      discount: 5,
      storage_order: { team_name: 'Ops', admin_email: 'ops@example.com', subscription_id: 999 },
    },
    { id: 2, order: 77, product: 20, name: 'Cable', quantity: 5, price: 10, sub_total_for_item: 50, selected_rate_plan: 4, markup: 12 },
  ],
})

describe('reorder', () => {
  it('copies products, quantities and their options, shipping and payment into a valid draft', () => {
    const doc = DraftDoc.parse(draftFromBasket(order, 'reorder'))
    expect(doc.name).toBe('Reorder of order 77')
    expect(doc.line_items.map((l) => [l.product, l.quantity])).toEqual([
      [10, 2],
      [20, 5],
    ])
    expect(doc.line_items[0]).toMatchObject({ prov_product: 11, maintenance_product: 12, storage_order: { team_name: 'Ops', admin_email: 'ops@example.com' } })
    expect(doc.line_items[1]).toMatchObject({ selected_rate_plan: 4, markup: 12 })
    expect(doc.shipping_address).toMatchObject({ addr_line_1: '1 High St', country_code: 826 })
    expect(doc).toMatchObject({ shipping_type: 2, ship_instructions: 'Back door', end_user: 'Globex', part_ship: false, payment_type: 'ON_ACCOUNT' })
  })

  it('leaves out what belongs to the old order: its PO, quote discounts, subscription ids', () => {
    const doc = DraftDoc.parse(draftFromBasket(order, 'reorder'))
    expect(doc.purchase_order_number).toBe('')
    expect(doc.line_items[0]!.discount).toBeUndefined()
    expect(JSON.stringify(doc)).not.toContain('999')
  })

  it('gives the same line keys each time (a reorder of the same order twice)', () => {
    expect(draftFromBasket(order, 'reorder').line_items.map((l) => l.key)).toEqual(['reorder-1-0', 'reorder-2-1'])
  })
})

describe('working offline on a service basket', () => {
  it('keeps its name, purchase order number and quote discounts, without the service\'s subscription ids, under new line keys', () => {
    const doc = DraftDoc.parse(draftFromBasket({ ...order, name: 'Spring stock' }, 'copy'))
    expect(doc).toMatchObject({ name: 'Spring stock', purchase_order_number: 'PO-OLD', shipping_type: 2, part_ship: false })
    expect(doc.line_items.map((l) => [l.product, l.quantity, l.discount ?? null])).toEqual([
      [10, 2, 5],
      [20, 5, null],
    ])
    expect(doc.line_items[0]!.storage_order).toEqual({ team_name: 'Ops', admin_email: 'ops@example.com' })
    expect(new Set(doc.line_items.map((l) => l.key)).size).toBe(2)
    expect(doc.line_items[0]!.key).not.toMatch(/^reorder-/)
  })
})
