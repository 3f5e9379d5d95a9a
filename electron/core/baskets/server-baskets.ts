import { BasketBody, unreadFields, type Basket, type LineItem } from '../../../shared/api'
import { draftAddressFrom } from '../../../shared/draft-address'
import type { DraftDoc, DraftHeaderPatch, DraftLine } from '../../../shared/model/draft'
import { AppError, fieldsOf } from '../../../shared/model/app-error'
import type { ServiceClient } from '../service/client'
import { ServiceError } from '../service/service-error'
import { toBasketBody } from './basket-body'
import { markedName, markerOf, unmarkedName } from '../../../shared/basket-marker'
import { randomUUID } from 'node:crypto'

/** The organisation's baskets on the service: list, open, edit, add lines, submit. Online only. */
export class ServerBaskets {
  constructor(private readonly client: ServiceClient) {}

  async list(query: { page: number; per_page: number; sort_by: string }) {
    const res = await this.client.list('listBaskets', { query: { page: query.page, per_page: query.per_page, sort_by: [query.sort_by] } })
    const partial = res.items.filter((b) => unreadFields(b).length).map((b) => b.id)
    return { items: res.items, total: res.total, pages: res.pages, partial, unreadable: res.invalid }
  }

  get(id: number): Promise<Basket> {
    return this.client.call('getBasket', { params: { id } })
  }

  /**
   * Modify basket: the whole body replaces the basket (checked first with the service's own
   * schema), built from the basket as the service has it now plus the user's changes.
   */
  async save(id: number, patch: DraftHeaderPatch, lines?: { id: number; quantity: number }[]): Promise<Basket> {
    const basket = await this.get(id)
    assertFullyRead(basket)
    // A new name keeps the basket's submission marker, if it has one (the outbox finds it by it).
    const marker = markerOf(basket.name)
    const name = patch.name === undefined ? (basket.name ?? '') : marker ? markedName(patch.name, marker) : patch.name
    const doc = { ...draftFromBasket(basket), ...patch, name }
    if (lines) {
      const byId = new Map(basket.line_items.map((l, i) => [l.id, doc.line_items[i]!]))
      doc.line_items = lines.filter((l) => byId.has(l.id)).map((l) => ({ ...byId.get(l.id)!, quantity: l.quantity }))
    }
    const body = toBasketBody(doc, basket.organisation, null)
    const parsed = BasketBody.safeParse(body)
    if (!parsed.success) throw new AppError('invalid_input', 'The basket has problems; they are marked on the fields.', fieldsOf(parsed.error))
    return this.client.call('modifyBasket', { params: { id }, body: parsed.data })
  }

  addLine(id: number, sku: string, quantity: number): Promise<LineItem> {
    return this.client.call('addBasketLineItem', { params: { id }, body: { product_code: sku, quantity } })
  }

  /**
   * Submits a server basket. A lost reply is settled by looking at the order of the same id
   * (spec rule 3) rather than by submitting twice.
   */
  async submit(id: number): Promise<{ orderId: number }> {
    try {
      return { orderId: (await this.client.call('submitBasket', { params: { id } })).id }
    } catch (err) {
      if (!(err instanceof ServiceError) || !(err.mayHaveApplied || err.code === 'conflict' || err.code === 'server_error' || err.code === 'not_found')) throw err
      let order: Basket | null = null
      try {
        order = await this.client.call('getOrder', { params: { id } })
      } catch {
        throw err
      }
      if (order.status !== 'DRAFT') return { orderId: order.id }
      throw err
    }
  }
}

/** "Work offline on this": the server basket as a local draft document. */
/**
 * A basket is written back whole (modify replaces it): values that could not be read would be sent
 * back empty, so a basket not fully read is changed only in the service's web interface.
 */
export function assertFullyRead(basket: Basket): void {
  const unread = unreadFields(basket)
  if (unread.length) {
    throw new AppError(
      'conflict',
      `Basket ${basket.id} could not be fully read (${unread.join(', ')}); changing it from here would overwrite those values. Change it in the service's web interface.`,
    )
  }
}

export function draftFromBasket(b: Basket): DraftDoc {
  const f = b.finance
  return {
    name: unmarkedName(b.name),
    purchase_order_number: b.purchase_order_number ?? '',
    shipping_address: b.shipping_address ? draftAddressFrom(b.shipping_address) : null,
    shipping_type: b.shipping_type ?? null,
    ship_instructions: b.ship_instructions ?? '',
    provisioning_instructions: b.provisioning_instructions ?? '',
    end_user: b.end_user ?? '',
    part_ship: b.part_ship,
    payment_type: b.payment_type ?? 'ON_ACCOUNT',
    finance: f
      ? {
          company_number: f.company_number ?? '',
          company_name: f.company_name ?? '',
          target: f.target,
          email_address: f.email_address ?? '',
          title: f.title ?? '',
          first_name: f.first_name ?? '',
          name: f.name ?? '',
          contact_number: f.contact_number ?? '',
          term_length: f.term_length ?? null,
          registered_address: f.registered_address ? draftAddressFrom(f.registered_address) : null,
          trading_addresses: (f.trading_addresses ?? []).map((a) => draftAddressFrom(a)),
        }
      : null,
    line_items: b.line_items.map(lineFromItem),
  }
}

function lineFromItem(l: LineItem): DraftLine {
  const strip = <T extends object>(o: T | null | undefined): T | null => {
    if (!o) return null
    const copy = { ...o } as Record<string, unknown>
    for (const k of ['subscription_id', 'meeting_order_type', 'meeting_order_sub_type']) delete copy[k]
    for (const [k, v] of Object.entries(copy)) if (v === null || v === undefined) delete copy[k]
    return copy as T
  }
  return {
    key: randomUUID(),
    product: l.product,
    product_code: l.product_code ?? undefined,
    product_name: l.name,
    quantity: l.quantity,
    prov_product: l.prov_product ?? null,
    prov_organisation: l.prov_organisation ?? null,
    prov_group: l.prov_group ?? null,
    prov_site: l.prov_site ?? null,
    maintenance_product: l.maintenance_product ?? null,
    selected_rate_plan: l.selected_rate_plan ?? null,
    storage_order: strip(l.storage_order),
    backup_order: strip(l.backup_order),
    meeting_order: strip(l.meeting_order),
    markup: l.markup ?? null,
    discount: l.discount ?? null,
    estimate: null,
  }
}
