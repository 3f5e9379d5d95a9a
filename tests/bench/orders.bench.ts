import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { OPEN_STATUSES, type OrderStatus } from '../../shared/api'
import type { WatchState } from '../../shared/ipc/channels/orders'
import { CADENCE } from '../../electron/core/orders/cadence'
import { connect, makeCore } from '../../electron/core/orders/test-core'
import type { RequestLogEntry, Sandbox } from '../../electron/sandbox'

/**
 * Order watcher figures, with the sandbox holding 20,000 orders of which 300 are open:
 * - one poll: requests, bytes received, CPU time of the app's thread (the sandbox runs in a worker
 *   thread of its own so its work is not counted);
 * - the latency from a sandbox transition to the core's `orders.changed` event at the default
 *   interval: the watcher runs on a manual clock, the transition happens at an evenly spread point
 *   of the interval, and the figure is the simulated wait until the next poll plus the real time
 *   that poll took.
 */
type Print = (area: string, figure: string, value: number, unit: string) => void

const ORDERS = 20_000
const OPEN = 300
const TRIALS = 12

interface Command {
  id: number
  cmd: 'shapeOpen' | 'transition' | 'requestLog' | 'clearRequestLog' | 'openIds'
  args?: unknown[]
}

/** The sandbox side (worker thread): commands in, answers out. */
async function serveSandbox(): Promise<void> {
  const { startSandbox } = await import('../../electron/sandbox')
  const sandbox: Sandbox = await startSandbox({ testMode: true, speed: 0, products: 300, orders: ORDERS, tokenTtlSeconds: 36_000 })
  const c = sandbox.control
  const openIds = () => c.listOrdersRaw().filter((o) => OPEN_STATUSES.includes(o.status)).map((o) => o.id)
  parentPort!.on('message', (m: Command | 'close') => {
    if (m === 'close') {
      void sandbox.close().then(() => process.exit(0))
      return
    }
    let value: unknown
    if (m.cmd === 'shapeOpen') {
      // Exactly OPEN open orders: extra ones complete, missing ones are reopened as PROCESSING.
      const all = c.listOrdersRaw()
      const open = all.filter((o) => OPEN_STATUSES.includes(o.status))
      for (const o of open.slice(OPEN)) c.transition(o.id, 'COMPLETE')
      for (const o of all.filter((x) => x.status === 'COMPLETE').slice(0, Math.max(0, OPEN - open.length))) c.transition(o.id, 'PROCESSING')
      value = { total: all.length, open: openIds().length }
    } else if (m.cmd === 'transition') c.transition(...(m.args as [number, OrderStatus]))
    else if (m.cmd === 'requestLog') value = c.requestLog()
    else if (m.cmd === 'clearRequestLog') c.clearRequestLog()
    else if (m.cmd === 'openIds') value = openIds()
    parentPort!.postMessage({ id: m.id, value })
  })
  parentPort!.postMessage({ ready: { baseUrl: sandbox.baseUrl, demo: sandbox.demo } })
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'orders-bench-sandbox') void serveSandbox()

async function sandboxInWorker() {
  // The worker runs this same TypeScript module, so it registers tsx's loader first.
  const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(import.meta.url)}) })`
  const worker = new Worker(boot, { eval: true, workerData: { role: 'orders-bench-sandbox' } })
  const waiting = new Map<number, (v: unknown) => void>()
  let seq = 0
  const ready = await new Promise<{ baseUrl: string; demo: Sandbox['demo'] }>((resolve, reject) => {
    worker.on('error', reject)
    worker.on('message', (m: { ready?: { baseUrl: string; demo: Sandbox['demo'] }; id?: number; value?: unknown }) => {
      if (m.ready) resolve(m.ready)
      else if (m.id !== undefined) waiting.get(m.id)?.(m.value)
    })
  })
  const send = <T>(cmd: Command['cmd'], ...args: unknown[]) =>
    new Promise<T>((resolve) => {
      const id = ++seq
      waiting.set(id, (v) => (waiting.delete(id), resolve(v as T)))
      worker.postMessage({ id, cmd, args })
    })
  return {
    ...ready,
    send,
    close: () => new Promise<void>((resolve) => (worker.once('exit', () => resolve()), worker.postMessage('close'))),
  }
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const u = process.threadCpuUsage(since)
  return (u.user + u.system) / 1000
}

export async function bench(print: Print): Promise<void> {
  const sb = await sandboxInWorker()
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-orders-'))
  const t = makeCore({ dataDir })
  try {
    const shape = await sb.send<{ total: number; open: number }>('shapeOpen')
    print('orders', 'sandbox_orders', shape.total, 'orders')
    print('orders', 'sandbox_open_orders', shape.open, 'orders')
    await t.core.start()
    await connect(t, { baseUrl: sb.baseUrl, demo: sb.demo } as Sandbox)
    await t.call('orders.pollNow') // baseline

    // One steady poll: nothing changed since the last one.
    await sb.send('clearRequestLog')
    const cpu = process.threadCpuUsage()
    const started = performance.now()
    await t.call('orders.pollNow')
    const wall = performance.now() - started
    const cpuTime = cpuMs(cpu)
    // Only the watcher's own requests: the connection's probe may run alongside.
    const log = (await sb.send<RequestLogEntry[]>('requestLog')).filter((r) => r.path.startsWith('/orders'))
    print('orders', 'poll_requests', log.length, 'requests')
    print('orders', 'poll_bytes_received', log.reduce((s, r) => s + r.bytes, 0), 'bytes')
    print('orders', 'poll_cpu_time', Math.round(cpuTime * 10) / 10, 'ms')
    print('orders', 'poll_wall_time', Math.round(wall * 10) / 10, 'ms')

    // A poll after one order left the open list: one extra request for that order.
    const [leaving] = await sb.send<number[]>('openIds')
    await sb.send('transition', leaving, 'COMPLETE')
    await sb.send('clearRequestLog')
    await t.call('orders.pollNow')
    const after = (await sb.send<RequestLogEntry[]>('requestLog')).filter((r) => r.path.startsWith('/orders'))
    print('orders', 'poll_requests_after_one_completed', after.length, 'requests')

    // Transition → event latency at the default interval.
    const open = await sb.send<number[]>('openIds')
    const latencies: number[] = []
    for (let i = 0; i < TRIALS; i++) {
      await t.call('orders.pollNow') // the next poll is now one default interval away
      const next = Date.parse((await t.call<WatchState>('orders.watchState')).nextPollAt!)
      const offset = Math.round(((i + 0.5) / TRIALS) * CADENCE.defaultMs)
      t.clock.advance(offset)
      const id = open[i]!
      await sb.send('transition', id, 'FAILED')
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
if (isMainThread && import.meta.url === `file://${process.argv[1]}`) {
  void bench((area, figure, value, unit) => console.log(`bench: ${area}.${figure} = ${value} ${unit}`))
}
