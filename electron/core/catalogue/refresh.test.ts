import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueStatus, SyncProgress } from '../../../shared/ipc/channels/catalogue'
import { startSandbox, type Sandbox } from '../../sandbox'
import { createCore } from '../index'
import { ManualClock } from '../platform/manual-clock'
import { testKeychain } from '../credentials/test-keychain'
import { catalogueRig, type CatalogueRig } from './catalogue-test-rig'

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

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`timed out waiting for ${what}`)
}

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
