import type { DatabaseSync } from 'node:sqlite'
import { FINAL_STATUSES, type ServiceOrderStatus } from '../../../shared/api'
import type { OrderChange } from '../../../shared/model/order-watch'
import type { Clock } from '../platform/services'
import { transaction } from '../store/database'

/** What a poll learned about one order. */
export interface SeenOrder {
  id: number
  status: ServiceOrderStatus
  purchase_order_number?: string | null
  attention_required?: string | null
}

interface KnownOrder {
  id: number
  status: ServiceOrderStatus
  purchaseOrderNumber: string | null
  attentionRequired: string | null
}

/**
 * A newly seen order in one of these is simply recorded: it was just placed, and saying "order
 * created" would only echo the user's own submission. Seen first in any other status (placed
 * elsewhere and already moved on, or changed while the app was closed) it is announced.
 */
const QUIET_WHEN_NEW: ReadonlySet<ServiceOrderStatus> = new Set(['CREATED', 'PROCESSING', 'PENDING_AUTHORISATION'])
const RECENT_KEPT = 200
/** Open = submitted and not known final, so a status a later release adds counts as open (isOpenStatus). */
const OPEN_SQL = `status NOT IN (${['DRAFT', ...FINAL_STATUSES].map((s) => `'${s}'`).join(',')})`

interface KnownRow {
  id: number
  status: ServiceOrderStatus
  purchase_order_number: string | null
  attention_required: string | null
}

/** The watcher's memory of order statuses, in the profile's orders.db. */
export class StatusStore {
  constructor(
    private readonly db: DatabaseSync,
    private readonly clock: Clock,
  ) {}

  /** False until the first complete poll of this profile (which records without alerting). */
  hasBaseline(): boolean {
    return this.db.prepare("SELECT 1 FROM watch_meta WHERE key = 'baseline_at'").get() !== undefined
  }

  /** Orders last seen in a status that can still change. */
  openKnown(): KnownOrder[] {
    const rows = this.db.prepare(`SELECT id, status, purchase_order_number, attention_required FROM known_orders WHERE ${OPEN_SQL}`).all() as unknown as KnownRow[]
    return rows.map(toKnown)
  }

  get(id: number): KnownOrder | null {
    const row = this.db.prepare('SELECT id, status, purchase_order_number, attention_required FROM known_orders WHERE id = ?').get(id) as KnownRow | undefined
    return row ? toKnown(row) : null
  }

  counts(): { open: number; attention: number } {
    const row = this.db
      .prepare(`SELECT SUM(${OPEN_SQL}) AS open, SUM(status = 'ATTENTION_REQUIRED') AS attention FROM known_orders`)
      .get() as { open: number | null; attention: number | null }
    return { open: row.open ?? 0, attention: row.attention ?? 0 }
  }

  /**
   * Records what one poll saw and answers the changes to announce (none while setting the
   * baseline). `gone` are orders the service no longer shows at all. One transaction, so a crash
   * leaves either the old memory (the change is announced again next time) or the new one.
   */
  apply(seen: readonly SeenOrder[], gone: readonly number[] = []): OrderChange[] {
    const now = this.clock.now()
    const at = new Date(now).toISOString()
    return transaction(this.db, () => {
      const baseline = this.hasBaseline()
      const changes: OrderChange[] = []
      const upsert = this.db.prepare(
        `INSERT INTO known_orders (id, status, purchase_order_number, attention_required, changed_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET status = excluded.status, purchase_order_number = excluded.purchase_order_number,
           attention_required = excluded.attention_required,
           changed_at = CASE WHEN known_orders.status = excluded.status THEN known_orders.changed_at ELSE excluded.changed_at END`,
      )
      for (const s of seen) {
        const prev = this.get(s.id)
        const po = s.purchase_order_number ?? null
        if (!prev) {
          if (baseline && !QUIET_WHEN_NEW.has(s.status)) changes.push({ orderId: s.id, purchaseOrderNumber: po, from: null, to: s.status, at })
        } else if (prev.status !== s.status) {
          changes.push({ orderId: s.id, purchaseOrderNumber: po ?? prev.purchaseOrderNumber, from: prev.status, to: s.status, at })
        }
        upsert.run(s.id, s.status, po ?? prev?.purchaseOrderNumber ?? null, s.attention_required ?? null, now)
      }
      const drop = this.db.prepare('DELETE FROM known_orders WHERE id = ?')
      for (const id of gone) drop.run(id)
      if (!baseline) this.db.prepare("INSERT INTO watch_meta (key, value) VALUES ('baseline_at', ?)").run(at)
      const log = this.db.prepare('INSERT INTO recent_changes (order_id, purchase_order_number, from_status, to_status, at) VALUES (?, ?, ?, ?, ?)')
      for (const c of changes) log.run(c.orderId, c.purchaseOrderNumber, c.from, c.to, now)
      if (changes.length) this.db.prepare('DELETE FROM recent_changes WHERE seq <= (SELECT MAX(seq) FROM recent_changes) - ?').run(RECENT_KEPT)
      return changes
    })
  }

  /** The user's own action changed the status (resubmit, cancel): remembered, not announced. */
  acknowledge(order: SeenOrder): void {
    if (!this.hasBaseline()) return
    const now = this.clock.now()
    this.db
      .prepare(
        `INSERT INTO known_orders (id, status, purchase_order_number, attention_required, changed_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET status = excluded.status, attention_required = excluded.attention_required, changed_at = excluded.changed_at`,
      )
      .run(order.id, order.status, order.purchase_order_number ?? null, order.attention_required ?? null, now)
  }

  recent(limit = 20): OrderChange[] {
    const rows = this.db
      .prepare('SELECT order_id, purchase_order_number, from_status, to_status, at FROM recent_changes ORDER BY seq DESC LIMIT ?')
      .all(limit) as unknown as { order_id: number; purchase_order_number: string | null; from_status: ServiceOrderStatus | null; to_status: ServiceOrderStatus; at: number }[]
    return rows.map((r) => ({ orderId: r.order_id, purchaseOrderNumber: r.purchase_order_number, from: r.from_status, to: r.to_status, at: new Date(r.at).toISOString() }))
  }
}

function toKnown(r: KnownRow): KnownOrder {
  return { id: r.id, status: r.status, purchaseOrderNumber: r.purchase_order_number, attentionRequired: r.attention_required }
}
