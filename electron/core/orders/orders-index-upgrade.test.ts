import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KeptOrderParts, OrderFilters } from '../../../shared/model/order'
import { orderRow } from '../../../tests/support/core/order-row'
import { openOrdersDb } from './orders-db'
import { OrdersIndex, type ReadPage } from './orders-index'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const NOW = Date.parse('2026-05-01T12:00:00Z')

const row = (id: number, date: string, references: string[]) => orderRow(id, { date, references })

/** An order shipped in March and one from today, as the service lists them now (references included). */
const SERVICE = [row(1, '2026-03-02T09:00:00', ['SHP-0001-A']), row(2, '2026-05-01T08:00:00', [])]

/** The service's order list: from a day on when asked so (start_date), one page. */
function service(): { read: ReadPage; asked: (string | null)[] } {
  const asked: (string | null)[] = []
  const read: ReadPage = (_page, _perPage, since) => {
    asked.push(since)
    return Promise.resolve({ orders: SERVICE.filter((r) => since === null || r.date!.slice(0, 10) >= since).map((r) => ({ row: r, kept: KeptOrderParts.parse({}) })), pages: 1 })
  }
  return { read, asked }
}

/**
 * orders.db as a version of the app before orders were found by their references wrote it: the
 * same tables, complete and read an hour ago, each row's search text without references and its
 * stored row without them either.
 */
function writtenByEarlierVersion(dir: string): void {
  const db = openOrdersDb(dir)
  const insert = db.prepare('INSERT INTO order_index (id, date, status, organisation, total, payment_type, search, row) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
  for (const r of SERVICE) {
    const { references: _, ...old } = r
    insert.run(r.id, r.date!, r.status, r.organisation, r.total, r.payment_type!, [r.id, r.purchase_order_number, 'dunmore'].join('\n').toLowerCase(), JSON.stringify(old))
  }
  const meta = db.prepare('INSERT INTO watch_meta (key, value) VALUES (?, ?)')
  meta.run('index.completeAt', String(NOW - 3_600_000))
  meta.run('index.syncedAt', String(NOW - 3_600_000))
  db.close()
}

describe('an orders index written by an earlier version of the app', () => {
  it('is read again in full at its next sync, so an old order is found by its shipment reference and its lines are kept; later syncs read only the latest day again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wd-orders-upgrade-'))
    dirs.push(dir)
    writtenByEarlierVersion(dir)
    const index = new OrdersIndex(openOrdersDb(dir), () => NOW)
    const byText = (text: string) => index.query(OrderFilters.parse({ text }), 1, 100).rows.map((r) => r.id)
    // Until then it answers as it did: complete, found by what the earlier version indexed.
    expect(index.state()).toMatchObject({ complete: true, count: 2 })
    expect(byText('po-1')).toContain(1)

    const { read, asked } = service()
    await index.sync(read, () => 'Dunmore')
    expect(byText('shp-0001-a')).toEqual([1])
    expect(asked).toEqual([null])
    expect(index.rows([1])[0]!.references).toEqual(['SHP-0001-A'])
    // The same full read keeps each order's lines, shipping and discount, which the earlier version did not.
    expect(index.kept(1)).toEqual(KeptOrderParts.parse({}))

    await index.sync(read, () => 'Dunmore')
    expect(asked).toEqual([null, '2026-05-01'])
  })
})
