import type { Address, Order } from '../../../shared/api'
import type { DraftView } from '../../../shared/ipc/channels/baskets'
import type { CustomerDocument } from './customer-document'

interface Names {
  organisation: string
  status?: string
  country: (id: number) => string
}

function addressLines(a: Partial<Address> | null | undefined, country: (id: number) => string): string[] {
  if (!a) return []
  return [a.company_name, a.recipient_name, a.addr_line_1, a.addr_line_2, a.city, a.region, a.postal_code, a.country_code ? country(a.country_code) : null]
    .filter((l): l is string => typeof l === 'string' && l.trim() !== '')
}

/** A line's per-line note, where the draft or order carries one (added with per-line notes). */
const noteOf = (line: object): string | null => {
  const note = (line as { note?: unknown }).note
  return typeof note === 'string' && note.trim() ? note.trim() : null
}

/** What a confirmation is made of: an order's, whole or as the local index kept it (offline). */
export type ConfirmedOrder = Pick<Order, 'id' | 'date' | 'purchase_order_number' | 'end_user' | 'shipping_address' | 'line_items' | 'total' | 'ship_instructions'>

/** An order as its confirmation for the customer. */
export function confirmationOf(o: ConfirmedOrder, names: Names): CustomerDocument {
  return {
    kind: 'confirmation',
    reference: String(o.id),
    date: o.date ?? new Date().toISOString(),
    status: names.status ?? null,
    organisation: names.organisation,
    customerReference: o.purchase_order_number || null,
    endUser: o.end_user || null,
    shipTo: addressLines(o.shipping_address, names.country),
    lines: o.line_items.map((l) => ({ sku: l.product_code ?? '', name: l.name ?? '', quantity: l.quantity, unit: l.price, subtotal: l.sub_total_for_item, note: noteOf(l) })),
    total: o.total,
    instructions: o.ship_instructions || null,
  }
}

/** A draft as a quote: the estimated prices, the total only when every line has one. */
export function quoteOf(v: DraftView, names: Names, now: string): CustomerDocument {
  const lines = v.doc.line_items.map((l) => {
    const unit = l.estimate?.unit ?? null
    const qty = l.quantity ?? null
    return { sku: l.product_code ?? '', name: l.product_name ?? '', quantity: qty, unit, subtotal: unit !== null && qty !== null ? unit * qty : null, note: noteOf(l) }
  })
  const known = lines.every((l) => l.subtotal !== null)
  return {
    kind: 'quote',
    reference: v.doc.name || v.title || v.id,
    date: now,
    status: null,
    organisation: names.organisation,
    // The customer's own reference where the rep kept one (local to the draft), else the PO number.
    customerReference: v.doc.customerReference?.trim() || v.doc.purchase_order_number || null,
    endUser: v.doc.end_user || null,
    shipTo: addressLines(v.doc.shipping_address as Partial<Address> | null, names.country),
    lines,
    total: known ? lines.reduce((s, l) => s + (l.subtotal ?? 0), 0) : null,
    instructions: v.doc.ship_instructions || null,
  }
}
