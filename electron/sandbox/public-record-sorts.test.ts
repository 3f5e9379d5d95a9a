import { describe, expect, it } from 'vitest'
import { recordSuite } from '../../tests/support/sandbox/record-suite'

/**
 * sort_by values and defaults of each list (spec 4.2), each fact checked by a client written only
 * from the record (plain fetch over real HTTP).
 */
const rec = recordSuite({ products: 200, orders: 150, speed: 0, testMode: true })

type Row = Record<string, unknown> & { id: number }

describe('sort_by: the values of spec 4.2 and their defaults', () => {
  /** The first pair of neighbours out of order by key (text compared case-insensitively), or null. */
  const outOfOrder = (rows: Row[], key: string, dir: 1 | -1) => {
    const v = (r: Row) => (typeof r[key] === 'string' ? (r[key] as string).toLowerCase() : (r[key] as number))
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [v(rows[i - 1]!), v(rows[i]!)]
      if (dir * (a < b ? -1 : a > b ? 1 : 0) > 0) return [rows[i - 1]![key], rows[i]![key]]
    }
    return null
  }

  it('orders: -date, +date, -total, +total; default -date', async () => {
    for (const [sort, key, dir] of [['-date', 'date', -1], ['+date', 'date', 1], ['-total', 'total', -1], ['+total', 'total', 1]] as const) {
      const rows = (await rec.api.get<Row[]>('/orders', { sort_by: sort })).body
      expect(outOfOrder(rows, key, dir), sort).toBeNull()
    }
    expect((await rec.api.get<Row[]>('/orders')).body.map((r) => r.id)).toEqual((await rec.api.get<Row[]>('/orders', { sort_by: '-date' })).body.map((r) => r.id))
  })

  it('products: -popularity, -name, +name, -price, +price; default -popularity', async () => {
    for (const [sort, key, dir] of [['-name', 'name', -1], ['+name', 'name', 1], ['-price', 'price', -1], ['+price', 'price', 1]] as const) {
      const rows = (await rec.api.get<Row[]>('/products', { sort_by: sort, per_page: 200 })).body
      expect(outOfOrder(rows, key, dir), sort).toBeNull()
    }
    const popular = await rec.api.get<Row[]>('/products', { sort_by: '-popularity', per_page: 200 })
    expect(popular.status).toBe(200)
    expect((await rec.api.get<Row[]>('/products', { per_page: 200 })).body.map((r) => r.id)).toEqual(popular.body.map((r) => r.id))
  })

  it('users: -name, +name, -email_address, +email_address; default -name', async () => {
    for (const [sort, key, dir] of [['-name', 'name', -1], ['+name', 'name', 1], ['-email_address', 'email_address', -1], ['+email_address', 'email_address', 1]] as const) {
      const rows = (await rec.api.get<Row[]>('/users', { sort_by: sort })).body
      expect(outOfOrder(rows, key, dir), sort).toBeNull()
    }
    expect((await rec.api.get<Row[]>('/users')).body.map((r) => r.id)).toEqual((await rec.api.get<Row[]>('/users', { sort_by: '-name' })).body.map((r) => r.id))
  })

  it('baskets: -name, -total, +name, +total; default +name', async () => {
    // A few more baskets than the seeded two, with distinct totals.
    for (const [name, quantity] of [['b basket', 3], ['C basket', 1], ['a basket', 2]] as const) {
      expect((await rec.api.post('/baskets', { name, line_items: [{ product_code: 'LIC-SEC-1Y', quantity }] })).status).toBe(201)
    }
    for (const [sort, key, dir] of [['-name', 'name', -1], ['+name', 'name', 1], ['-total', 'total', -1], ['+total', 'total', 1]] as const) {
      const rows = (await rec.api.get<Row[]>('/baskets', { sort_by: sort })).body
      expect(rows.length).toBeGreaterThanOrEqual(5)
      expect(outOfOrder(rows, key, dir), sort).toBeNull()
    }
    expect((await rec.api.get<Row[]>('/baskets')).body.map((r) => r.id)).toEqual((await rec.api.get<Row[]>('/baskets', { sort_by: '+name' })).body.map((r) => r.id))
  })
})
