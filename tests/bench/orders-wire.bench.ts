import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isOpenStatus } from '../../shared/api'
import { CADENCE } from '../../electron/core/orders/cadence'
import { makeCore } from '../support/core/core-suite'
import { startSandboxProcess, type SandboxProcess } from '../harness/sandbox-process'
import type { Print } from './run'
import { shapedLink } from './shaped-link'
import { until } from './until'

/**
 * The order watcher's traffic on a real link: 20,000 orders of which 300 are open, the core
 * talking through the 20 Mbit/s, 50 ms link of shaped-link.ts and asking for compression, as for
 * any host but this computer. Bytes both ways, counted by the link, of:
 * - the watcher's timed poll after one open order changed (the whole list comes again, compressed), and
 * - one after nothing changed (revalidated: a 304);
 * orders.poll.bytes_per_hour is the first at the default interval (30 s): the worst hour, with
 * something changing before every poll (target ≤ 10 MB/h); .unchanged_per_hour the quiet hour.
 */
const ORDERS = 20_000
const OPEN = 300

async function shapeOpen(sb: SandboxProcess): Promise<number[]> {
  const all = await sb.control.listOrdersRaw()
  const open = all.filter((o) => isOpenStatus(o.status))
  await Promise.all(open.slice(OPEN).map((o) => sb.control.transition(o.id, 'COMPLETE')))
  const reopened = all.filter((x) => x.status === 'COMPLETE').slice(0, Math.max(0, OPEN - open.length))
  await Promise.all(reopened.map((o) => sb.control.transition(o.id, 'PROCESSING')))
  return (await sb.control.listOrdersRaw()).filter((o) => isOpenStatus(o.status)).map((o) => o.id)
}

export async function bench(print: Print): Promise<void> {
  const sb = await startSandboxProcess({ testMode: true, speed: 0, products: 300, orders: ORDERS, tokenTtlSeconds: 36_000 })
  const link = await shapedLink(Number(new URL(sb.url).port), { mbitPerSecond: 20, rttMs: 50 })
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-orders-wire-'))
  const t = makeCore({ dataDir, serviceClient: { compression: true } })
  try {
    const open = await shapeOpen(sb)
    print('orders', 'poll.open_orders', open.length, 'orders')
    await t.core.start()
    const profile = await t.call<{ id: string }>('connection.save', { name: 'Shaped', baseUrl: `http://127.0.0.1:${link.port}/api/v1`, clientId: sb.demo.clientId, clientSecret: sb.demo.clientSecret })
    await t.call('connection.activate', { id: profile.id })
    await t.call('orders.pollNow') // baseline
    // The local orders index's first build (every order, once) is not the watcher's traffic: measured after it.
    await until('the orders index', async () => (await t.call<{ complete: boolean }>('orders.indexState')).complete, 300_000, 100)

    // The watcher's own poll, when its time comes (not "check now", which also re-reads the index),
    // and what follows it on the link.
    const timedPoll = async (): Promise<number> => {
      const before = (await t.call<{ lastPollAt: string | null }>('orders.watchState')).lastPollAt
      await new Promise((r) => setTimeout(r, 500))
      link.resetCounts()
      t.clock.advance(CADENCE.defaultMs)
      await until('the watcher\'s poll', async () => (await t.call<{ lastPollAt: string | null }>('orders.watchState')).lastPollAt !== before, 30_000, 20)
      await new Promise((r) => setTimeout(r, 1000))
      return link.bytes.up + link.bytes.down
    }
    // One open order moves to another open status: the list differs, every row comes again.
    await sb.control.transition(open[0]!, 'ATTENTION_REQUIRED', { reason: 'bench' })
    const changed = await timedPoll()
    const unchanged = await timedPoll()
    const perHour = 3_600_000 / CADENCE.defaultMs
    print('orders', 'poll.bytes_changed', changed, 'bytes')
    print('orders', 'poll.bytes_unchanged', unchanged, 'bytes')
    print('orders', 'poll.bytes_per_hour', Math.round((changed * perHour) / 1000) / 1000, 'MB/h')
    print('orders', 'poll.bytes_per_hour.unchanged', Math.round((unchanged * perHour) / 1000) / 1000, 'MB/h')
  } finally {
    await t.core.stop().catch(() => {})
    await link.close()
    await sb.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
