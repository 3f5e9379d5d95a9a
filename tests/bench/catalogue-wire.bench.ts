import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SyncOutcome, SyncProgress } from '../../shared/ipc/channels/catalogue'
import { catalogueRig } from '../support/core/catalogue-rig'
import { startSandboxProcess } from '../harness/sandbox-process'
import type { Print } from './run'
import { shapedLink } from './shaped-link'

/**
 * A full sync of 100,000 products over a link shaped to 20 Mbit/s and 50 ms round trip (an
 * in-process proxy, shaped-link.ts), the client asking for compression as it does for any host
 * other than this computer, with the app's own page size (1000) and parallelism (4):
 * - catalogue.sync.shaped_20mbit: its wall time; .floor: the bytes it moved, at 20 Mbit/s; .ratio;
 *   .searchable_ratio: from its start until every product is findable by SKU and name, over that floor.
 * - catalogue.sync.bytes_on_wire: the bytes both ways (headers, token and product groups included).
 * - .loopback / .ratio_to_loopback: the same sync straight on 127.0.0.1, uncompressed, for scale.
 * - catalogue.refresh_unchanged.shaped_20mbit: a refresh of the unchanged catalogue over the same
 *   link, its bytes both ways, and its ratio to the sync's floor (the download of the whole catalogue).
 */
const PRODUCTS = 100_000
const MBIT = 20
const RTT_MS = 50

export async function bench(print: Print): Promise<void> {
  const sandbox = await startSandboxProcess({ products: PRODUCTS, orders: 0, speed: 0, tokenTtlSeconds: 24 * 3600 })
  const link = await shapedLink(Number(new URL(sandbox.url).port), { mbitPerSecond: MBIT, rttMs: RTT_MS })
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-wire-bench-'))
  const rig = catalogueRig({ dataDir, client: { compression: true } })
  const directDir = mkdtempSync(join(tmpdir(), 'wd-wire-bench-'))
  const direct = catalogueRig({ dataDir: directDir })
  try {
    await rig.call('connection.save', { name: 'Shaped', baseUrl: `http://127.0.0.1:${link.port}/api/v1`, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
    await rig.call('connection.activate', { id: rig.ctx.connection.list()[0]!.id })
    link.resetCounts()
    let searchableAt = 0
    rig.onEvent((event, payload) => {
      if (event === 'catalogue.syncProgress' && !searchableAt && (payload as SyncProgress).productsSearchable === PRODUCTS) searchableAt = performance.now()
    })
    const started = performance.now()
    const outcome = await rig.call<SyncOutcome>('catalogue.sync')
    const ms = performance.now() - started
    if (outcome.outcome !== 'completed' || outcome.products !== PRODUCTS) throw new Error(`sync ended ${JSON.stringify(outcome)}`)
    const bytes = link.bytes.up + link.bytes.down
    const floorMs = (bytes * 8) / (MBIT * 1_000_000) * 1000
    print('catalogue', 'sync.bytes_on_wire', bytes, 'bytes')
    print('catalogue', 'sync.bytes_on_wire.down', link.bytes.down, 'bytes')
    print('catalogue', 'sync.shaped_20mbit', ms / 1000, 's')
    print('catalogue', 'sync.shaped_20mbit.floor', floorMs / 1000, 's')
    print('catalogue', 'sync.shaped_20mbit.ratio', ms / floorMs, 'x')
    print('catalogue', 'sync.shaped_20mbit.searchable_ratio', (searchableAt - started) / floorMs, 'x')

    // A refresh of the unchanged catalogue over the same link: each stored page is asked with its
    // ETag and answered 304; only the first page (it says how many there are) comes whole.
    link.resetCounts()
    const r = performance.now()
    const refreshed = await rig.call<SyncOutcome>('catalogue.sync')
    const refreshMs = performance.now() - r
    if (refreshed.outcome !== 'completed' || refreshed.products !== PRODUCTS) throw new Error(`refresh ended ${JSON.stringify(refreshed)}`)
    print('catalogue', 'refresh_unchanged.shaped_20mbit', refreshMs / 1000, 's')
    print('catalogue', 'refresh_unchanged.shaped_20mbit.bytes_on_wire', link.bytes.up + link.bytes.down, 'bytes')
    print('catalogue', 'refresh_unchanged.shaped_20mbit.ratio', refreshMs / floorMs, 'x')

    // The same sync on loopback, uncompressed: what the sync costs where the link costs nothing.
    // On 2 shared cores the shaped sync is bound by CPU (the sandbox building and compressing
    // pages, the workers storing them), not by the link: this says how much of its time is the link's.
    await direct.call('connection.save', { name: 'Direct', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
    await direct.call('connection.activate', { id: direct.ctx.connection.list()[0]!.id })
    const t = performance.now()
    const local = await direct.call<SyncOutcome>('catalogue.sync')
    const localMs = performance.now() - t
    if (local.outcome !== 'completed') throw new Error(`loopback sync ended ${JSON.stringify(local)}`)
    print('catalogue', 'sync.shaped_20mbit.loopback', localMs / 1000, 's')
    print('catalogue', 'sync.shaped_20mbit.ratio_to_loopback', ms / localMs, 'x')
  } finally {
    await direct.close()
    rmSync(directDir, { recursive: true, force: true })
    await rig.close()
    await link.close()
    await sandbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
