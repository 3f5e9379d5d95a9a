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
  /** Each `sort_by` value lists `path` in its key's order, and no sort_by at all lists it as `byDefault` does. */
  const expectSorts = async (path: string, sorts: readonly (readonly [string, string, 1 | -1])[], byDefault: string, query: Record<string, number> = {}) => {
    for (const [sort, key, dir] of sorts) {
      const res = await rec.api.get<Row[]>(path, { ...query, sort_by: sort })
      expect(res.status, sort).toBe(200)
      expect(outOfOrder(res.body, key, dir), sort).toBeNull()
    }
    const ids = async (q: Record<string, string | number>) => (await rec.api.get<Row[]>(path, q)).body.map((r) => r.id)
    expect(await ids(query), `default ${byDefault}`).toEqual(await ids({ ...query, sort_by: byDefault }))
  }

  it('orders: -date, +date, -total, +total; default -date', async () => {
    await expectSorts('/orders', [['-date', 'date', -1], ['+date', 'date', 1], ['-total', 'total', -1], ['+total', 'total', 1]], '-date')
  })

  it('products: -popularity, -name, +name, -price, +price; default -popularity', async () => {
    // -popularity orders by a figure the product does not carry: it is checked as the default.
    await expectSorts('/products', [['-name', 'name', -1], ['+name', 'name', 1], ['-price', 'price', -1], ['+price', 'price', 1]], '-popularity', { per_page: 200 })
  })

  it('users: -name, +name, -email_address, +email_address; default -name', async () => {
    await expectSorts('/users', [['-name', 'name', -1], ['+name', 'name', 1], ['-email_address', 'email_address', -1], ['+email_address', 'email_address', 1]], '-name')
  })

  it('baskets: -name, -total, +name, +total; default +name', async () => {
    // A few more baskets than the seeded two, with distinct totals.
    for (const [name, quantity] of [['b basket', 3], ['C basket', 1], ['a basket', 2]] as const) {
      expect((await rec.api.post('/baskets', { name, line_items: [{ product_code: 'LIC-SEC-1Y', quantity }] })).status).toBe(201)
    }
    expect((await rec.api.get<Row[]>('/baskets')).body.length).toBeGreaterThanOrEqual(5)
    await expectSorts('/baskets', [['-name', 'name', -1], ['+name', 'name', 1], ['-total', 'total', -1], ['+total', 'total', 1]], '+name')
  })
})
