import type { DatabaseSync } from 'node:sqlite'
import type { Order } from '../../../shared/api'
import type { OrderRow } from '../../../shared/model/order'

/** Pages and details kept for offline reading; the oldest go first beyond these. */
const PAGES_KEPT = 400
const DETAILS_KEPT = 500

interface CachedPage {
  rows: OrderRow[]
  total: number
  pages: number
  fetchedAt: number
}

/** The last order list pages and order details read, in orders.db, so they stay readable offline. */
export class ResultCache {
  constructor(private readonly db: DatabaseSync) {}

  putPage(queryKey: string, page: number, perPage: number, p: CachedPage): void {
    this.db
      .prepare('INSERT OR REPLACE INTO list_pages (query_key, page, per_page, total, pages, rows, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(queryKey, page, perPage, p.total, p.pages, JSON.stringify(p.rows), p.fetchedAt)
    this.db.prepare('DELETE FROM list_pages WHERE rowid IN (SELECT rowid FROM list_pages ORDER BY fetched_at DESC LIMIT -1 OFFSET ?)').run(PAGES_KEPT)
  }

  getPage(queryKey: string, page: number, perPage: number): CachedPage | null {
    const row = this.db.prepare('SELECT total, pages, rows, fetched_at FROM list_pages WHERE query_key = ? AND page = ? AND per_page = ?').get(queryKey, page, perPage) as
      | { total: number; pages: number; rows: string; fetched_at: number }
      | undefined
    return row ? { rows: JSON.parse(row.rows) as OrderRow[], total: row.total, pages: row.pages, fetchedAt: row.fetched_at } : null
  }

  putOrder(order: Order, fetchedAt: number): void {
    this.db.prepare('INSERT OR REPLACE INTO order_details (id, body, fetched_at) VALUES (?, ?, ?)').run(order.id, JSON.stringify(order), fetchedAt)
    this.db.prepare('DELETE FROM order_details WHERE id IN (SELECT id FROM order_details ORDER BY fetched_at DESC LIMIT -1 OFFSET ?)').run(DETAILS_KEPT)
  }

  /** Every order detail kept (the orders opened on this computer), as stored. */
  orders(): unknown[] {
    return (this.db.prepare('SELECT body FROM order_details').all() as { body: string }[]).map((r) => JSON.parse(r.body) as unknown)
  }

  getOrder(id: number): { order: Order; fetchedAt: number } | null {
    const row = this.db.prepare('SELECT body, fetched_at FROM order_details WHERE id = ?').get(id) as { body: string; fetched_at: number } | undefined
    return row ? { order: JSON.parse(row.body) as Order, fetchedAt: row.fetched_at } : null
  }
}
