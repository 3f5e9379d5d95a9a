import type { z } from 'zod'
import type { BasketListQuery, OrderListQuery } from '../../../shared/api'
import { orderBy, pageOf, texts, Where } from '../lists'
import type { SandboxState } from '../state'

type Baskets = z.output<typeof BasketListQuery>
type Orders = z.output<typeof OrderListQuery>

function page(state: SandboxState, where: Where, order: string, p: { page: number; per_page: number }): { raw: string; total: number } {
  const total = state.store.get<{ n: number }>(`SELECT count(*) AS n FROM orders ${where.sql}`, ...where.params)!.n
  const { limit, offset } = pageOf(p)
  if (offset >= total) return { raw: '[]', total }
  const rows = state.store.all<{ doc: string }>(`SELECT doc FROM orders ${where.sql} ${order} LIMIT ? OFFSET ?`, ...where.params, limit, offset)
  return { raw: `[${rows.map((r) => r.doc).join(',')}]`, total }
}

/** The caller's own organisation's baskets (spec: "own organisation"); default sort +name. */
export function listBaskets(state: SandboxState, organisation: number, q: Baskets): { raw: string; total: number } {
  const where = new Where().add("status = 'DRAFT'").add('organisation = ?', organisation)
  return page(state, where, orderBy(q.sort_by, { name: 'name_key(name)', total: 'total' }), q)
}

/**
 * Orders (never baskets) of the caller's organisation and descendants. text matches the reference
 * (the order id, exactly, with or without '#') or, partially and case-insensitively, a shipment's
 * reference, the supplier reference, linked supplier references or purchase order number (spec 4.2
 * names nothing else). Dates are inclusive days. Orders of the same date or total follow the sort's
 * direction by id, as the app's own orders index orders them.
 */
export function listOrders(state: SandboxState, visible: readonly number[], q: Orders): { raw: string; total: number } {
  const where = new Where().add("status <> 'DRAFT'").inList('organisation', visible)
  if (q.organisation) where.inList('organisation', q.organisation)
  if (q.status) where.inList('status', q.status)
  if (q.payment_type) where.inList('payment_type', q.payment_type)
  where.anyOf(texts(q.text), (text) => ['(id = ? OR instr(search, ?) > 0)', /^#?[0-9]{1,15}$/.test(text) ? Number(text.replace('#', '')) : -1, text.toLowerCase()])
  // A repeated bound is ORed like any repeated parameter.
  where.anyOf(q.start_date ?? [], (d) => ['date >= ?', d])
  where.anyOf(q.end_date ?? [], (d) => ['substr(date, 1, 10) <= ?', d])
  where.anyOf(q.value_from ?? [], (v) => ['total >= ?', v])
  where.anyOf(q.value_to ?? [], (v) => ['total <= ?', v])
  return page(state, where, orderBy(q.sort_by, { date: 'date', total: 'total' }, true), q)
}
