import type { Store } from '../db/store'
import { round2 } from '../../../shared/api'

/**
 * Base buy prices of every product, in memory (a Float64Array indexed by id, 100k entries is
 * ~800 kB): pages of products are priced while splicing without touching the database again.
 */
export class PriceBook {
  private prices: Float64Array

  constructor(private readonly store: Store) {
    const max = store.get<{ m: number | null }>('SELECT max(id) AS m FROM products')?.m ?? 0
    this.prices = new Float64Array(max + 1).fill(Number.NaN)
    for (const row of store.stmt('SELECT id, price FROM products').iterate() as Iterable<{ id: number; price: number }>) this.prices[row.id] = row.price
  }

  base(productId: number): number | undefined {
    const p = this.prices[productId]
    return p === undefined || Number.isNaN(p) ? undefined : p
  }

  /** The price an organisation pays: the base price times the organisation's factor. */
  forFactor(productId: number, factor: number): number {
    return round2((this.base(productId) ?? 0) * factor)
  }

  /** buy_price_increased: raises the base price of existing products; returns the ids changed. */
  raise(productIds: readonly number[], percent: number): number[] {
    if (!Number.isFinite(percent) || percent <= -100) throw new RangeError('percent must be a number above -100')
    const changed: number[] = []
    this.store.transaction(() => {
      for (const id of new Set(productIds)) {
        const old = this.base(id)
        if (old === undefined) continue
        const next = round2(old * (1 + percent / 100))
        this.store.run('UPDATE products SET price = ? WHERE id = ?', next, id)
        this.prices[id] = next
        changed.push(id)
      }
    })
    return changed
  }
}
