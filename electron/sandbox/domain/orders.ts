import type { z } from 'zod'
import type { BasketBody, FieldError, LineItem, LineItemRequest, Order, OrderStatus } from '../../../shared/api'
import { isCancellable, missingForShipping } from '../../../shared/api'
import type { Caller } from '../auth'
import { conflict, invalid, notFound } from '../errors'
import type { SandboxState } from '../state'
import { recordAudit } from './audit'
import { loadOrderRow, parseOrder, reserveOrderId, saveOrder, type OrderRow } from './order-store'
import { priceLine, requestOf, resolveLine, type ResolvedLine } from './line-items'
import { round2 } from '../../../shared/api'
import { applyTransition, dueAfter } from './workflow'
import { shippingTypeProblem } from './shipping-types'

export type BasketInput = z.output<typeof BasketBody>

/** Who acts and when: a caller over HTTP, or the seed generator. */
export interface Actor {
  userId: number
  organisation: number
  visible: readonly number[]
  ip: string
  now: number
}

export const actorOf = (state: SandboxState, c: Caller): Actor => ({ userId: c.user.id, organisation: c.user.organisation, visible: c.visible, ip: c.ip, now: state.clock.now() })

/** A basket/order body checked against the catalogue and reference data. */
interface Checked {
  body: BasketInput
  organisation: number
  lines: ResolvedLine[]
}

const BASKET_LINE_LIMIT = 1000

function countryExists(state: SandboxState, id: number): boolean {
  return state.store.get('SELECT 1 AS x FROM country_codes WHERE id = ?', id) !== undefined
}

/** Semantic checks of a body the schema accepted; every problem is reported at once (422). */
function check(state: SandboxState, actor: Actor, body: BasketInput): Checked {
  const errors: FieldError[] = []
  const organisation = body.organisation ?? actor.organisation
  // The acting organisation: the caller's own or a descendant (our documented extension).
  if (!actor.visible.includes(organisation)) errors.push({ field: 'organisation', message: 'Not your organisation or one of its descendants' })
  const shipping = shippingTypeProblem(state.store, body.shipping_type, body.shipping_address?.country_code)
  if (shipping) errors.push(shipping)
  const addresses: [string, number | undefined][] = [
    ['shipping_address.country_code', body.shipping_address?.country_code],
    ['finance.registered_address.country_code', body.finance?.registered_address?.country_code],
    ...(body.finance?.trading_addresses ?? []).map((a, i): [string, number] => [`finance.trading_addresses.${i}.country_code`, a.country_code]),
  ]
  for (const [field, id] of addresses) if (id !== undefined && !countryExists(state, id)) errors.push({ field, message: `Unknown country code ${id}` })
  const rules = { markupRequired: body.finance?.target === 'CUSTOMER' }
  const lines = body.line_items.map((l, i) => resolveLine(state, l, `line_items.${i}.`, rules, errors))
  if (errors.length) throw invalid(errors)
  return { body, organisation, lines: lines as ResolvedLine[] }
}

/** What an order needs beyond a basket: lines, and an address and shipping type for goods that ship. */
function checkSubmittable(c: Checked, what: 'basket' | 'order'): void {
  const errors: FieldError[] = []
  if (!c.lines.length) errors.push({ field: 'line_items', message: 'An order needs at least one line item' })
  for (const field of missingForShipping(c.body, c.lines.some((l) => l.product.is_shippable))) errors.push({ field, message: 'Required: the order has items to ship' })
  if (errors.length) throw invalid(errors, what === 'basket' ? 'The basket cannot be submitted yet' : 'The order cannot be placed yet')
}

interface BuildOptions {
  id: number
  status: OrderStatus
  date: string
  /** Kept line ids and original prices when re-pricing an existing record. */
  previous?: LineItem[]
}

/** The stored (and answered) document of a basket or order. */
function build(state: SandboxState, c: Checked, o: BuildOptions): Order {
  const factor = state.orgs.priceFactor(c.organisation)
  const fresh = c.lines.length - Math.min(o.previous?.length ?? 0, c.lines.length)
  let nextId = fresh > 0 ? state.store.reserve('line_item', fresh) : 0
  const lines = c.lines.map((l, i) => {
    const prev = o.previous?.[i]
    return priceLine(state, l, { factor, orderId: o.id, lineId: prev?.id ?? nextId++, originalPrice: prev?.original_price ?? undefined })
  })
  const b = c.body
  const doc: Order = {
    id: o.id,
    external_id: null,
    purchase_order_number: b.purchase_order_number ?? null,
    supplier_ref: null,
    linked_supplier_refs: [],
    organisation: c.organisation,
    date: o.date,
    status: o.status,
    parent_id: null,
    shipping_address: b.shipping_address ?? null,
    shipping_type: b.shipping_type ?? null,
    ship_instructions: b.ship_instructions ?? null,
    ship_cost: 0,
    ship_final: false,
    discount: null,
    end_user: b.end_user ?? null,
    provisioning_instructions: b.provisioning_instructions ?? null,
    manual_authorisation: false,
    total: 0,
    part_ship: b.part_ship,
    line_items: lines,
    name: b.name ?? null,
    units: [],
    attention_required: null,
    payment_type: b.payment_type,
    finance: b.finance ? { ...b.finance, approved: false } : null,
    shipments: [],
  }
  totals(state, doc, c.lines)
  return doc
}

/**
 * ship_cost is the shipping type's cost when anything ships; total = line sub-totals + ship_cost.
 * manual_authorisation: the organisation's authorisation limit is exceeded (our rule).
 */
function totals(state: SandboxState, doc: Order, lines: ResolvedLine[]): void {
  const shipping = doc.shipping_type ? state.store.get<{ cost: number }>('SELECT cost FROM shipping_types WHERE id = ?', doc.shipping_type) : undefined
  doc.ship_cost = lines.some((l) => l.product.is_shippable) ? (shipping?.cost ?? 0) : 0
  doc.total = round2(doc.line_items.reduce((s, l) => s + l.sub_total_for_item, 0) + doc.ship_cost)
  const limit = state.orgs.get(doc.organisation)?.authorisation_limit
  doc.manual_authorisation = state.options.manualAuthorisation && limit !== null && limit !== undefined && doc.total > limit
}

/** The body a stored basket was made from, to re-check and re-price it (full documents keep every field). */
function bodyOf(doc: Order): BasketInput {
  const b: BasketInput = { part_ship: doc.part_ship, payment_type: doc.payment_type ?? 'ON_ACCOUNT', line_items: doc.line_items.map(requestOf), organisation: doc.organisation }
  if (doc.name !== null && doc.name !== undefined) b.name = doc.name
  if (doc.purchase_order_number !== null && doc.purchase_order_number !== undefined) b.purchase_order_number = doc.purchase_order_number
  if (doc.shipping_address) b.shipping_address = doc.shipping_address as BasketInput['shipping_address']
  if (doc.shipping_type) b.shipping_type = doc.shipping_type
  if (doc.ship_instructions) b.ship_instructions = doc.ship_instructions
  if (doc.end_user) b.end_user = doc.end_user
  if (doc.provisioning_instructions) b.provisioning_instructions = doc.provisioning_instructions
  if (doc.finance) {
    const { approved: _a, ...finance } = doc.finance
    // Stored from a body it accepted, so its target is one a request may name.
    b.finance = finance as BasketInput['finance']
  }
  return b
}

/** Re-prices a stored basket at today's prices, keeping line ids and original prices. */
function refreshed(state: SandboxState, doc: Order, visible: readonly number[]): { checked: Checked; doc: Order } {
  const actor: Actor = { userId: 0, organisation: doc.organisation, visible, ip: '', now: 0 }
  const checked = check(state, actor, bodyOf(doc))
  return { checked, doc: build(state, checked, { id: doc.id, status: doc.status as OrderStatus, date: doc.date ?? '', previous: doc.line_items }) }
}

function audit(state: SandboxState, actor: Actor, action: string, what: string, organisation: number): void {
  if (!actor.userId) return
  recordAudit(state.store, {
    user: actor.userId,
    action,
    timestamp: state.clock.iso(actor.now),
    ip: actor.ip,
    on: what,
    onBehalf: organisation !== actor.organisation ? organisation : null,
  })
}

// ---- reading -------------------------------------------------------------------------------

/** A basket (DRAFT) or an order (anything else) the caller may see; otherwise 404, whatever the reason. */
export function findRecord(state: SandboxState, visible: readonly number[], id: number, kind: 'basket' | 'order'): OrderRow {
  const row = loadOrderRow(state.store, id)
  if (!row || !visible.includes(row.organisation) || (kind === 'basket') !== (row.status === 'DRAFT')) throw notFound(kind === 'basket' ? 'Basket' : 'Order')
  return row
}

/** For basket writes: a basket already submitted is a 409 (it is an order now), not a 404. */
function basketForWrite(state: SandboxState, actor: Actor, id: number): Order {
  const row = loadOrderRow(state.store, id)
  if (!row || !actor.visible.includes(row.organisation)) throw notFound('Basket')
  if (row.status !== 'DRAFT') throw conflict(`Basket ${id} has been submitted already: it is order ${id}`)
  return parseOrder(row)
}

// ---- baskets -------------------------------------------------------------------------------

export function createBasket(state: SandboxState, actor: Actor, body: BasketInput): Order {
  const checked = check(state, actor, body)
  return state.store.transaction(() => {
    const date = state.clock.iso(actor.now)
    const id = reserveOrderId(state.store, checked.organisation, date)
    const doc = build(state, checked, { id, status: 'DRAFT', date })
    saveOrder(state.store, doc, { createdBy: actor.userId || null })
    audit(state, actor, 'CREATED', `Basket #${id}`, doc.organisation)
    return doc
  })
}

/** Full replace ("body as create"); the basket keeps its id and creation date. */
export function modifyBasket(state: SandboxState, actor: Actor, id: number, body: BasketInput): Order {
  const existing = basketForWrite(state, actor, id)
  const checked = check(state, actor, body)
  return state.store.transaction(() => {
    const doc = build(state, checked, { id, status: 'DRAFT', date: existing.date ?? state.clock.iso(actor.now) })
    saveOrder(state.store, doc)
    audit(state, actor, 'EDITED', `Basket #${id}`, doc.organisation)
    return doc
  })
}

export function addLineItem(state: SandboxState, actor: Actor, id: number, line: LineItemRequest): LineItem {
  const existing = basketForWrite(state, actor, id)
  if (existing.line_items.length >= BASKET_LINE_LIMIT) throw invalid([{ field: 'line_items', message: `A basket holds at most ${BASKET_LINE_LIMIT} line items` }])
  const errors: FieldError[] = []
  const resolved = resolveLine(state, line, '', { markupRequired: existing.finance?.target === 'CUSTOMER' }, errors)
  if (!resolved) throw invalid(errors)
  return state.store.transaction(() => {
    const current = refreshed(state, existing, actor.visible)
    const checked: Checked = { ...current.checked, lines: [...current.checked.lines, resolved] }
    const doc = build(state, checked, { id, status: 'DRAFT', date: existing.date ?? '', previous: existing.line_items })
    saveOrder(state.store, doc)
    audit(state, actor, 'EDITED', `Basket #${id}`, doc.organisation)
    return doc.line_items[doc.line_items.length - 1]!
  })
}

/** Submitting re-prices at today's prices; the order keeps the basket's id. */
export function submitBasket(state: SandboxState, actor: Actor, id: number): Order {
  const existing = basketForWrite(state, actor, id)
  return state.store.transaction(() => {
    const { checked, doc } = refreshed(state, existing, actor.visible)
    checkSubmittable(checked, 'basket')
    place(state, actor, doc)
    audit(state, actor, 'SUBMITTED', `Basket #${id}`, doc.organisation)
    return doc
  })
}

/** Keeps stored baskets at current prices after buy prices change (buy_price_increased). */
export function repriceBaskets(state: SandboxState, productIds: readonly number[]): void {
  const ids = new Set(productIds)
  state.store.transaction(() => {
    for (const row of state.store.all<OrderRow>("SELECT id, organisation, status, created_by, resubmitted, next_at, doc FROM orders WHERE status = 'DRAFT'")) {
      const doc = parseOrder(row)
      if (!doc.line_items.some((l) => ids.has(l.product) || ids.has(l.prov_product ?? 0) || ids.has(l.maintenance_product ?? 0))) continue
      let repriced: Order
      try {
        repriced = refreshed(state, doc, [doc.organisation]).doc
      } catch {
        // A basket the rules refuse now (say, its shipping type no longer fits): its submit says why.
        continue
      }
      saveOrder(state.store, repriced)
    }
  })
}

// ---- orders --------------------------------------------------------------------------------

/** DRAFT -> CREATED, or PENDING_AUTHORISATION when manual authorisation is needed. */
function place(state: SandboxState, actor: Actor, doc: Order): void {
  doc.status = doc.manual_authorisation ? 'PENDING_AUTHORISATION' : 'CREATED'
  doc.date = state.clock.iso(actor.now)
  doc.external_id = 500_000 + doc.id
  for (const line of doc.line_items) {
    const sub = line.storage_order ?? line.backup_order ?? line.meeting_order
    if (sub) sub.subscription_id = state.store.next('subscription', 80_001)
  }
  saveOrder(state.store, doc, { nextAt: dueAfter(state, doc.status as OrderStatus, actor.now), createdBy: actor.userId || undefined })
}

/** POST /orders: a basket body placed as an order in one step. */
export function placeOrder(state: SandboxState, actor: Actor, body: BasketInput): Order {
  const checked = check(state, actor, body)
  checkSubmittable(checked, 'order')
  return state.store.transaction(() => {
    const date = state.clock.iso(actor.now)
    const id = reserveOrderId(state.store, checked.organisation, date)
    const doc = build(state, checked, { id, status: 'DRAFT', date })
    place(state, actor, doc)
    audit(state, actor, 'PLACED', `Order #${id}`, doc.organisation)
    return doc
  })
}

/** Only from ATTENTION_REQUIRED (else 409); processing resumes at PROCESSING. */
export function resubmitOrder(state: SandboxState, actor: Actor, id: number): Order {
  const row = findRecord(state, actor.visible, id, 'order')
  if (row.status !== 'ATTENTION_REQUIRED') throw conflict(`Order ${id} is ${row.status}: only an order in ATTENTION_REQUIRED can be resubmitted`)
  const doc = parseOrder(row)
  return state.store.transaction(() => {
    applyTransition(state, doc, 'PROCESSING', actor.now)
    saveOrder(state.store, doc, { resubmitted: true, nextAt: dueAfter(state, 'PROCESSING', actor.now) })
    audit(state, actor, 'RESUBMITTED', `Order #${id}`, doc.organisation)
    return doc
  })
}

/** Only before ACCEPTED (CANCELLABLE_STATUSES); ACCEPTED and later, and final states, are a 409. */
export function cancelOrder(state: SandboxState, actor: Actor, id: number, reason?: string): Order {
  const row = findRecord(state, actor.visible, id, 'order')
  if (!isCancellable(row.status)) throw conflict(`Order ${id} is ${row.status}: it can no longer be cancelled`)
  const doc = parseOrder(row)
  return state.store.transaction(() => {
    applyTransition(state, doc, 'CANCELLED', actor.now)
    saveOrder(state.store, doc, { nextAt: null })
    audit(state, actor, 'CANCELLED', `Order #${id}${reason ? `: ${reason}` : ''}`, doc.organisation)
    return doc
  })
}

export { check as checkOrderBody, build as buildOrderDoc, place as placeOrderDoc, checkSubmittable }
