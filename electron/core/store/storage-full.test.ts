/**
 * A full disk during a write loses nothing: the write fails with a clear storage_full error and the
 * previous state is still there, read back from the file after closing it. The disk is made "full"
 * by capping the database's size (PRAGMA max_page_count), which SQLite reports exactly as it
 * reports a full disk (SQLITE_FULL).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { DatabaseSync } from 'node:sqlite'
import { BasketStore } from '../baskets/basket-store'
import { Drafts } from '../baskets/drafts'
import { emptyCatalogue } from '../baskets/price-catalogue'
import { createDispatcher } from '../ipc/dispatcher'
import { openOrdersDb } from '../orders/orders-db'
import { StatusStore } from '../orders/status-store'
import { ManualClock } from '../platform/manual-clock'
import { storageFault } from './storage-fault'

const dir = mkdtempSync(join(tmpdir(), 'wd-full-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** From now on the file cannot grow: the next write that needs a new page fails as on a full disk. */
function fillDisk(db: DatabaseSync): void {
  const { page_count } = db.prepare('PRAGMA page_count').get() as { page_count: number }
  db.exec(`PRAGMA max_page_count = ${page_count}`)
}

const SERVICE = 'http://127.0.0.1:1/api/v1'

describe('a full disk', () => {
  it('during a draft save: a clear storage_full error, and the draft as it was saved before', async () => {
    const profile = join(dir, 'drafts')
    let store = new BasketStore(profile, () => Date.now())
    const drafts = new Drafts({ store, catalogue: () => emptyCatalogue, actingOrganisation: () => 1, changed: () => {}, service: () => SERVICE, kickOutbox: () => {} })
    const draft = await drafts.create(1, { name: 'Before', purchase_order_number: 'PO-1' })
    await drafts.importLines(draft.id, [{ sku: 'SKU-1', quantity: 3 }])
    const errors: unknown[] = []
    const dispatch = createDispatcher({ 'baskets.update': ({ id, patch }) => drafts.update(id, patch), 'baskets.importLines': ({ id, rows }) => drafts.importLines(id, rows) }, { error: (_m, d) => errors.push(d) })

    fillDisk(store.db)
    const rows = Array.from({ length: 3000 }, (_, i) => ({ sku: `LONG-SKU-${'x'.repeat(100)}-${i}`, quantity: i + 1 }))
    const reply = await dispatch('baskets.importLines', { id: draft.id, rows })
    expect(reply).toMatchObject({ ok: false, error: { code: 'storage_full', message: expect.stringMatching(/disk is full.*kept/) } })
    const rename = await dispatch('baskets.update', { id: draft.id, patch: { name: 'x'.repeat(20_000), notes: 'y'.repeat(20_000) } })
    expect(rename).toMatchObject({ ok: false, error: { code: 'storage_full' } })
    expect(errors.length).toBe(2)

    store.close()
    store = new BasketStore(profile, () => Date.now())
    const kept = store.require(draft.id)
    expect(kept.doc.name).toBe('Before')
    expect(kept.doc.line_items.map((l) => [l.product_code, l.quantity])).toEqual([['SKU-1', 3]])
    store.close()
  })

  it('during an order-status write: the write fails as storage_full, the known statuses and the changes to announce stay as they were', () => {
    const clock = new ManualClock()
    const db = openOrdersDb(join(dir, 'orders'))
    const statuses = new StatusStore(db, clock)
    statuses.apply([{ id: 1, status: 'PROCESSING' }, { id: 2, status: 'CREATED' }])
    fillDisk(db)
    const seen = [{ id: 1, status: 'SHIPPED' as const }, ...Array.from({ length: 3000 }, (_, i) => ({ id: 100 + i, status: 'ACCEPTED' as const, purchase_order_number: `PO-${'z'.repeat(200)}-${i}` }))]
    let thrown: unknown = null
    try {
      statuses.apply(seen)
    } catch (err) {
      thrown = err
    }
    expect(storageFault(thrown)?.code).toBe('storage_full')
    db.close()

    const again = new StatusStore(openOrdersDb(join(dir, 'orders')), clock)
    expect(again.get(1)?.status).toBe('PROCESSING')
    expect(again.get(100)).toBeNull()
    expect(again.recent()).toEqual([])
    // Once there is room again, the same poll announces the change, once.
    expect(again.apply([{ id: 1, status: 'SHIPPED' }]).map((c) => `${c.orderId} ${c.from}→${c.to}`)).toEqual(['1 PROCESSING→SHIPPED'])
  })

  it('anything else is not reported as a full disk', () => {
    expect(storageFault(new Error('boom'))).toBeNull()
    expect(storageFault(Object.assign(new Error('locked'), { errcode: 5 }))).toBeNull()
    expect(storageFault(Object.assign(new Error('full'), { errcode: 13 }))?.code).toBe('storage_full')
  })
})
