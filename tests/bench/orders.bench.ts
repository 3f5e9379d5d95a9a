import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isOpenStatus, PER_PAGE_MAX } from '../../shared/api'
import type { OrdersIndexState, WatchState } from '../../shared/ipc/channels/orders'
import { CADENCE } from '../../electron/core/orders/cadence'
import { connect, makeCore } from '../support/core/core-suite'
import { startSandboxProcess, type SandboxProcess } from '../harness/sandbox-process'
import type { Print } from './run'

/**
 * Order figures, with the sandbox holding 20,000 orders of which 300 are open:
 * - the local orders index's first build (a profile opened for the first time): from activating
 *   the profile to the index complete, beside its floor, the same pages downloaded and JSON-parsed
 *   one after the other, and the CPU time it took of the core's thread (which also answers the view);
 * - one poll: requests, bytes received, CPU time of the app's thread (the sandbox runs in a child
 *   process of its own so its work is not counted);
 * - the latency from a sandbox transition to the core's `orders.changed` event at the default
 *   interval: the watcher runs on a manual clock, the transition happens at an evenly spread point
 *   of the interval, and the figure is the simulated wait until the next poll plus the real time
 *   that poll took.
 */
const ORDERS = 20_000
const OPEN = 300
const TRIALS = 12

/** Exactly OPEN open orders: extra ones complete, missing ones are reopened as PROCESSING. */
async function shapeOpen(sb: SandboxProcess): Promise<{ total: number; open: number }> {
  const all = await sb.control.listOrdersRaw()
  const open = all.filter((o) => isOpenStatus(o.status))
  await Promise.all(open.slice(OPEN).map((o) => sb.control.transition(o.id, 'COMPLETE')))
  const reopened = all.filter((x) => x.status === 'COMPLETE').slice(0, Math.max(0, OPEN - open.length))
  await Promise.all(reopened.map((o) => sb.control.transition(o.id, 'PROCESSING')))
  return { total: all.length, open: (await openIds(sb)).length }
}

const openIds = async (sb: SandboxProcess) => (await sb.control.listOrdersRaw()).filter((o) => isOpenStatus(o.status)).map((o) => o.id)

function cpuMs(since: NodeJS.CpuUsage): number {
  const u = process.threadCpuUsage(since)
  return (u.user + u.system) / 1000
}

/** The floor of a first build: every page of the orders list (as the index reads them) downloaded and JSON-parsed, one after the other. */
async function downloadAndParse(sb: SandboxProcess): Promise<number> {
  const form = new URLSearchParams({ client_id: sb.demo.clientId, client_secret: sb.demo.clientSecret, grant_type: 'client_credentials' })
  const token = ((await (await fetch(`${sb.baseUrl}/oauth/create_token`, { method: 'POST', body: form })).json()) as { access_token: string }).access_token
  const started = performance.now()
  for (let page = 1, pages = 1; page <= pages; page++) {
    const res = await fetch(`${sb.baseUrl}/orders?page=${page}&per_page=${PER_PAGE_MAX}&sort_by=%2Bdate`, { headers: { authorization: `Bearer ${token}` } })
    pages = Number(res.headers.get('x-total-pages'))
    JSON.parse(await res.text())
  }
  return performance.now() - started
}

/** Resolves once the core says its orders index is complete. */
function indexComplete(t: ReturnType<typeof makeCore>): Promise<void> {
  return new Promise((resolve) => {
    const off = t.core.onEvent((event, payload) => {
      if (event !== 'orders.indexChanged' || !(payload as OrdersIndexState).complete) return
      off()
      resolve()
    })
  })
}

export async function bench(print: Print): Promise<void> {
  const sb = await startSandboxProcess({ testMode: true, speed: 0, products: 300, orders: ORDERS, tokenTtlSeconds: 36_000 })
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-orders-'))
  const t = makeCore({ dataDir })
  try {
    const shape = await shapeOpen(sb)
    print('orders', 'sandbox_orders', shape.total, 'orders')
    print('orders', 'sandbox_open_orders', shape.open, 'orders')
    await t.core.start()

    // The index's first build starts as the profile opens; the floor is read after it, alone.
    const built = indexComplete(t)
    const buildCpu = process.threadCpuUsage()
    const buildStarted = performance.now()
    await connect(t, sb)
    await built
    const build = performance.now() - buildStarted
    const buildCpuTime = cpuMs(buildCpu)
    const floor = await downloadAndParse(sb)
    print('orders', 'index.first_build', Math.round(build), 'ms')
    print('orders', 'index.first_build.floor', Math.round(floor), 'ms')
    print('orders', 'index.first_build.ratio', build / floor, 'x')
    print('orders', 'index.first_build.core_cpu', Math.round(buildCpuTime), 'ms')

    await t.call('orders.pollNow') // baseline

    // One steady poll: nothing changed since the last one.
    await sb.control.clearRequestLog()
    const cpu = process.threadCpuUsage()
    const started = performance.now()
    await t.call('orders.pollNow')
    const wall = performance.now() - started
    const cpuTime = cpuMs(cpu)
    // Only the watcher's own requests: the connection's probe may run alongside.
    const log = (await sb.control.requestLog()).filter((r) => r.path.startsWith('/orders'))
    print('orders', 'poll_requests', log.length, 'requests')
    print('orders', 'poll_bytes_received', log.reduce((s, r) => s + r.bytes, 0), 'bytes')
    print('orders', 'poll_cpu_time', Math.round(cpuTime * 10) / 10, 'ms')
    print('orders', 'poll_wall_time', Math.round(wall * 10) / 10, 'ms')

    // A poll after one order left the open list: one extra request for that order.
    const [leaving] = await openIds(sb)
    await sb.control.transition(leaving!, 'COMPLETE')
    await sb.control.clearRequestLog()
    await t.call('orders.pollNow')
    const after = (await sb.control.requestLog()).filter((r) => r.path.startsWith('/orders'))
    print('orders', 'poll_requests_after_one_completed', after.length, 'requests')

    // Transition → event latency at the default interval.
    const open = await openIds(sb)
    const latencies: number[] = []
    for (let i = 0; i < TRIALS; i++) {
      await t.call('orders.pollNow') // the next poll is now one default interval away
      const next = Date.parse((await t.call<WatchState>('orders.watchState')).nextPollAt!)
      const offset = Math.round(((i + 0.5) / TRIALS) * CADENCE.defaultMs)
      t.clock.advance(offset)
      const id = open[i]!
      await sb.control.transition(id, 'FAILED')
      const seen = new Promise<void>((resolve) => {
        const off = t.core.onEvent((event, payload) => {
          if (event !== 'orders.changed' || !(payload as { changes: { orderId: number }[] }).changes.some((c) => c.orderId === id)) return
          off()
          resolve()
        })
      })
      const t0 = performance.now()
      const wait = next - t.clock.now()
      t.clock.advance(wait)
      await seen
      latencies.push(wait + (performance.now() - t0))
    }
    latencies.sort((a, b) => a - b)
    print('orders', 'transition_to_event_mean', Math.round(latencies.reduce((s, x) => s + x, 0) / latencies.length), 'ms')
    print('orders', 'transition_to_event_max', Math.round(latencies.at(-1)!), 'ms')
    print('orders', 'default_interval', CADENCE.defaultMs, 'ms')
  } finally {
    await t.core.stop().catch(() => {})
    await sb.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// `npx tsx tests/bench/orders.bench.ts` runs this module on its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  void bench((area, figure, value, unit) => console.log(`bench: ${area}.${figure} = ${value} ${unit}`))
}
