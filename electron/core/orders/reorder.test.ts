import { describe, expect, it } from 'vitest'
import { Order } from '../../../shared/api'
import { DraftDoc } from '../../../shared/model/draft'
import { draftFromOrder } from './reorder'

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
    const doc = DraftDoc.parse(draftFromOrder(order))
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
    const doc = DraftDoc.parse(draftFromOrder(order))
    expect(doc.purchase_order_number).toBe('')
    expect(doc.line_items[0]!.discount).toBeUndefined()
    expect(JSON.stringify(doc)).not.toContain('999')
  })
})
