import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import type { CatalogueStatus, SyncProgress } from '../../../shared/model/catalogue-sync'
import { startSandbox, type Sandbox } from '../../sandbox'
import { createCore } from '../index'
import { ManualClock } from '../platform/manual-clock'
import { testKeychain } from '../../../tests/support/core/test-keychain'
import { catalogueRig, type CatalogueRig } from '../../../tests/support/core/catalogue-rig'
import { until } from '../../../tests/support/core/until'
import { serviceQuiet } from '../../../tests/support/core/service-quiet'

const HOUR = 3600_000

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: 300, orders: 0, speed: 0, tokenTtlSeconds: 7 * 24 * 3600 })
})
afterAll(async () => {
  await sandbox?.close()
})
const rigs: CatalogueRig[] = []
afterEach(async () => {
  await sandbox.control.resume()
  for (const r of rigs.splice(0)) await r.close()
})

const completedSyncs = (rig: CatalogueRig) => rig.events.filter((e) => e.event === 'catalogue.syncProgress' && (e.payload as SyncProgress).phase === 'done').length
const status = (rig: CatalogueRig) => rig.call<CatalogueStatus>('catalogue.status')

describe('automatic refresh', () => {
  it('syncs at first connection, then daily, never while offline, and catches up when back online', async () => {
    const rig = catalogueRig({ autoSync: true })
    rigs.push(rig)
    await rig.connect(sandbox)
    await until(() => completedSyncs(rig) === 1, 'the first-connection sync')
    const first = await status(rig)
    expect(first.products).toBe(300)
    expect(first.refreshHours).toBe(24)
    expect(first.nextSyncAt).toBe(new Date(Date.parse(first.lastSyncAt!) + 24 * HOUR).toISOString())

    rig.clock.advance(23 * HOUR)
    await new Promise((r) => setTimeout(r, 50))
    expect(completedSyncs(rig)).toBe(1)
    rig.clock.advance(1 * HOUR + 60_000)
    await until(() => completedSyncs(rig) === 2, 'the daily sync')

    // A day passes with the service unreachable: no sync is attempted.
    await sandbox.control.pause()
    await rig.ctx.connection.probe()
    sandbox.control.clearRequestLog()
    rig.clock.advance(25 * HOUR)
    await new Promise((r) => setTimeout(r, 50))
    expect((await status(rig)).syncing).toBe(false)
    expect(completedSyncs(rig)).toBe(2)
    expect(rig.events.some((e) => e.event === 'catalogue.syncProgress' && (e.payload as SyncProgress).phase === 'failed')).toBe(false)

    // Back online: the overdue refresh runs.
    await sandbox.control.resume()
    await rig.ctx.connection.probe()
    await until(() => completedSyncs(rig) === 3, 'the catch-up sync')
  })

  it('can be set to on demand only', async () => {
    const rig = catalogueRig({ autoSync: true })
    rigs.push(rig)
    rig.ctx.settings.set('catalogue.refreshHours', 0)
    await rig.connect(sandbox)
    await new Promise((r) => setTimeout(r, 100))
    expect(await status(rig)).toMatchObject({ products: 0, syncing: false, refreshHours: 0, nextSyncAt: null })
    await rig.call('catalogue.sync')
    const s = await rig.call<CatalogueStatus>('catalogue.setRefreshHours', { hours: 12 })
    expect(s.nextSyncAt).toBe(new Date(Date.parse(s.lastSyncAt!) + 12 * HOUR).toISOString())
    expect((await rig.fail('catalogue.setRefreshHours', { hours: -1 })).code).toBe('invalid_input')
  })
})

describe('a change of service', () => {
  const skus = (items: { product_code: string }[]) => items.map((p) => p.product_code)
  /** Every product code the active session's service lists. */
  async function serviceSkus(rig: CatalogueRig): Promise<string[]> {
    const client = rig.ctx.connection.require().client
    const all: string[] = []
    for (let page = 1; ; page++) {
      const res = await client.list('listProducts', { query: { page, per_page: 1000 } })
      all.push(...skus(res.items))
      if (page >= res.pages) return all
    }
  }

  /** Another service, and one with as many products as the first (its pages line up with the first's). */
  let other: Sandbox
  let twin: Sandbox
  beforeAll(async () => {
    other = await startSandbox({ testMode: true, products: 120, orders: 0, speed: 0, seed: 7, tokenTtlSeconds: 7 * 24 * 3600 })
    twin = await startSandbox({ testMode: true, products: 300, orders: 0, speed: 0, seed: 9, tokenTtlSeconds: 7 * 24 * 3600 })
  })
  afterAll(async () => {
    await other?.close()
    await twin?.close()
  })
  afterEach(() => {
    other.control.clearFaults()
    sandbox.control.clearFaults()
  })

  const editTo = (rig: CatalogueRig, id: string, service: Sandbox, creds = service.demo) =>
    rig.call('connection.save', { id, name: 'Edited', baseUrl: service.baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret })

  it('keeps the catalogue for another API client of the same service', async () => {
    const rig = catalogueRig({ autoSync: true })
    rigs.push(rig)
    const id = await rig.connect(sandbox)
    await until(() => completedSyncs(rig) === 1, 'the first-connection sync')
    const synced = await status(rig)
    sandbox.control.clearRequestLog()
    await editTo(rig, id, sandbox, sandbox.clients.find((c) => c.clientId !== sandbox.demo.clientId)!)
    await serviceQuiet(sandbox)
    expect(sandbox.control.requestLog().filter((r) => r.path.startsWith('/products'))).toEqual([])
    expect(await status(rig)).toMatchObject({ products: 300, lastSyncAt: synced.lastSyncAt, syncing: false })
    expect((await rig.call<CatalogueSearchResult>('catalogue.search', { query: '' })).source).toBe('local')
  })

  it('shows none of the old service’s products once the profile is edited to another service, and syncs the new one as at a first connection', async () => {
    const rig = catalogueRig({ autoSync: true, perPage: 20, concurrency: 1 })
    rigs.push(rig)
    const id = await rig.connect(sandbox)
    await until(() => completedSyncs(rig) === 1, 'the first-connection sync')
    const oldSkus = await serviceSkus(rig)

    // The new service answers its product pages slowly: its first sync is still running below.
    other.control.injectFault({ kind: 'latency', ms: 300, match: { path: '^/products$' } })
    await editTo(rig, id, other)
    const newSkus = await serviceSkus(rig)
    const onlyOld = oldSkus.find((sku) => !newSkus.includes(sku))!
    expect(await status(rig)).toMatchObject({ products: 0, lastSyncAt: null, syncing: true })
    expect(await rig.call('catalogue.lookupSku', { sku: onlyOld })).toEqual([])
    const meanwhile = await rig.call<CatalogueSearchResult>('catalogue.search', { query: onlyOld })
    // Answered by the service, or from the new service's first pages as they land (marked partial).
    expect(meanwhile.source === 'service' || meanwhile.partial !== undefined).toBe(true)
    expect(skus(meanwhile.items)).not.toContain(onlyOld)

    await until(() => completedSyncs(rig) === 2, 'the new service’s first sync')
    expect(await status(rig)).toMatchObject({ products: 120, lastFailure: null })
    expect(await rig.call('catalogue.lookupSku', { sku: onlyOld })).toEqual([])
    const local = await rig.call<CatalogueSearchResult>('catalogue.search', { query: '' , limit: 200 })
    expect(local.source).toBe('local')
    expect(skus(local.items).sort()).toEqual([...newSkus].sort())
  })

  it('does not take up a sync of the old service under way with the new one, even where their pages line up', async () => {
    const rig = catalogueRig({ autoSync: true, perPage: 50, concurrency: 1 })
    rigs.push(rig)
    sandbox.control.injectFault({ kind: 'latency', ms: 30, match: { path: '^/products$' } })
    const id = await rig.connect(sandbox)
    await until(async () => ((await status(rig)).progress?.pagesDone ?? 0) >= 2, 'the old service’s sync under way')

    await editTo(rig, id, twin)
    await until(async () => (await status(rig)).lastSyncAt !== null, 'the new service’s first sync')
    const local = await rig.call<CatalogueSearchResult>('catalogue.search', { query: '', limit: 500 })
    expect(local.total).toBe(300)
    expect(skus(local.items).sort()).toEqual((await serviceSkus(rig)).sort())
    expect(await status(rig)).toMatchObject({ products: 300, lastFailure: null })
  })
})

describe('in the assembled core', () => {
  it('the catalogue is wired in and fills itself at first connection', async () => {
    const core = createCore({ dataDir: mkdtempSync(join(tmpdir(), 'wd-cat-core-')), secrets: testKeychain(), notifier: { show: () => {} }, log: { info() {}, warn() {}, error() {} }, clock: new ManualClock(Date.now()) })
    await core.start()
    try {
      const call = async (channel: string, input?: unknown) => {
        const r = await core.dispatch(channel, input)
        if (!r.ok) throw new Error(r.error.message)
        return r.value
      }
      const profile = (await call('connection.save', { name: 'T', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })) as { id: string }
      await call('connection.activate', { id: profile.id })
      await until(async () => ((await call('catalogue.status')) as CatalogueStatus).products === 300, 'the first sync')
    } finally {
      await core.stop()
    }
  })
})
