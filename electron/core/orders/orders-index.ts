import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { PER_PAGE_MAX } from '../../../shared/api'
import { KeptOrderParts, type OrderFilters, type OrderRow } from '../../../shared/model/order'
import type { OrderChange } from '../../../shared/model/order-watch'
import { transaction } from '../store/database'

/** A full re-read at most this often: catches what incremental refreshes cannot see (an order moved away). */
const FULL_SYNC_EVERY_MS = 24 * 3_600_000
/**
 * Pages asked for beyond the one being stored. Every order comes in full (the service has no field
 * selection and at most 1000 rows a page), so a first build is mostly the service preparing pages:
 * with the next ones already asked for, it prepares them while this one is parsed and written (and
 * on a slow link their round trips overlap).
 */
const READ_AHEAD = 2
/**
 * What the index's rows hold, in which version: raise it whenever searchText looks in something new
 * or a row keeps something new. The rows do not hold everything it reads (the orders' references
 * were added after the index was, and organisation names are looked up), so an index written with
 * another is read again in full at its next sync, and answers as before until then.
 * 2: searchText reads the orders' references; 3: each order's lines, shipping and discount kept (order_kept).
 */
const ROWS_VERSION = '3'

/** What the index knows, for the view ("20,000 orders on this computer") and for the list. */
export interface IndexState {
  /** Every order was read at least once: the list answers from the index. */
  complete: boolean
  count: number
  /** The last time the index was brought up to date with the service (ms), null before. */
  syncedAt: number | null
}

/**
 * An order as the index keeps it: its list row, and the parts of the full order the page shows
 * offline (kept apart from the row, which every list query reads).
 */
export interface IndexedOrder {
  row: OrderRow
  kept: KeptOrderParts
}

/** A page of the service's order list, as the index reads it. */
export interface IndexPage {
  orders: IndexedOrder[]
  pages: number
}

/** Reads one page of the service's order list (sorted oldest first), from a day on when given. */
export type ReadPage = (page: number, perPage: number, since: string | null) => Promise<IndexPage>

/**
 * The local orders index (order_index in orders.db): every order's list row with a lower-case
 * search text (reference, PO, supplier reference, order name, end user, organisation name), so the
 * list filters and sorts 20,000 orders in a few milliseconds and finds orders by name, which the
 * service's own text filter does not match (spec 4.2: reference, supplier reference, PO only).
 */
export class OrdersIndex {
  private syncing: Promise<void> | null = null

  constructor(
    private readonly db: DatabaseSync,
    private readonly now: () => number,
  ) {}

  state(): IndexState {
    const count = (this.db.prepare('SELECT count(*) AS n FROM order_index').get() as { n: number }).n
    const completeAt = this.meta('index.completeAt')
    const syncedAt = this.meta('index.syncedAt')
    return { complete: completeAt !== null, count, syncedAt: syncedAt === null ? null : Number(syncedAt) }
  }

  /**
   * Brings the index up to date: everything on first use (and daily), else the orders of the last
   * day read onwards. One sync at a time; a caller during one waits for it.
   */
  sync(read: ReadPage, orgName: (id: number) => string | undefined): Promise<void> {
    this.syncing ??= this.run(read, orgName).finally(() => (this.syncing = null))
    return this.syncing
  }

  private async run(read: ReadPage, orgName: (id: number) => string | undefined): Promise<void> {
    const completeAt = Number(this.meta('index.completeAt') ?? 0)
    const full = !completeAt || this.now() - completeAt > FULL_SYNC_EVERY_MS || this.meta('index.rows') !== ROWS_VERSION
    // The day of the newest order known: the service's start_date is inclusive, so nothing is skipped.
    const since = full ? null : this.newestDay()
    const started = this.now()
    const asked = new Map<number, Promise<IndexPage>>()
    const ask = (page: number) => {
      if (asked.has(page)) return
      const answer = read(page, PER_PAGE_MAX, since)
      // Awaited in page order below; a failure of a page asked ahead is reported there, not as unhandled.
      answer.catch(() => {})
      asked.set(page, answer)
    }
    let pages = 1
    for (let page = 1; ; page++) {
      for (let ahead = page; ahead <= Math.min(pages, page + READ_AHEAD); ahead++) ask(ahead)
      const res = await asked.get(page)!
      asked.delete(page)
      this.put(res.orders, orgName)
      pages = res.pages
      if (page >= res.pages || res.orders.length === 0) break
    }
    if (full) {
      this.setMeta('index.completeAt', String(started))
      this.setMeta('index.rows', ROWS_VERSION)
    }
    this.setMeta('index.syncedAt', String(started))
  }

  /** Whether any of these orders is not in the index yet. */
  lacksAny(ids: readonly number[]): boolean {
    // One query for a poll's few hundred ids, not one each.
    const missing = this.db.prepare('SELECT 1 FROM json_each(?) WHERE value NOT IN (SELECT id FROM order_index) LIMIT 1').get(JSON.stringify(ids))
    return missing !== undefined
  }

  /** Orders read from the service elsewhere (a list page, orders read by id) keep the index current. */
  put(orders: readonly IndexedOrder[], orgName: (id: number) => string | undefined): void {
    if (!orders.length) return
    const insert = this.db.prepare('INSERT OR REPLACE INTO order_index (id, date, status, organisation, total, payment_type, search, row) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    const keep = this.db.prepare('INSERT OR REPLACE INTO order_kept (id, kept) VALUES (?, ?)')
    transaction(this.db, () => {
      for (const { row: r, kept } of orders) {
        insert.run(r.id, r.date ?? '', r.status, r.organisation, r.total, r.payment_type ?? null, searchText(r, orgName(r.organisation)), JSON.stringify(r))
        keep.run(r.id, JSON.stringify(kept))
      }
    })
  }

  /** An order's lines, shipping and discount as last read; null when not held (or indexed before they were kept). */
  kept(id: number): KeptOrderParts | null {
    const found = this.db.prepare('SELECT kept FROM order_kept WHERE id = ?').get(id) as { kept: string } | undefined
    if (!found?.kept) return null
    const parsed = KeptOrderParts.safeParse(JSON.parse(found.kept))
    return parsed.success ? parsed.data : null
  }

  /** Status changes the watcher saw: the rows show them before the view is told. */
  applyChanges(changes: readonly OrderChange[], reasons: ReadonlyMap<number, string>): void {
    const get = this.db.prepare('SELECT row FROM order_index WHERE id = ?')
    const update = this.db.prepare('UPDATE order_index SET status = ?, row = ? WHERE id = ?')
    transaction(this.db, () => {
      for (const c of changes) {
        const found = get.get(c.orderId) as { row: string } | undefined
        if (!found) continue
        const row = JSON.parse(found.row) as OrderRow
        const next = { ...row, status: c.to, attention_required: c.to === 'ATTENTION_REQUIRED' ? (reasons.get(c.orderId) ?? row.attention_required) : null }
        update.run(c.to, JSON.stringify(next), c.orderId)
      }
    })
  }

  /** The WHERE and ORDER BY of the list for these filters: the same selection the service would make, and names found too. */
  private selection(f: OrderFilters): { where: string; params: SQLInputValue[]; order: string } {
    const where: string[] = []
    const params: SQLInputValue[] = []
    const inList = (column: string, values: readonly (string | number)[]) => {
      if (!values.length) return
      where.push(`${column} IN (${values.map(() => '?').join(',')})`)
      params.push(...values)
    }
    // A grouped alert's orders: one parameter however many (json_each), not one each.
    if (f.ids.length) {
      where.push('id IN (SELECT value FROM json_each(?))')
      params.push(JSON.stringify(f.ids))
    }
    inList('status', f.status)
    inList('payment_type', f.payment_type)
    inList('organisation', f.organisation)
    const text = f.text.trim().toLowerCase()
    if (text) {
      const id = /^#?[0-9]{1,15}$/.test(text) ? Number(text.replace('#', '')) : -1
      where.push('(id = ? OR instr(search, ?) > 0)')
      params.push(id, text.replace(/^#/, ''))
    }
    const add = (clause: string, value: SQLInputValue) => {
      where.push(clause)
      params.push(value)
    }
    if (f.start_date) add('date >= ?', f.start_date)
    if (f.end_date) add('substr(date, 1, 10) <= ?', f.end_date)
    if (f.value_from !== null) add('total >= ?', f.value_from)
    if (f.value_to !== null) add('total <= ?', f.value_to)
    const dir = f.sort_by.startsWith('+') ? 'ASC' : 'DESC'
    const column = f.sort_by.endsWith('total') ? 'total' : 'date'
    return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params, order: `ORDER BY ${column} ${dir}, id ${dir}` }
  }

  /** One page of the list for these filters, with the total: the same answer the service would give, and names found too. */
  query(f: OrderFilters, page: number, perPage: number): { rows: OrderRow[]; total: number; pages: number } {
    const { where, params, order } = this.selection(f)
    const total = (this.db.prepare(`SELECT count(*) AS n FROM order_index ${where}`).get(...params) as { n: number }).n
    const rows = this.db.prepare(`SELECT row FROM order_index ${where} ${order} LIMIT ? OFFSET ?`).all(...params, perPage, (page - 1) * perPage) as { row: string }[]
    return { rows: rows.map((r) => JSON.parse(r.row) as OrderRow), total, pages: Math.max(1, Math.ceil(total / perPage)) }
  }

  /**
   * The ids of every order matching the filters, in the list's order: with the rows it already
   * holds, the view shows any part of the list without asking for it (20,000 ids are ~120 KB).
   */
  ids(f: OrderFilters): number[] {
    const { where, params, order } = this.selection(f)
    const select = this.db.prepare(`SELECT id FROM order_index ${where} ${order}`)
    // Rows as arrays, not objects: a third of the time for 20,000 ids.
    select.setReturnArrays(true)
    return (select.all(...params) as unknown as [number][]).map((r) => r[0])
  }

  /** The list rows of these orders (those the index holds), in no particular order. */
  rows(ids: readonly number[]): OrderRow[] {
    const found = this.db.prepare('SELECT row FROM order_index WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as { row: string }[]
    return found.map((r) => JSON.parse(r.row) as OrderRow)
  }

  /** Every order matching the filters, in the list's order: for exports. */
  all(f: OrderFilters): OrderRow[] {
    const { total } = this.query(f, 1, 1)
    return this.query(f, 1, Math.max(1, total)).rows
  }

  private newestDay(): string | null {
    const row = this.db.prepare('SELECT max(date) AS d FROM order_index').get() as { d: string | null }
    return row.d ? row.d.slice(0, 10) : null
  }

  private meta(key: string): string | null {
    const row = this.db.prepare('SELECT value FROM watch_meta WHERE key = ?').get(key) as { value: string } | undefined
    return row?.value ?? null
  }

  private setMeta(key: string, value: string): void {
    this.db.prepare('INSERT OR REPLACE INTO watch_meta (key, value) VALUES (?, ?)').run(key, value)
  }
}

/** What the text filter looks in, lower-cased once (ROWS_VERSION says which version of it). */
function searchText(r: OrderRow, organisationName: string | undefined): string {
  return [r.id, r.purchase_order_number, r.supplier_ref, ...r.references, r.name, r.end_user, organisationName]
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join('\n')
    .toLowerCase()
}
