import { unreadFields, type Order } from '../../../shared/api'
import { AppError } from '../../../shared/model/app-error'
import { KeptOrderParts, type OrderDetailResult, type OrderFilters, type OrderListResult, type OrderRow } from '../../../shared/model/order'
import type { Clock } from '../platform/services'
import type { ServiceClient } from '../service/client'
import { ServiceError } from '../service/service-error'
import type { IndexedOrder, OrdersIndex } from './orders-index'
import type { ResultCache } from './result-cache'
import { unmarkedName } from '../../../shared/basket-marker'

/** The service's list query for the view's filters (spec 4.2: repeated values OR, different ones AND). */
function serviceQuery(f: OrderFilters, page: number, perPage: number) {
  return {
    page,
    per_page: perPage,
    status: f.status.length ? f.status : undefined,
    payment_type: f.payment_type.length ? f.payment_type : undefined,
    text: f.text || undefined,
    organisation: f.organisation.length ? f.organisation : undefined,
    start_date: f.start_date ?? undefined,
    end_date: f.end_date ?? undefined,
    value_from: f.value_from ?? undefined,
    value_to: f.value_to ?? undefined,
    sort_by: [f.sort_by],
  }
}

/**
 * The same filters always give the same key, whatever order the user picked values in. Without
 * ids the key is the one pages were saved under before the list could pick orders by id.
 */
function filtersKey(f: OrderFilters): string {
  const sorted = <T>(a: readonly T[]) => [...a].sort()
  const { ids, ...rest } = f
  return JSON.stringify({ ...rest, status: sorted(rest.status), payment_type: sorted(rest.payment_type), organisation: sorted(rest.organisation), ...(ids.length ? { ids: sorted(ids) } : {}) })
}

/** How many orders picked by id, and not in the index yet, are read at once. */
const FETCH_BY_ID_CONCURRENCY = 4

/** An order as the list (and the local index) keeps it. */
export function toRow(o: Order): OrderRow {
  return {
    id: o.id,
    date: o.date,
    status: o.status,
    purchase_order_number: o.purchase_order_number,
    supplier_ref: o.supplier_ref,
    organisation: o.organisation,
    total: o.total,
    payment_type: o.payment_type,
    attention_required: o.attention_required,
    name: shownName(o.name),
    end_user: o.end_user,
    unread: unreadFields(o),
    references: [...(o.linked_supplier_refs ?? []), ...(o.shipments ?? []).map((s) => s.reference)].filter((r) => r !== ''),
  }
}

/** The parts of an order the index keeps: KeptOrderParts's own keys, so a part added there is kept without a second list. */
const KEPT_KEYS = Object.keys(KeptOrderParts.shape) as (keyof KeptOrderParts)[]

/** What the index keeps of a full order read: its row, and its lines, shipping and discount. */
export function toIndexed(o: Order): IndexedOrder {
  return { row: toRow(o), kept: Object.fromEntries(KEPT_KEYS.map((k) => [k, o[k]])) as KeptOrderParts }
}

/** An order's name as the user gave it: orders placed by older versions still carry the submission marker. */
function shownName(name: string | null | undefined): string | null | undefined {
  return name ? unmarkedName(name) : name
}

const shown = (o: Order): Order => (o.name ? { ...o, name: shownName(o.name) } : o)

/** Worth answering from the cache: the service cannot be reached or is failing for now. */
const readableFromCache = (err: unknown) => err instanceof ServiceError && err.transient

interface OrderQueryDeps {
  client: ServiceClient
  cache: ResultCache
  clock: Clock
  /** The local index of every order: the list answers from it once complete (absent in some tests). */
  index?: OrdersIndex
  isOnline?: () => boolean
  /** Names of organisations for the index's text search. */
  organisationName?: (id: number) => string | undefined
}

/** Order list pages and details: from the service, falling back to the last ones read. */
export class OrderQueries {
  constructor(private readonly deps: OrderQueryDeps) {}

  async list(filters: OrderFilters, page: number, perPage: number): Promise<OrderListResult> {
    const local = this.fromIndex(filters, page, perPage)
    if (local) return local
    // The service cannot pick orders by id: the index answers, once it holds them.
    if (filters.ids.length) return this.byIds(filters, page, perPage)
    const key = filtersKey(filters)
    try {
      const res = await this.deps.client.list('listOrders', { query: serviceQuery(filters, page, perPage) })
      const fetchedAt = this.deps.clock.now()
      const read = res.items.map(toIndexed)
      const rows = read.map((o) => o.row)
      this.deps.index?.put(read, this.deps.organisationName ?? (() => undefined))
      this.deps.cache.putPage(key, page, perPage, { rows, total: res.total, pages: res.pages, fetchedAt })
      return { rows, total: res.total, pages: res.pages, page, perPage, fetchedAt: iso(fetchedAt), fromCache: false, partial: res.partial, unreadable: res.invalid }
    } catch (err) {
      const cached = readableFromCache(err) ? this.deps.cache.getPage(key, page, perPage) : null
      if (!cached) throw offlineWithoutCopy(err, 'these orders')
      return {
        rows: cached.rows.map((r) => ({ ...r, name: shownName(r.name) })),
        total: cached.total,
        pages: cached.pages,
        page,
        perPage,
        fetchedAt: iso(cached.fetchedAt),
        fromCache: true,
        // Pages saved before rows carried `unread` have none.
        partial: cached.rows.filter((r) => r.unread?.length).length,
        unreadable: 0,
      }
    }
  }

  /**
   * The page from the local index once every order is in it: a sort or filter answers in
   * milliseconds, names match, and offline it is the whole history (with the index's age).
   */
  private fromIndex(filters: OrderFilters, page: number, perPage: number): OrderListResult | null {
    const index = this.deps.index
    const state = index?.state()
    if (!index || !state?.complete) return null
    const { rows, total, pages } = index.query(filters, page, perPage)
    const offline = this.deps.isOnline ? !this.deps.isOnline() : false
    const fetchedAt = state.syncedAt ?? this.deps.clock.now()
    return { rows, total, pages, page, perPage, fetchedAt: iso(fetchedAt), fromCache: offline, partial: rows.filter((r) => r.unread.length).length, unreadable: 0 }
  }

  /**
   * Orders picked by id (a grouped alert's) while the index is not complete yet: the ones it does
   * not hold are read by id first (with the first page), then the index answers with the other
   * filters applied. Offline, or where the service fails for now, the orders held are the answer.
   */
  private async byIds(filters: OrderFilters, page: number, perPage: number): Promise<OrderListResult> {
    const index = this.deps.index
    if (!index) throw new AppError('internal', 'Orders picked by id are listed from the local orders index, which is not open.')
    let unavailable = false
    if (page === 1) {
      const held = new Set(index.rows(filters.ids).map((r) => r.id))
      const missing = filters.ids.filter((id) => !held.has(id))
      for (let i = 0; i < missing.length && !unavailable; i += FETCH_BY_ID_CONCURRENCY) {
        const read = await Promise.allSettled(missing.slice(i, i + FETCH_BY_ID_CONCURRENCY).map((id) => this.fetch(id)))
        index.put(read.flatMap((r) => (r.status === 'fulfilled' ? [toIndexed(r.value)] : [])), this.deps.organisationName ?? (() => undefined))
        // An order gone or not readable is left out; the service out of reach stops the reading.
        unavailable = read.some((r) => r.status === 'rejected' && readableFromCache(r.reason))
      }
    }
    const { rows, total, pages } = index.query(filters, page, perPage)
    const fetchedAt = unavailable ? (index.state().syncedAt ?? this.deps.clock.now()) : this.deps.clock.now()
    return { rows, total, pages, page, perPage, fetchedAt: iso(fetchedAt), fromCache: unavailable, partial: rows.filter((r) => r.unread.length).length, unreadable: 0 }
  }

  async get(id: number): Promise<OrderDetailResult> {
    try {
      const order = await this.fetch(id)
      return { order: shown(order), fetchedAt: iso(this.deps.clock.now()), fromCache: false, unread: unreadFields(order) }
    } catch (err) {
      if (!readableFromCache(err)) throw offlineWithoutCopy(err, `order ${id}`)
      const cached = this.deps.cache.getOrder(id)
      if (cached) return { order: shown(cached.order), fetchedAt: iso(cached.fetchedAt), fromCache: true, unread: [] }
      // Never opened here, but the index (the list's) holds its row: that much is shown, not nothing.
      const row = this.deps.index?.rows([id])[0]
      if (!row) throw offlineWithoutCopy(err, `order ${id}`)
      return { order: null, lastKnown: row, kept: this.deps.index!.kept(id), fetchedAt: iso(this.deps.index!.state().syncedAt ?? this.deps.clock.now()), fromCache: true, unread: row.unread }
    }
  }

  /**
   * The order for reordering: from the service, or while it is out of reach the full copy kept when
   * it was last opened here (a reorder makes a local draft, which needs no service). An order never
   * opened here is not reordered from its list row: its finance and ordering details are not kept.
   */
  async forReorder(id: number): Promise<Order> {
    try {
      return await this.fetch(id)
    } catch (err) {
      const cached = readableFromCache(err) ? this.deps.cache.getOrder(id) : null
      if (!cached) throw offlineWithoutCopy(err, `order ${id}`)
      return cached.order
    }
  }

  /** A fresh copy from the service (kept for offline reading). */
  async fetch(id: number): Promise<Order> {
    try {
      const order = await this.deps.client.call('getOrder', { params: { id } })
      this.deps.cache.putOrder(order, this.deps.clock.now())
      return order
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'not_found') throw new AppError('not_found', `Order ${id} does not exist or is not visible to you.`).because({ code: 'orderUnknown' })
      throw err
    }
  }

  remember(order: Order): void {
    this.deps.cache.putOrder(order, this.deps.clock.now())
  }
}

function offlineWithoutCopy(err: unknown, what: string): unknown {
  if (err instanceof ServiceError && err.code === 'offline') {
    return new ServiceError('offline', `${err.message} No copy of ${what} was saved earlier, so there is nothing to show offline.`, null, false)
  }
  return err
}

const iso = (ms: number) => new Date(ms).toISOString()
