import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import { catalogueRig } from '../../../tests/support/core/catalogue-rig'
import { generationFiles } from './schema'
import { SyncWorkers } from './sync-workers'

const PRODUCTS = 1200
const PER_PAGE = 100

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: PRODUCTS, orders: 0, speed: 0, tokenTtlSeconds: 7 * 24 * 3600 })
})
afterAll(async () => {
  await sandbox?.close()
})

describe('the sync threads', () => {
  it('hold back the next page while the text thread falls behind, so pages do not pile up waiting for it', async () => {
    const rig = catalogueRig({ perPage: PER_PAGE })
    const pages: ArrayBuffer[] = []
    let workers: SyncWorkers | null = null
    try {
      await rig.connect(sandbox)
      const client = rig.ctx.connection.require().client
      for (let page = 1; page <= PRODUCTS / PER_PAGE; page++) {
        const bytes = new TextEncoder().encode((await client.raw('listProducts', { query: { page, per_page: PER_PAGE, sort_by: '-popularity' } })).text)
        pages.push(bytes.buffer as ArrayBuffer)
      }
      // A text thread on a busy machine: each page waits 60 ms for it, while the rows thread stores a page in a few.
      SyncWorkers.testTextPauseMs = 60
      workers = await SyncWorkers.open(generationFiles(mkdtempSync(join(tmpdir(), 'wd-sync-workers-')), 1), { perPage: PER_PAGE })
      const w = workers
      // Two pages in flight at a time, as a sync's fetches are.
      let next = 0
      let mostBehind = 0
      await Promise.all(
        [0, 1].map(async () => {
          for (let i = next++; i < pages.length; i = next++) {
            await w.storePage(i + 1, i * PER_PAGE + 1, pages[i]!)
            mostBehind = Math.max(mostBehind, w.textBehind)
          }
        }),
      )
      // At most a few pages (4, and one more per other page in flight) ever waited for the text thread.
      expect(mostBehind).toBeLessThanOrEqual(5)
      await w.flushText()
      expect(w.textBehind).toBe(0)
      expect(await w.finish(PER_PAGE)).toBe(PRODUCTS)
    } finally {
      SyncWorkers.testTextPauseMs = 0
      await workers?.close()
      await rig.close()
    }
  })
})
