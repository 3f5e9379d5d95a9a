import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { CatalogueSearchResult } from '../../shared/ipc/channels/catalogue'
import { catalogueRig } from '../support/core/catalogue-rig'
import { startSandboxProcess } from '../harness/sandbox-process'
import type { Print } from './run'
import { percentile } from './statistics'

/**
 * Searches in the core while a full sync of 100,000 products writes a new generation, without a
 * browser (catalogue-render's during_sync adds Chromium and the harness): a search every 30 ms,
 * far more than a rep types, so the sync is held back by searches nearly all the time
 * (search-pressure.ts). Figures: search p95/max during the sync and idle, the main thread's
 * event-loop delay during the sync, and the sync's wall time over the first sync's in the same run
 * (how much the searches slowed it; the hold budget keeps it ≤ 1.25× per thread).
 */
const PRODUCTS = 100_000

export async function bench(print: Print): Promise<void> {
  const sandbox = await startSandboxProcess({ products: PRODUCTS, orders: 0, speed: 0, tokenTtlSeconds: 24 * 3600, testMode: true })
  const rig = catalogueRig({})
  try {
    await rig.connect(sandbox as never)
    let t = performance.now()
    await rig.call('catalogue.sync')
    const firstMs = performance.now() - t
    const sample = (await rig.call<CatalogueSearchResult>('catalogue.search', { query: '', sort: '-popularity', offset: 5000, limit: 200 })).items
    const queries = [...sample.filter((_, i) => i % 10 === 3).map((p) => p.product_code.slice(0, 6)), 'switch', 'router', 'rack mount', 'cable', 'server', 'licence']

    const searching = async (going: () => boolean) => {
      const times: number[] = []
      const delay = monitorEventLoopDelay({ resolution: 5 })
      delay.enable()
      for (let i = 0; going(); i++) {
        const t0 = performance.now()
        await rig.call('catalogue.search', { query: queries[i % queries.length], limit: 100 })
        times.push(performance.now() - t0)
        await new Promise((r) => setTimeout(r, 30))
      }
      delay.disable()
      return { times: times.sort((a, b) => a - b), delayP99: delay.percentile(99) / 1e6 }
    }
    const idleUntil = performance.now() + 5000
    const idle = await searching(() => performance.now() < idleUntil)

    // The most popular product's price moves: the sync writes a whole new generation.
    const top = (await rig.call<CatalogueSearchResult>('catalogue.search', { query: '', sort: '-popularity', limit: 1 })).items[0]!.id
    await sandbox.control.raisePrices([top], 1)
    let done = false
    t = performance.now()
    const run = rig.call('catalogue.sync').then(() => (done = true))
    const during = await searching(() => !done)
    await run
    const secondMs = performance.now() - t

    print('catalogue', 'during_sync.search.idle.p95', percentile(idle.times, 95), 'ms')
    print('catalogue', 'during_sync.search.p95', percentile(during.times, 95), 'ms')
    print('catalogue', 'during_sync.search.max', during.times.at(-1)!, 'ms')
    print('catalogue', 'during_sync.searches', during.times.length, 'searches')
    print('catalogue', 'during_sync.event_loop_delay.p99', during.delayP99, 'ms')
    print('catalogue', 'during_sync.sync_slowdown', secondMs / firstMs, 'x')
  } finally {
    await rig.close()
    await sandbox.close()
  }
}
