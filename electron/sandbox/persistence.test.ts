import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DatabaseSync } from 'node:sqlite'
import { Product, type ShippingType } from '../../shared/api'
import { SHOWCASE, startSandbox } from '.'
import { TestClient } from '../../tests/support/sandbox/test-client'

const dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a sandbox database file', () => {
  it('is seeded once and reopened as it is: same credentials, data kept, URLs follow the new port', async () => {
    const dbPath = join(dir, 'sandbox.db')
    const first = await startSandbox({ dbPath, products: 40, orders: 20, speed: 0 })
    const api = new TestClient(first)
    const basket = (await api.post<{ id: number }>('/baskets', { name: 'Kept across restarts', line_items: [{ product: SHOWCASE.switch.id, quantity: 1 }] })).body
    first.control.raisePrices([SHOWCASE.router.id], 50)
    const creds = first.demo
    await first.close()

    // Different seed and sizes are ignored for an existing database.
    const second = await startSandbox({ dbPath, products: 10, orders: 0, seed: 7, speed: 0 })
    try {
      expect(second.demo).toEqual(creds)
      expect(second.url).not.toBe(first.url)
      const again = new TestClient(second)
      expect((await again.get<{ name: string }>(`/baskets/${basket.id}`)).body.name).toBe('Kept across restarts')
      const products = await again.get<unknown[]>('/products')
      expect(products.headers['x-total-count']).toBe('40')
      const router = Product.parse((await again.get(`/products/${SHOWCASE.router.id}`)).body)
      expect(router.price).toBe(465)
      expect(router.thumb_url!.startsWith(second.baseUrl)).toBe(true)
      expect(second.control.listOrdersRaw()).toHaveLength(20)
    } finally {
      await second.close()
    }
  })

  it('is the same for the same seed: ids, SKUs and credentials are reproducible', async () => {
    const a = await startSandbox({ products: 200, orders: 30, speed: 0, seed: 9 })
    const b = await startSandbox({ products: 200, orders: 30, speed: 0, seed: 9 })
    try {
      expect(b.clients).toEqual(a.clients)
      const pa = (await new TestClient(a).get<{ id: number; product_code: string; price: number }[]>('/products')).body
      const pb = (await new TestClient(b).get<{ id: number; product_code: string; price: number }[]>('/products')).body
      expect(pb.map((p) => [p.id, p.product_code, p.price])).toEqual(pa.map((p) => [p.id, p.product_code, p.price]))
      const strip = (o: { id: number; status: string; total: number }) => [o.id, o.status, o.total]
      expect(b.control.listOrdersRaw().map(strip)).toEqual(a.control.listOrdersRaw().map(strip))
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('gives a file made before shipping types carried their countries the countries on reopening', async () => {
    const dbPath = join(dir, 'older.db')
    const first = await startSandbox({ dbPath, products: 20, orders: 0, speed: 0 })
    await first.close()
    const db = new DatabaseSync(dbPath)
    db.exec('ALTER TABLE shipping_types DROP COLUMN countries; ALTER TABLE shipping_types DROP COLUMN exclude_countries;')
    db.close()
    const second = await startSandbox({ dbPath, speed: 0 })
    try {
      const types = (await new TestClient(second).get<ShippingType[]>('/shipping_types')).body
      expect(types.find((t) => t.id === 1)).toMatchObject({ countries: [1], exclude_countries: false })
      expect(types.find((t) => t.id === 6)).toMatchObject({ countries: [1], exclude_countries: true })
    } finally {
      await second.close()
    }
  })
})
