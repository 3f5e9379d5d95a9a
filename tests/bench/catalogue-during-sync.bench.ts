import { constants, monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks'
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
 *
 * The main thread's garbage collections during that sync (count, total and longest pause, by kind)
 * are figures that survive a loaded machine better than timings: a collection's pause stops every
 * search the thread would answer, and what the main thread allocates for the sync (socket reads,
 * page bodies) is what triggers them.
 */
const PRODUCTS = 100_000

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
}

/** Garbage collections of this thread (the core's main thread) from start() until stop(). */
function gcWatch() {
  const entries: PerformanceEntry[] = []
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()))
  return {
    start: () => observer.observe({ entryTypes: ['gc'] }),
    stop: () => {
      entries.push(...observer.takeRecords())
      observer.disconnect()
      const byKind = new Map<string, { count: number; total: number; max: number }>()
      const all = { count: 0, total: 0, max: 0 }
      for (const e of entries) {
        const kind = GC_KINDS[(e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other'
        const k = byKind.get(kind) ?? { count: 0, total: 0, max: 0 }
        byKind.set(kind, k)
        for (const s of [k, all]) {
          s.count++
          s.total += e.duration
          s.max = Math.max(s.max, e.duration)
        }
      }
      return { all, byKind }
    },
  }
}

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
    const gc = gcWatch()
    gc.start()
    t = performance.now()
    const run = rig.call('catalogue.sync').then(() => (done = true))
    const during = await searching(() => !done)
    await run
    const secondMs = performance.now() - t
    const gcs = gc.stop()

    print('catalogue', 'during_sync.search.idle.p95', percentile(idle.times, 95), 'ms')
    print('catalogue', 'during_sync.search.p95', percentile(during.times, 95), 'ms')
    print('catalogue', 'during_sync.search.max', during.times.at(-1)!, 'ms')
    print('catalogue', 'during_sync.searches', during.times.length, 'searches')
    print('catalogue', 'during_sync.event_loop_delay.p99', during.delayP99, 'ms')
    print('catalogue', 'during_sync.sync_slowdown', secondMs / firstMs, 'x')
    // Major (mark-compact) collections are the long stops; incremental marking steps run between tasks.
    print('catalogue', 'during_sync.main_gc.count', gcs.all.count, 'collections')
    print('catalogue', 'during_sync.main_gc.total_pause', gcs.all.total, 'ms')
    print('catalogue', 'during_sync.main_gc.max_pause', gcs.all.max, 'ms')
    for (const kind of ['major', 'incremental', 'minor', 'weakcb']) {
      const k = gcs.byKind.get(kind) ?? { count: 0, total: 0, max: 0 }
      print('catalogue', `during_sync.main_gc.${kind}.count`, k.count, 'collections')
      print('catalogue', `during_sync.main_gc.${kind}.total_pause`, k.total, 'ms')
      print('catalogue', `during_sync.main_gc.${kind}.max_pause`, k.max, 'ms')
    }
  } finally {
    await rig.close()
    await sandbox.close()
  }
}
