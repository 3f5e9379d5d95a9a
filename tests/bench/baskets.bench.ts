import { fork, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DraftAddress } from '../../shared/ipc/channels/baskets'
import type { Sandbox, SandboxClientCredentials } from '../../electron/sandbox'
import { clientFor, openCore, plainProducts, serviceCatalogue, settle } from '../chaos/support/outbox-world'

/**
 * The outbox after a day offline: 100 queued drafts of 20 lines each, sent when the service is
 * reachable again (a sandbox on loopback). Figures: wall time from reconnecting until every draft is
 * an order, requests per draft (tokens excluded), and the peak resident memory of the process
 * running the core — the sandbox runs in a child process of its own so it is not counted.
 */
type Print = (area: string, figure: string, value: number, unit: string) => void

const DRAFTS = 100
const LINES = 20

interface SandboxInfo {
  baseUrl: string
  demo: SandboxClientCredentials
}
type Reply = { type: 'ready'; info: SandboxInfo } | { type: 'log'; requests: { method: string; path: string }[] } | { type: 'orders'; count: number }

/** The child's side: a sandbox answering a few commands over IPC. */
async function serveSandbox(): Promise<void> {
  const { startSandbox } = await import('../../electron/sandbox')
  const sandbox = await startSandbox({ testMode: true, speed: 0, products: 600, orders: 0, tokenTtlSeconds: 36_000 })
  const send = (r: Reply) => process.send!(r)
  process.on('message', (m: string) => {
    if (m === 'clearLog') sandbox.control.clearRequestLog()
    else if (m === 'log') send({ type: 'log', requests: sandbox.control.requestLog().map((e) => ({ method: e.method, path: e.path })) })
    else if (m === 'orders') send({ type: 'orders', count: sandbox.control.listOrdersRaw().length })
    else if (m === 'close') void sandbox.close().then(() => process.exit(0))
  })
  send({ type: 'ready', info: { baseUrl: sandbox.baseUrl, demo: sandbox.demo } })
}

if (process.env.WD_BASKETS_BENCH_SANDBOX === '1') void serveSandbox()

function ask<T extends Reply['type']>(child: ChildProcess, cmd: string, type: T): Promise<Extract<Reply, { type: T }>> {
  return new Promise((resolve) => {
    const on = (r: Reply) => {
      if (r.type !== type) return
      child.off('message', on)
      resolve(r as Extract<Reply, { type: T }>)
    }
    child.on('message', on)
    child.send(cmd)
  })
}

export async function bench(print: Print): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, WD_BASKETS_BENCH_SANDBOX: '1' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  // On disk, like the app's data folder: every outbox step is an fsync'd commit.
  const dir = mkdtempSync(join(tmpdir(), 'wd-bench-baskets-'))
  try {
    const ready = await new Promise<SandboxInfo>((resolve) => child.once('message', (r: Reply) => r.type === 'ready' && resolve(r.info)))
    // The core's side only needs the address and the credentials.
    const sandbox = { baseUrl: ready.baseUrl, demo: ready.demo } as Sandbox
    const client = clientFor(sandbox)
    const catalogue = await serviceCatalogue(client)
    const country = (await client.list('listCountryCodes')).items[0]!
    const shipping = (await client.list('listShippingTypes')).items[0]!
    await client.close()
    const pool = plainProducts(catalogue.products)
    if (pool.length < LINES) throw new Error(`only ${pool.length} plain products in the sandbox`)
    const shipTo = { shipping_address: { addr_line_1: '1 Quay St', city: 'Bristol', postal_code: 'BS1 4AA', country_code: country.id } as DraftAddress, shipping_type: shipping.id }

    // A day offline: drafts queued while nothing is sent.
    const core = openCore(dir, sandbox, catalogue, { autoSend: false })
    for (let d = 0; d < DRAFTS; d++) {
      const draft = await core.drafts.create(undefined, { name: `Bench ${d}`, ...shipTo })
      const rows = Array.from({ length: LINES }, (_, i) => {
        const p = pool[(d * 7 + i) % pool.length]!
        return { productId: p.id, sku: p.product_code, quantity: 1 + ((d + i) % 5) }
      })
      await core.drafts.importLines(draft.id, rows)
      await core.drafts.submit(draft.id)
    }

    child.send('clearLog')
    let peak = process.memoryUsage().rss
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
    const started = performance.now()
    core.outbox.start()
    const drafts = await settle(core, 120_000)
    const wall = performance.now() - started
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)

    const submitted = drafts.filter((d) => d.state === 'submitted').length
    if (submitted !== DRAFTS) throw new Error(`${DRAFTS - submitted} drafts were not submitted`)
    const log = await ask(child, 'log', 'log')
    const requests = log.requests.filter((r) => r.path !== '/oauth/create_token').length
    await core.crash()

    print('baskets', 'outbox_100x20_wall', Math.round(wall), 'ms')
    print('baskets', 'outbox_drafts_per_second', Math.round((DRAFTS / wall) * 1000 * 10) / 10, 'drafts/s')
    print('baskets', 'outbox_requests_per_draft', Math.round((requests / DRAFTS) * 100) / 100, 'requests')
    print('baskets', 'outbox_peak_rss', Math.round(peak / 1024 / 1024), 'MB')
  } finally {
    child.send('close')
    await new Promise((r) => child.once('exit', r))
    rmSync(dir, { recursive: true, force: true })
  }
}
