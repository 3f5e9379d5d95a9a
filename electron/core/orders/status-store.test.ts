import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../platform/manual-clock'
import { openOrdersDb } from './orders-db'
import { StatusStore } from './status-store'

const dirs: string[] = []
function open(dir = mkdtempSync(join(tmpdir(), 'wd-status-'))) {
  dirs.push(dir)
  const db = openOrdersDb(dir)
  return { dir, db, store: new StatusStore(db, new ManualClock()) }
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe("the watcher's memory of statuses", () => {
  it('records the first sync as a baseline, without announcing anything', () => {
    const { store } = open()
    expect(store.hasBaseline()).toBe(false)
    expect(store.apply([{ id: 1, status: 'SHIPPED' }, { id: 2, status: 'ATTENTION_REQUIRED' }])).toEqual([])
    expect(store.hasBaseline()).toBe(true)
    expect(store.counts()).toEqual({ open: 2, attention: 1 })
  })

  it('announces each change once, and only real changes', () => {
    const { store } = open()
    store.apply([{ id: 1, status: 'PROCESSING', purchase_order_number: 'PO-1' }])
    expect(store.apply([{ id: 1, status: 'PROCESSING' }])).toEqual([])
    const [c] = store.apply([{ id: 1, status: 'ACCEPTED' }])
    expect(c).toMatchObject({ orderId: 1, from: 'PROCESSING', to: 'ACCEPTED', purchaseOrderNumber: 'PO-1' })
    expect(store.apply([{ id: 1, status: 'ACCEPTED' }])).toEqual([])
    expect(store.recent().map((r) => r.to)).toEqual(['ACCEPTED'])
  })

  it('records a just-placed order quietly but announces one first seen already under way', () => {
    const { store } = open()
    store.apply([])
    expect(store.apply([{ id: 5, status: 'CREATED' }])).toEqual([])
    expect(store.apply([{ id: 6, status: 'SHIPPED' }])).toMatchObject([{ orderId: 6, from: null, to: 'SHIPPED' }])
  })

  it('remembers across a restart (same file): nothing re-announced, changes since then announced', () => {
    const first = open()
    first.store.apply([{ id: 1, status: 'ACCEPTED' }, { id: 2, status: 'PROCESSING' }])
    first.db.close()
    const again = open(first.dir)
    expect(again.store.hasBaseline()).toBe(true)
    expect(again.store.apply([{ id: 1, status: 'ACCEPTED' }, { id: 2, status: 'ACCEPTED' }])).toMatchObject([{ orderId: 2, from: 'PROCESSING', to: 'ACCEPTED' }])
    again.db.close()
  })

  it("does not announce the user's own change back, and forgets orders that are gone", () => {
    const { store } = open()
    store.apply([{ id: 3, status: 'ATTENTION_REQUIRED' }])
    store.acknowledge({ id: 3, status: 'PROCESSING' })
    expect(store.apply([{ id: 3, status: 'PROCESSING' }])).toEqual([])
    store.apply([], [3])
    expect(store.get(3)).toBeNull()
    expect(store.openKnown()).toEqual([])
  })
})
