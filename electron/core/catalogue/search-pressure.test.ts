import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../shared/api'
import type { CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import type { CatalogueStatus, SyncOutcome, SyncProgress } from '../../../shared/model/catalogue-sync'
import { startSandbox, type Sandbox } from '../../sandbox'
import { catalogueRig } from '../../../tests/support/core/catalogue-rig'
import { SearchPressure } from './search-pressure'
import { SyncWorkers } from './sync-workers'

const PRODUCTS = 800
const PER_PAGE = 100

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: PRODUCTS, orders: 0, speed: 0, tokenTtlSeconds: 7 * 24 * 3600 })
})
afterAll(async () => {
  await sandbox?.close()
})

describe('searches during a sync', () => {
  it('answer in the order asked, each marked partial, and the sync still lands everything', async () => {
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2 })
    try {
      await rig.connect(sandbox)
      const client = rig.ctx.connection.require().client
      const first: Product = (await client.list('listProducts', { query: { page: 1, per_page: PER_PAGE, sort_by: '-popularity' } })).items[0]!

      // A search on every progress of the first sync (as a rep typing while it lands).
      const asked: Promise<CatalogueSearchResult>[] = []
      const answeredInOrder: number[] = []
      rig.onEvent((event, payload) => {
        const p = payload as SyncProgress
        if (event !== 'catalogue.syncProgress' || p.phase !== 'fetching' || p.products < PER_PAGE || p.products >= PRODUCTS) return
        const n = asked.length
        asked.push(
          rig.call<CatalogueSearchResult>('catalogue.search', { query: first.product_code, limit: 30 }).then((r) => {
            answeredInOrder.push(n)
            return r
          }),
        )
      })
      expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      const answers = await Promise.all(asked)

      expect(answers.length).toBeGreaterThanOrEqual(3)
      expect(answeredInOrder).toEqual(answers.map((_, i) => i))
      for (const a of answers) {
        expect(a.items[0]).toMatchObject({ id: first.id, match: 'exact' })
        expect(a.partial).toMatchObject({ expected: PRODUCTS })
        expect(a.partial!.products).toBeLessThanOrEqual(PRODUCTS)
      }
      // What has landed only grows from one answer to the next.
      const landed = answers.map((a) => a.partial!.products)
      expect(landed).toEqual([...landed].sort((a, b) => a - b))

      // Once complete, nothing is missing and the answer is whole.
      expect((await rig.call<CatalogueStatus>('catalogue.status')).products).toBe(PRODUCTS)
      const whole = await rig.call<CatalogueSearchResult>('catalogue.search', { query: '' })
      expect(whole.total).toBe(PRODUCTS)
      expect(whole.partial).toBeUndefined()
    } finally {
      await rig.close()
    }
  })
})

describe('the search-pressure gate', () => {
  it('presses while a search is answered and a moment after, then lets the sync go on', async () => {
    const pressure = new SearchPressure(20, 200)
    expect(pressure.pressing).toBe(false)
    const end = pressure.begin()
    expect(pressure.pressing).toBe(true)
    end()
    end() // ending twice changes nothing
    expect(pressure.pressing).toBe(true)
    await pressure.quiet()
    expect(pressure.pressing).toBe(false)
  })

  it('never holds a sync for good: pages are stored while a search never ends', async () => {
    const pressure = new SearchPressure(20, 30)
    pressure.begin() // never ended
    const dir = mkdtempSync(join(tmpdir(), 'wd-pressure-'))
    const files = { rows: join(dir, 'rows.db'), pages: join(dir, 'pages.db'), text: join(dir, 'text.db') }
    const searchable: number[] = []
    const rig = catalogueRig({ perPage: PER_PAGE })
    const workers = await SyncWorkers.open(files, { perPage: PER_PAGE, pressure, onSearchable: (p) => searchable.push(...p) })
    try {
      await rig.connect(sandbox)
      const client = rig.ctx.connection.require().client
      for (let page = 1; page <= 2; page++) {
        const body = (await client.rawBytes('listProducts', { query: { page, per_page: PER_PAGE, sort_by: '-popularity' } })).bytes
        expect(await workers.storePage(page, (page - 1) * PER_PAGE + 1, body)).toMatchObject({ added: PER_PAGE, invalid: 0 })
      }
      await workers.flushText()
      expect(searchable.sort()).toEqual([1, 2])
      await pressure.quiet() // returns even though the search never ends
      expect(pressure.pressing).toBe(true)
    } finally {
      await workers.close()
      await rig.close()
    }
  })
})
