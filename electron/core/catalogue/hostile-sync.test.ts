import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import type { CatalogueStatus, SyncOutcome } from '../../../shared/model/catalogue-sync'
import { SHOWCASE, startSandbox, type Fault, type Sandbox } from '../../sandbox'
import { catalogueRig, type CatalogueRig } from '../../../tests/support/core/catalogue-rig'

/**
 * A refresh that meets a hostile answer half-way (page 3 of 7, changed since the first sync) fails with a message that says
 * what happened, and the catalogue already stored stays whole and searchable.
 */
const PRODUCTS = 640
const PER_PAGE = 100

let sandbox: Sandbox
const rigs: CatalogueRig[] = []
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: PRODUCTS, orders: 0, speed: 0 })
})
afterEach(async () => {
  sandbox.control.clearFaults()
  for (const r of rigs.splice(0)) await r.close()
})
afterAll(() => sandbox.close())

const cases: [string, Fault, RegExp][] = [
  ['a 500 MB answer', { kind: 'hugeBody' }, /500 MB, more than the 16 MB/],
  ['a 500 MB answer without a length', { kind: 'hugeBody', declareLength: false }, /larger than the 16 MB/],
  ['an endless answer', { kind: 'endless' }, /larger than the 16 MB/],
  ['a 1 byte/s answer', { kind: 'slow', bytesPerSecond: 1 }, /did not finish within 1 s/],
  ['a gzip decompression bomb', { kind: 'bomb' }, /decompression bomb/],
  ['a brotli decompression bomb', { kind: 'bomb', encoding: 'br' }, /decompression bomb/],
  ['JSON nested 100,000 deep', { kind: 'deepJson' }, /more than 64 levels/],
  ['a captive portal', { kind: 'captivePortal' }, /sign in to the network/i],
  ['a captive portal answering 511', { kind: 'captivePortal', status: 511 }, /sign in to the network/i],
]

describe('a catalogue refresh meeting a hostile answer', () => {
  it.each(cases)('%s: fails with a clear message, and the stored catalogue stays whole', async (_name, fault, message) => {
    // The default bounds, but for the slow answer's deadline (1 s instead of 60 s).
    const deadline = fault.kind === 'slow' ? { bodyLimits: { deadlineMs: 1000 } } : {}
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2, client: { compression: true, ...deadline } })
    rigs.push(rig)
    await rig.connect(sandbox)
    expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })

    // Page 3 changed since (a price): the refresh downloads it, rather than being told it is unchanged (304).
    const page3 = await rig.ctx.connection.require().client.list('listProducts', { query: { page: 3, per_page: PER_PAGE, sort_by: '-popularity' } })
    sandbox.control.raisePrices([page3.items[0]!.id], 1)
    sandbox.control.injectFault({ ...fault, match: { method: 'GET', path: '^/products$', query: '(^|&)page=3(&|$)' } })
    const failed = await rig.call<SyncOutcome>('catalogue.sync')
    expect(failed.outcome).toBe('failed')
    expect(failed.message).toMatch(message)

    const status = await rig.call<CatalogueStatus>('catalogue.status')
    expect(status).toMatchObject({ products: PRODUCTS, syncing: false })
    expect(status.lastFailure?.message).toMatch(message)
    const found = await rig.call<CatalogueSearchResult>('catalogue.search', { query: SHOWCASE.switch.sku })
    expect(found.items[0]).toMatchObject({ id: SHOWCASE.switch.id, match: 'exact' })
  })
})
