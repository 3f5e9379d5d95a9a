import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import type { DraftLine } from '../../../shared/model/draft'
import type { DraftTemplate, FavouriteProduct, RecentProduct } from '../../../shared/model/reorder'
import { openDatabase, transaction, type Migration } from '../store/database'

/**
 * The profile's quick re-ordering file: what each organisation last ordered of each product (kept
 * after the orders cache lets the order go), its favourites, and its templates. Organisation 0
 * stands for "no acting organisation known".
 */
const migrations: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE recent_product (
        organisation INTEGER NOT NULL,
        product_id INTEGER NOT NULL,
        sku TEXT NOT NULL,
        name TEXT NOT NULL,
        quantity INTEGER NOT NULL,
        order_id INTEGER NOT NULL,
        ordered_at TEXT,
        PRIMARY KEY (organisation, product_id)
      );
      CREATE TABLE seen_order (order_id INTEGER PRIMARY KEY, at TEXT);
      CREATE TABLE favourite (
        organisation INTEGER NOT NULL,
        product_id INTEGER NOT NULL,
        sku TEXT NOT NULL,
        name TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (organisation, product_id)
      );
      CREATE TABLE template (
        id TEXT PRIMARY KEY,
        organisation INTEGER,
        name TEXT NOT NULL,
        lines TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
]

/** How many recently ordered products an organisation's list shows. */
const RECENT_SHOWN = 200

export interface OrderSeen {
  id: number
  organisation: number
  date: string | null
  lines: { product: number; sku: string; name: string; quantity: number }[]
}

export class ReorderStore {
  readonly db: DatabaseSync

  constructor(profileDir: string) {
    this.db = openDatabase(join(profileDir, 'quick-reorder.db'), migrations)
  }

  close(): void {
    this.db.close()
  }

  /**
   * Learns from orders: each product's quantity in the organisation's latest order that had it.
   * An order already learnt is skipped unless its date is newer; an older order never overwrites.
   */
  learn(orders: OrderSeen[]): void {
    const seen = this.db.prepare('SELECT at FROM seen_order WHERE order_id = ?')
    const mark = this.db.prepare('INSERT OR REPLACE INTO seen_order (order_id, at) VALUES (?, ?)')
    const current = this.db.prepare('SELECT order_id, ordered_at FROM recent_product WHERE organisation = ? AND product_id = ?')
    const put = this.db.prepare(
      'INSERT OR REPLACE INTO recent_product (organisation, product_id, sku, name, quantity, order_id, ordered_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    transaction(this.db, () => {
      for (const o of orders) {
        if (seen.get(o.id)) continue
        mark.run(o.id, o.date)
        // Several lines of one product in an order: their sum is what was ordered.
        const byProduct = new Map<number, OrderSeen['lines'][number]>()
        for (const l of o.lines) {
          const had = byProduct.get(l.product)
          byProduct.set(l.product, had ? { ...had, quantity: had.quantity + l.quantity } : l)
        }
        for (const l of byProduct.values()) {
          const row = current.get(o.organisation, l.product) as { order_id: number; ordered_at: string | null } | undefined
          const newer = !row || (o.date ?? '') > (row.ordered_at ?? '') || ((o.date ?? '') === (row.ordered_at ?? '') && o.id > row.order_id)
          if (newer) put.run(o.organisation, l.product, l.sku, l.name, l.quantity, o.id, o.date)
        }
      }
    })
  }

  recent(organisation: number): RecentProduct[] {
    const rows = this.db
      .prepare('SELECT product_id, sku, name, quantity, order_id, ordered_at FROM recent_product WHERE organisation = ? ORDER BY ordered_at DESC, order_id DESC, name LIMIT ?')
      .all(organisation, RECENT_SHOWN) as { product_id: number; sku: string; name: string; quantity: number; order_id: number; ordered_at: string | null }[]
    return rows.map((r) => ({ productId: r.product_id, sku: r.sku, name: r.name, quantity: r.quantity, orderId: r.order_id, orderedAt: r.ordered_at }))
  }

  favourites(organisation: number): FavouriteProduct[] {
    const rows = this.db.prepare('SELECT product_id, sku, name, added_at FROM favourite WHERE organisation = ? ORDER BY name, product_id').all(organisation) as {
      product_id: number
      sku: string
      name: string
      added_at: string
    }[]
    return rows.map((r) => ({ productId: r.product_id, sku: r.sku, name: r.name, addedAt: r.added_at }))
  }

  setFavourite(organisation: number, product: { id: number; sku: string; name: string }, favourite: boolean, at: string): void {
    if (favourite) this.db.prepare('INSERT OR IGNORE INTO favourite (organisation, product_id, sku, name, added_at) VALUES (?, ?, ?, ?, ?)').run(organisation, product.id, product.sku, product.name, at)
    else this.db.prepare('DELETE FROM favourite WHERE organisation = ? AND product_id = ?').run(organisation, product.id)
  }

  templates(organisation: number | null): DraftTemplate[] {
    const rows = this.db.prepare('SELECT id, organisation, name, lines, created_at FROM template WHERE organisation IS ? OR ? IS NULL ORDER BY name, created_at').all(organisation, organisation) as {
      id: string
      organisation: number | null
      name: string
      lines: string
      created_at: string
    }[]
    return rows.map((r) => ({ id: r.id, organisation: r.organisation, name: r.name, lines: JSON.parse(r.lines) as DraftLine[], createdAt: r.created_at }))
  }

  template(id: string): DraftTemplate | null {
    return this.templates(null).find((t) => t.id === id) ?? null
  }

  saveTemplate(organisation: number | null, name: string, lines: DraftLine[], at: string): DraftTemplate {
    const id = randomUUID()
    this.db.prepare('INSERT INTO template (id, organisation, name, lines, created_at) VALUES (?, ?, ?, ?, ?)').run(id, organisation, name, JSON.stringify(lines), at)
    return { id, organisation, name, lines, createdAt: at }
  }

  removeTemplate(id: string): boolean {
    return Number(this.db.prepare('DELETE FROM template WHERE id = ?').run(id).changes) > 0
  }
}
