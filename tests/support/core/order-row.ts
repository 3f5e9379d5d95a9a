import type { OrderRow } from '../../../shared/model/order'

/**
 * TESTS ONLY — an orders-index row as the service's list gives it: order `id` shipped on account by
 * organisation 1, PO-<id>, a total of <id>, no name or references; `fields` change any of that.
 */
export function orderRow(id: number, fields: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    date: '2026-01-01T00:00:00',
    status: 'SHIPPED',
    purchase_order_number: `PO-${id}`,
    supplier_ref: null,
    organisation: 1,
    total: id,
    payment_type: 'ON_ACCOUNT',
    attention_required: null,
    name: null,
    end_user: null,
    unread: [],
    references: [],
    ...fields,
  }
}
