import { mkdtempSync, rmSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KeptOrderParts } from '../../../shared/model/order'
import { orderRow } from '../../../tests/support/core/order-row'
import { openOrdersDb } from './orders-db'
import { OrdersIndex, type IndexPage, type ReadPage } from './orders-index'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function freshIndex(): OrdersIndex {
  const dir = mkdtempSync(join(tmpdir(), 'wd-orders-index-'))
  dirs.push(dir)
  return new OrdersIndex(openOrdersDb(dir), () => Date.parse('2026-05-01T00:00:00Z'))
}

const row = (id: number) => orderRow(id, { date: `2026-01-01T00:00:${String(id % 60).padStart(2, '0')}`, status: 'PROCESSING' })

/**
 * A service of `pages` pages (page n holds order n) whose answers the test releases one by one;
 * it records the pages asked and how many were awaited at once.
 */
function slowService(pages: number, fail?: number) {
  const asked: number[] = []
  const waiting = new Map<number, () => void>()
  let most = 0
  const read: ReadPage = (page) => {
    asked.push(page)
    return new Promise<IndexPage>((resolve, reject) => {
      waiting.set(page, () => (page === fail ? reject(new Error(`page ${page} failed`)) : resolve({ orders: [{ row: row(page), kept: KeptOrderParts.parse({}) }], pages })))
      most = Math.max(most, waiting.size)
    })
  }
  const answer = async (page: number) => {
    await until(() => waiting.has(page))
    const done = waiting.get(page)!
    waiting.delete(page)
    done()
  }
  return { read, asked, answer, most: () => most }
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !ok(); i++) await new Promise((r) => setTimeout(r, 1))
  if (!ok()) throw new Error('never happened')
}

describe('the first build of the local orders index', () => {
  it('asks for the next pages while one is stored, keeps every order, and is complete only at the end', async () => {
    const index = freshIndex()
    const service = slowService(6)
    const built = index.sync(service.read, () => undefined)
    await service.answer(1)
    // Page 1 told how many there are: page 2 and the two after it are asked for at once.
    await until(() => service.asked.length >= 4)
    expect(service.asked).toEqual([1, 2, 3, 4])
    // Answers may come out of order; each is stored in its turn.
    for (const page of [3, 2, 4, 5, 6]) await service.answer(page)
    await built
    expect(index.state()).toMatchObject({ complete: true, count: 6 })
    expect(service.asked).toEqual([1, 2, 3, 4, 5, 6])
    expect(service.most()).toBeLessThanOrEqual(3)
  })

  it('stays incomplete when a page fails, keeping the pages stored before it, and fails with the error of that page', async () => {
    const index = freshIndex()
    const service = slowService(5, 3)
    const built = index.sync(service.read, () => undefined)
    const failure = built.catch((err: Error) => err.message)
    for (const page of [1, 2, 3, 4]) await service.answer(page)
    expect(await failure).toBe('page 3 failed')
    expect(index.state()).toMatchObject({ complete: false, count: 2 })
  })
})

describe('orders.db written before the index kept lines', () => {
  it('opens with its rows as they were, their lines not held until the index reads them again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wd-orders-index-'))
    dirs.push(dir)
    // The index table as version 2 wrote it: the row only.
    const old = new DatabaseSync(join(dir, 'orders.db'))
    old.exec(`
      CREATE TABLE watch_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE order_index (id INTEGER PRIMARY KEY, date TEXT NOT NULL, status TEXT NOT NULL, organisation INTEGER NOT NULL, total REAL NOT NULL, payment_type TEXT, search TEXT NOT NULL, row TEXT NOT NULL);
      PRAGMA user_version = 2;
    `)
    old.prepare('INSERT INTO order_index (id, date, status, organisation, total, payment_type, search, row) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(7, row(7).date!, 'PROCESSING', 1, 7, 'ON_ACCOUNT', 'po-7', JSON.stringify(row(7)))
    old.close()
    const index = new OrdersIndex(openOrdersDb(dir), () => 0)
    expect(index.rows([7])).toEqual([row(7)])
    expect(index.kept(7)).toBeNull()
    const kept = KeptOrderParts.parse({ ship_cost: 12.5, discount: 3, line_items: [] })
    index.put([{ row: row(7), kept }], () => undefined)
    expect(index.kept(7)).toEqual(kept)
  })
})
