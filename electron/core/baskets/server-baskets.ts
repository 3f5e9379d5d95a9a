import { BasketBody, unreadFields, type Basket, type LineItem } from '../../../shared/api'
import type { DraftHeaderPatch } from '../../../shared/model/draft'
import { draftFromBasket } from '../../../shared/model/draft-from-basket'
import { AppError } from '../../../shared/model/app-error'
import type { ServiceClient } from '../service/client'
import { assertFullyRead } from '../service/fully-read'
import { ServiceError } from '../service/service-error'
import { toBasketBody } from './basket-body'
import { FieldProblems } from './field-messages'
import { markedName, markerOf } from '../../../shared/basket-marker'

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
    assertFullyRead(basket, `Basket ${basket.id}`)
    // A new name keeps the basket's submission marker, if it has one (the outbox finds it by it).
    const marker = markerOf(basket.name)
    const name = patch.name === undefined ? (basket.name ?? '') : marker ? markedName(patch.name, marker) : patch.name
    const doc = { ...draftFromBasket(basket, 'copy'), ...patch, name }
    if (lines) {
      const byId = new Map(basket.line_items.map((l, i) => [l.id, doc.line_items[i]!]))
      doc.line_items = lines.filter((l) => byId.has(l.id)).map((l) => ({ ...byId.get(l.id)!, quantity: l.quantity }))
    }
    const body = toBasketBody(doc, basket.organisation, null)
    const parsed = BasketBody.safeParse(body)
    if (!parsed.success) {
      // Said on the fields in the rep's language (by their codes), as a draft's are.
      const problems = new FieldProblems()
      problems.addZod(parsed.error, body)
      throw new AppError('invalid_input', 'The basket has problems; they are marked on the fields.', problems.fields).withFieldCodes(problems.fieldCodes)
    }
    return this.client.call('modifyBasket', { params: { id }, body: parsed.data })
  }

  /**
   * A line added by SKU, or by the product's id when the rep picked one of the products sharing the
   * SKU: the id names it (the service takes the id over a SKU), the SKU alone names them all.
   */
  addLine(id: number, line: { sku: string; productId?: number; quantity: number }): Promise<LineItem> {
    const product = line.productId !== undefined ? { product: line.productId } : { product_code: line.sku }
    return this.client.call('addBasketLineItem', { params: { id }, body: { ...product, quantity: line.quantity } })
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
