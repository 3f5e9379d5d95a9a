import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { orderSeen } from './feature'
import { ReorderStore } from './reorder-store'

const dirs: string[] = []
const store = () => {
  const dir = mkdtempSync(join(tmpdir(), 'reorder-'))
  dirs.push(dir)
  return { dir, store: new ReorderStore(dir) }
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const line = (product: number, quantity: number) => ({ product, sku: `SKU-${product}`, name: `Product ${product}`, quantity })

describe('quick re-ordering store', () => {
  it('remembers the quantity of the latest order per organisation and product, whatever order they are learnt in', () => {
    const { store: s } = store()
    s.learn([{ id: 20, organisation: 7, date: '2026-03-01T10:00:00Z', lines: [line(5, 12), line(6, 1), line(5, 3)] }])
    s.learn([
      { id: 10, organisation: 7, date: '2026-01-01T10:00:00Z', lines: [line(5, 50), line(9, 2)] },
      { id: 30, organisation: 8, date: '2026-04-01T10:00:00Z', lines: [line(5, 99)] },
    ])
    // Two lines of product 5 in order 20 make 15; the older order 10 does not overwrite it.
    expect(s.recent(7).map((r) => [r.productId, r.quantity, r.orderId])).toEqual([
      [5, 15, 20],
      [6, 1, 20],
      [9, 2, 10],
    ])
    expect(s.recent(8).map((r) => [r.productId, r.quantity])).toEqual([[5, 99]])
    s.close()
  })

  it('keeps favourites and templates per organisation across reopening (offline, in the profile folder)', () => {
    const { dir, store: s } = store()
    s.setFavourite(7, { id: 5, sku: 'SW-1', name: 'Switch' }, true, '2026-01-01T00:00:00Z')
    s.setFavourite(7, { id: 6, sku: 'AP-1', name: 'Access point' }, true, '2026-01-01T00:00:00Z')
    s.setFavourite(8, { id: 5, sku: 'SW-1', name: 'Switch' }, true, '2026-01-01T00:00:00Z')
    s.setFavourite(7, { id: 6, sku: 'AP-1', name: 'Access point' }, false, '2026-01-02T00:00:00Z')
    const t = s.saveTemplate(7, 'Monthly', [{ key: 'a', product: 5, quantity: 3 }], '2026-01-01T00:00:00Z')
    s.close()
    const again = new ReorderStore(dir)
    expect(again.favourites(7).map((f) => f.productId)).toEqual([5])
    expect(again.favourites(8).map((f) => f.productId)).toEqual([5])
    expect(again.templates(7)).toEqual([t])
    expect(again.templates(8)).toEqual([])
    expect(again.removeTemplate(t.id)).toBe(true)
    expect(again.template(t.id)).toBeNull()
    again.close()
  })

  it('learns only placed orders with readable lines', () => {
    expect(orderSeen({ id: 1, organisation: 2, status: 'CANCELLED', line_items: [{ product: 5, quantity: 1 }] })).toBeNull()
    expect(orderSeen({ id: 1, organisation: 2, status: 'DRAFT', line_items: [] })).toBeNull()
    expect(orderSeen({ id: 1, status: 'ACCEPTED' })).toBeNull()
    expect(orderSeen({ id: 1, organisation: 2, status: 'SHIPPED', date: '2026-01-01', line_items: [{ product: 5, quantity: 4, product_code: 'X' }, { product: 'x' }, { product: 6, quantity: 0 }] })).toEqual({
      id: 1,
      organisation: 2,
      date: '2026-01-01',
      lines: [{ product: 5, sku: 'X', name: '', quantity: 4 }],
    })
  })
})
