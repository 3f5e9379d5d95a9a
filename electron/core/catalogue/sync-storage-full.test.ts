/**
 * A full disk during a catalogue sync: the sync fails with the clear storage_full message and the
 * catalogue synced before stays searchable. The disk is made "full" by capping the size of the new
 * generation's files (PRAGMA max_page_count), which SQLite reports exactly as a full disk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import type { CatalogueStatus, SyncOutcome } from '../../../shared/model/catalogue-sync'
import { startSandbox, type Sandbox } from '../../sandbox'
import { catalogueRig } from '../../../tests/support/core/catalogue-rig'
import { SyncWorkers } from './sync-workers'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: 400, orders: 0, speed: 0 })
})
afterAll(async () => {
  SyncWorkers.testPragmas = ''
  await sandbox?.close()
})

describe('a full disk during a catalogue sync', () => {
  it('fails with the clear storage_full message, and the previous catalogue stays searchable', async () => {
    const rig = catalogueRig({ perPage: 50 })
    try {
      await rig.connect(sandbox)
      expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: 400 })
      const before = await rig.call<CatalogueSearchResult>('catalogue.search', { query: '', limit: 5 })
      expect(before.total).toBe(400)

      // A changed price: the refresh has a new generation to write (an unchanged catalogue writes nothing).
      sandbox.control.raisePrices([before.items[0]!.id], 10)
      SyncWorkers.testPragmas = ' PRAGMA max_page_count = 8;'
      const outcome = await rig.call<SyncOutcome>('catalogue.sync')
      SyncWorkers.testPragmas = ''
      expect(outcome).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/^The disk is full.*saved before is kept/) })
      expect(await rig.call<CatalogueStatus>('catalogue.status')).toMatchObject({ lastFailure: { code: 'storage_full', reason: { code: 'syncDiskFull' } } })

      const after = await rig.call<CatalogueSearchResult>('catalogue.search', { query: '', limit: 5 })
      expect(after.total).toBe(400)
      expect(after.items.map((p) => p.id)).toEqual(before.items.map((p) => p.id))
      const one = before.items[0]!
      expect((await rig.call<CatalogueSearchResult>('catalogue.search', { query: one.name.split(' ')[0]! })).items.some((p) => p.id === one.id)).toBe(true)
    } finally {
      SyncWorkers.testPragmas = ''
      await rig.close()
    }
  })
})
