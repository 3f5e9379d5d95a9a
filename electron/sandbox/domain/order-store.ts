import type { Order } from '../../../shared/api'
import type { Store } from '../db/store'

/** Orders and baskets share one table and one id sequence; `doc` is the exact response JSON. */
export interface OrderRow {
  id: number
  organisation: number
  status: Order['status']
  created_by: number | null
  resubmitted: number
  next_at: number | null
  doc: string
}

export interface OrderMeta {
  createdBy?: number | null
  resubmitted?: boolean
  /** Sandbox-clock time of the next automatic workflow step (null: none). */
  nextAt?: number | null
}

export function loadOrderRow(store: Store, id: number): OrderRow | undefined {
  return store.get<OrderRow>('SELECT id, organisation, status, created_by, resubmitted, next_at, doc FROM orders WHERE id = ?', id)
}

/**
 * What an order's text filter matches in part: only what spec 4.2 names. "Reference" names no field:
 * its shipments' references count here, and the order id, which is matched whole (order-lists.ts).
 * Names and end users are not matched: spec 4.2 names only these, and the app finds orders by
 * them in its own index.
 */
export function searchText(o: Order): string {
  return [...(o.shipments ?? []).map((s) => s.reference), o.purchase_order_number, o.supplier_ref, ...(o.linked_supplier_refs ?? [])].filter(Boolean).join('\n').toLowerCase()
}

/** Reserves the next shared basket/order id (line items carry it before the row is complete). */
export function reserveOrderId(store: Store, organisation: number, date: string): number {
  return store.run("INSERT INTO orders (organisation, status, date, total, search, doc) VALUES (?, 'DRAFT', ?, 0, '', '{}')", organisation, date).lastInsertRowid
}

export function saveOrder(store: Store, o: Order, meta: OrderMeta = {}): void {
  const row = loadOrderRow(store, o.id)
  store.run(
    `UPDATE orders SET organisation = ?, status = ?, date = ?, total = ?, payment_type = ?, name = ?, name_lc = ?, search = ?,
       created_by = ?, resubmitted = ?, next_at = ?, doc = ? WHERE id = ?`,
    o.organisation,
    o.status,
    o.date ?? '',
    o.total,
    o.payment_type ?? null,
    o.name ?? null,
    o.name?.toLowerCase() ?? null,
    searchText(o),
    meta.createdBy !== undefined ? meta.createdBy : (row?.created_by ?? null),
    meta.resubmitted !== undefined ? (meta.resubmitted ? 1 : 0) : (row?.resubmitted ?? 0),
    meta.nextAt !== undefined ? meta.nextAt : (row?.next_at ?? null),
    JSON.stringify(o),
    o.id,
  )
}

export function parseOrder(row: { doc: string }): Order {
  return JSON.parse(row.doc) as Order
}
