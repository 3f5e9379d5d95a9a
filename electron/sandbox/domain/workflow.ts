import type { Order, OrderStatus, Shipment } from '../../../shared/api'
import { isoDate } from '../clock'
import { Random, hashSeed } from '../seed/random'
import type { SandboxState } from '../state'
import { loadProduct } from './catalogue'
import { loadOrderRow, parseOrder, saveOrder } from './order-store'

/**
 * The workflow simulator (our model; the spec shows only part of it):
 * CREATED -> PROCESSING -> ACCEPTED | ATTENTION_REQUIRED (8%) | FAILED (3%);
 * ACCEPTED -> PART_SHIPPED (35% of part_ship orders with 2+ units) | SHIPPED; PART_SHIPPED -> SHIPPED -> COMPLETE.
 * PENDING_AUTHORISATION waits (authorise with a transition to CREATED); ATTENTION_REQUIRED waits
 * for POST /orders/{id}/resubmit, which resumes at PROCESSING and is not sent to attention again.
 */
export const AUTOMATIC: readonly OrderStatus[] = ['CREATED', 'PROCESSING', 'ACCEPTED', 'PART_SHIPPED', 'SHIPPED']

/** Seconds an order stays in a state at speed 1 (divided by the speed option). */
export const STEP_SECONDS: Partial<Record<OrderStatus, number>> = { CREATED: 15, PROCESSING: 45, ACCEPTED: 120, PART_SHIPPED: 240, SHIPPED: 300 }

export const ATTENTION_REASONS = [
  'Credit limit exceeded: please contact your account manager',
  'The delivery address could not be verified',
  'The vendor requires end-user details before fulfilment',
  'An item has been discontinued by the vendor: a substitute is needed',
]


/** Where an automatic step leads, decided from the seed and the order id (reproducible). */
export function nextStatus(seed: number, o: Order, resubmitted: boolean): OrderStatus | undefined {
  const r = new Random(hashSeed(seed, o.id, o.status, resubmitted ? 'again' : 'first')).next()
  switch (o.status) {
    case 'CREATED':
      return 'PROCESSING'
    case 'PROCESSING':
      if (!resubmitted && r < 0.08) return 'ATTENTION_REQUIRED'
      if (!resubmitted && r < 0.11) return 'FAILED'
      return 'ACCEPTED'
    case 'ACCEPTED': {
      const units = o.line_items.reduce((s, l) => s + l.quantity, 0)
      return o.part_ship !== false && units >= 2 && r < 0.35 ? 'PART_SHIPPED' : 'SHIPPED'
    }
    case 'PART_SHIPPED':
      return 'SHIPPED'
    case 'SHIPPED':
      return 'COMPLETE'
    default:
      return undefined
  }
}

export function dueAfter(state: SandboxState, status: OrderStatus, from: number): number | null {
  const seconds = STEP_SECONDS[status]
  if (state.options.speed <= 0 || seconds === undefined) return null
  return Math.round(from + (seconds * 1000) / state.options.speed)
}

/**
 * Moves an order (in memory) to a status with the side effects of getting there: supplier refs on
 * PROCESSING, units and finance approval on ACCEPTED, shipments with tracking and serials on
 * PART_SHIPPED/SHIPPED, the reason on ATTENTION_REQUIRED.
 */
export function applyTransition(state: SandboxState, o: Order, to: OrderStatus, at: number, reason?: string): void {
  if (to === 'DRAFT') throw new RangeError('An order cannot go back to DRAFT')
  const r = new Random(hashSeed(state.seed, o.id, to, o.shipments.length))
  if (['PROCESSING', 'ACCEPTED', 'PART_SHIPPED', 'SHIPPED', 'COMPLETE'].includes(to) && !o.supplier_ref) {
    o.supplier_ref = `SUP-${o.id}`
    o.linked_supplier_refs = [`DIST-${String(o.id).padStart(7, '0')}`]
  }
  if (['ACCEPTED', 'PART_SHIPPED', 'SHIPPED', 'COMPLETE'].includes(to)) {
    if (o.finance) o.finance.approved = true
    ensureUnits(state, o)
  }
  if (to === 'PART_SHIPPED' || to === 'SHIPPED' || (to === 'COMPLETE' && remaining(o).some((q) => q > 0))) ship(state, o, to === 'PART_SHIPPED', at, r)
  o.ship_final = to === 'SHIPPED' || to === 'COMPLETE'
  o.attention_required = to === 'ATTENTION_REQUIRED' ? (reason ?? r.pick(ATTENTION_REASONS)) : null
  o.status = to
}

function ensureUnits(state: SandboxState, o: Order): void {
  if (o.units.length) return
  // One unit per item ordered (spec 2.8: units each carry their serial): 50 cables are 50 units.
  const count = o.line_items.reduce((s, l) => s + l.quantity, 0)
  let id = state.store.reserve('unit', count)
  for (const line of o.line_items) {
    for (let i = 0; i < line.quantity; i++) o.units.push({ id: id++, order: o.id, product: line.product, serial: null })
  }
}

/** Quantity still to ship per line (shipment items carry the extra field line_item). */
function remaining(o: Order): number[] {
  return o.line_items.map((l) => {
    const shipped = o.shipments.flatMap((s) => s.items).filter((it) => (it as { line_item?: number }).line_item === l.id)
    return l.quantity - shipped.reduce((s, it) => s + it.quantity, 0)
  })
}

function ship(state: SandboxState, o: Order, partial: boolean, at: number, r: Random): void {
  const left = remaining(o)
  const open = o.line_items.map((l, i) => ({ line: l, qty: left[i] ?? 0 })).filter((x) => x.qty > 0)
  if (!open.length) return
  // A part shipment sends the first half of the open lines, or half of a single line.
  const batch = !partial ? open : open.length > 1 ? open.slice(0, Math.ceil(open.length / 2)) : [{ ...open[0]!, qty: Math.max(1, Math.floor(open[0]!.qty / 2)) }]
  const electronic = batch.every((b) => loadProduct(state, b.line.product)?.is_shippable === false)
  const n = o.shipments.length + 1
  const shipment: Shipment & { carrier: string } = {
    reference: `SHP-${o.id}-${n}`,
    tracking_number: electronic ? `ELEC-${o.id}-${n}` : `1Z${r.hex(4).toUpperCase()}${String(o.id).padStart(8, '0')}${n}`,
    date: isoDate(at),
    carrier: electronic ? 'Electronic delivery' : 'Sandbox Express',
    items: batch.map(({ line, qty }) => {
      const serials: number[] = []
      const units = o.units.filter((u) => u.product === line.product && (u.serial === null || u.serial === undefined)).slice(0, qty)
      let serial = units.length ? state.store.reserve('serial', units.length, 700_000_001) : 0
      for (const unit of units) serials.push((unit.serial = serial++))
      return { product: line.product, name: line.name, product_code: line.product_code ?? '', quantity: qty, serial_numbers: serials, line_item: line.id }
    }),
  }
  o.shipments.push(shipment)
}

/** Drives one order to a status now (control.transition and POST /_test/orders/{id}/transition). */
export function transitionOrder(state: SandboxState, orderId: number, to: OrderStatus, reason?: string): Order {
  const row = loadOrderRow(state.store, orderId)
  if (!row || row.status === 'DRAFT') throw new RangeError(`No order ${orderId} (baskets are submitted, not transitioned)`)
  const o = parseOrder(row)
  const now = state.clock.now()
  state.store.transaction(() => {
    applyTransition(state, o, to, now, reason)
    saveOrder(state.store, o, { nextAt: dueAfter(state, to, now) })
  })
  return o
}

/** One simulator step for every order in an automatic state, whatever its due time (control.tick). */
export function tick(state: SandboxState): number {
  const rows = state.store.all<{ id: number }>(`SELECT id FROM orders WHERE status IN ('CREATED', 'PROCESSING', 'ACCEPTED', 'PART_SHIPPED', 'SHIPPED') ORDER BY id`)
  for (const { id } of rows) step(state, id, state.clock.now())
  return rows.length
}

function step(state: SandboxState, id: number, at: number): void {
  const row = loadOrderRow(state.store, id)
  if (!row || !AUTOMATIC.includes(row.status as OrderStatus)) return
  const o = parseOrder(row)
  const to = nextStatus(state.seed, o, row.resubmitted === 1)
  if (!to) return
  state.store.transaction(() => {
    applyTransition(state, o, to, at)
    saveOrder(state.store, o, { nextAt: dueAfter(state, to, at) })
  })
}

/** Advances every order whose step is due on the sandbox clock, catching up several steps if the clock jumped. */
export function runDue(state: SandboxState): void {
  if (state.options.speed <= 0) return
  const now = state.clock.now()
  // Orders in an automatic state without a due time (seeded ones, or from a run at speed 0) get one.
  for (const r of state.store.all<{ id: number; status: OrderStatus }>(
    `SELECT id, status FROM orders WHERE next_at IS NULL AND status IN ('CREATED', 'PROCESSING', 'ACCEPTED', 'PART_SHIPPED', 'SHIPPED')`,
  )) {
    state.store.run('UPDATE orders SET next_at = ? WHERE id = ?', dueAfter(state, r.status, now), r.id)
  }
  const limit = allowance(state, now)
  let moved = 0
  for (let round = 0; round < 10 && moved < limit; round++) {
    const due = state.store.all<{ id: number; next_at: number }>('SELECT id, next_at FROM orders WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at LIMIT ?', now, Math.min(1000, limit - moved))
    if (!due.length) break
    // Held back by the pace, a move happens now rather than at its (past) due time.
    for (const d of due) step(state, d.id, Number.isFinite(limit) ? now : d.next_at)
    moved += due.length
  }
  if (Number.isFinite(limit)) state.moveBudget.tokens -= moved
}

/** How many moves the pace allows now (Infinity without options.movesPerMinute); at most a minute's worth saved up. */
function allowance(state: SandboxState, now: number): number {
  const rate = state.options.movesPerMinute
  if (!rate) return Infinity
  const b = state.moveBudget
  b.tokens = Math.min(rate, b.tokens + ((now - b.at) * rate) / 60_000)
  b.at = now
  return Math.floor(b.tokens)
}

/** Runs runDue on a timer while the sandbox is up (never keeps the process alive). */
export class Simulator {
  private timer?: ReturnType<typeof setInterval>

  constructor(private readonly state: SandboxState) {}

  start(): void {
    if (this.state.options.speed <= 0 || this.timer) return
    this.timer = setInterval(() => {
      try {
        runDue(this.state)
      } catch (err) {
        this.state.internalErrors.push(err as Error)
      }
    }, 500)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }
}
