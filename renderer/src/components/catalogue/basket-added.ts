import type { DraftView } from '../../../../shared/ipc/channels/baskets'

/** What the "added to basket" confirmation says: the product, how many, and which draft. */
export interface BasketAdded {
  draftId: string
  basket: string
  name: string
  sku: string
  quantity: number
  /** Bumped per add, so the same product added twice flashes twice. */
  seq: number
}

let seq = 0

export function basketAdded(draft: DraftView, product: { name: string; product_code: string }, quantity: number): BasketAdded {
  return { draftId: draft.id, basket: draft.title, name: product.name, sku: product.product_code, quantity, seq: ++seq }
}
