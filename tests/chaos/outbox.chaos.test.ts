import { fork } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../shared/api'
import { startSandbox, type Fault, type Sandbox } from '../../electron/sandbox'
import { clientFor, openCore, plainProducts, rng, serviceCatalogue, settle, tempDir, verify, type CoreParts } from './support/outbox-world'
import type { PriceCatalogue } from '../../electron/core/baskets/price-catalogue'
import type { DraftAddress } from '../../shared/ipc/channels/baskets'

/**
 * The outbox's exactly-once promise under faults: for every step (create, price read, submit, and
 * the reconciliation reads themselves) a request is dropped before or after the service did its
 * work, answered with an error status, or the process running the core dies at a random moment;
 * then a new core starts on the same data folder and finishes. Every queued draft must end as
 * exactly one order with exactly its lines, and no second basket may exist.
 */
const SEED = 20_240_501
const RUNS = Number(process.env.CHAOS_RUNS ?? 200)
const KILL_RUNS = Number(process.env.CHAOS_KILL_RUNS ?? 5)

type Rand = ReturnType<typeof rng>
interface Scenario {
  name: string
  faults(r: Rand): Fault[]
  /** Milliseconds after start at which the core is killed (in process), or null to let it finish. */
  crashAt(r: Rand): number | null
}

const CREATE = { method: 'POST', path: '^/baskets$' }
const SUBMIT = { method: 'POST', path: '^/baskets/\\d+/submit$' }
const LIST = { method: 'GET', path: '^/baskets$' }
const GET_BASKET = { method: 'GET', path: '^/baskets/\\d+$' }
const GET_ORDER = { method: 'GET', path: '^/orders/\\d+$' }
const MODIFY = { method: 'PUT', path: '^/baskets/\\d+$' }
const POSTS = { method: 'POST', path: '^/baskets' }
const status5xx = (r: Rand) => r.pick([500, 502, 503] as const)
const never = () => null
const latency = (r: Rand): Fault => ({ kind: 'latency', ms: r.int(1, 12), match: POSTS })

const scenarios: Scenario[] = [
  { name: 'no fault', faults: () => [], crashAt: never },
  { name: 'create: reply lost after commit', faults: (r) => [{ kind: 'dropAfterCommit', times: r.int(1, 2), match: CREATE }], crashAt: never },
  { name: 'create: dropped before the service', faults: (r) => [{ kind: 'dropBefore', times: r.int(1, 2), match: CREATE }], crashAt: never },
  { name: 'create: error status', faults: (r) => [{ kind: 'status', status: status5xx(r), times: r.int(1, 2), match: CREATE }], crashAt: never },
  { name: 'submit: reply lost after commit', faults: (r) => [{ kind: 'dropAfterCommit', times: r.int(1, 2), match: SUBMIT }], crashAt: never },
  { name: 'submit: dropped before the service', faults: (r) => [{ kind: 'dropBefore', times: r.int(1, 2), match: SUBMIT }], crashAt: never },
  { name: 'submit: error status', faults: (r) => [{ kind: 'status', status: status5xx(r), times: r.int(1, 2), match: SUBMIT }], crashAt: never },
  {
    name: 'create lost, then the reconciliation read fails',
    faults: (r) => [
      { kind: 'dropAfterCommit', times: 1, match: CREATE },
      { kind: r.pick(['dropBefore', 'dropAfterCommit'] as const), times: r.int(1, 2), match: LIST },
    ],
    crashAt: never,
  },
  {
    name: 'create lost, then the content update and price read fail',
    faults: (r) => [
      { kind: 'dropAfterCommit', times: 1, match: CREATE },
      { kind: 'dropAfterCommit', times: r.int(1, 2), match: MODIFY },
      { kind: 'status', status: 503, times: 1, match: GET_BASKET },
    ],
    crashAt: never,
  },
  {
    name: 'submit lost, then the order check fails',
    faults: (r) => [
      { kind: 'dropAfterCommit', times: 1, match: SUBMIT },
      { kind: r.pick(['dropBefore', 'dropAfterCommit'] as const), times: r.int(1, 2), match: GET_ORDER },
    ],
    crashAt: never,
  },
  { name: 'rate limited with Retry-After', faults: () => [{ kind: 'status', status: 429, retryAfterSeconds: 0, times: 2, match: POSTS }], crashAt: never },
  { name: 'crash at a random moment', faults: (r) => [latency(r)], crashAt: (r) => r.int(0, 45) },
  { name: 'crash after a lost create reply', faults: (r) => [latency(r), { kind: 'dropAfterCommit', times: 1, match: CREATE }], crashAt: (r) => r.int(5, 40) },
  { name: 'crash after a lost submit reply', faults: (r) => [latency(r), { kind: 'dropAfterCommit', times: 1, match: SUBMIT }], crashAt: (r) => r.int(5, 40) },
  { name: 'crash while the service is failing', faults: (r) => [latency(r), { kind: 'status', status: 503, times: r.int(1, 3), match: POSTS }], crashAt: (r) => r.int(0, 30) },
]

let sandbox: Sandbox
let catalogue: PriceCatalogue
let pool: Product[]
let shipTo: { shipping_address: DraftAddress; shipping_type: number }

beforeAll(async () => {
  sandbox = await startSandbox({ products: 300, orders: 0, testMode: true, speed: 0, seed: 11 })
  const client = clientFor(sandbox)
  const cat = await serviceCatalogue(client)
  await client.close()
  catalogue = cat
  pool = plainProducts(cat.products)
  const client2 = clientFor(sandbox)
  const country = (await client2.list('listCountryCodes')).items[0]!
  const shipping = (await client2.list('listShippingTypes')).items[0]!
  await client2.close()
  shipTo = { shipping_address: { company_name: 'Chaos Ltd', addr_line_1: '1 Fault Lane', city: 'Leeds', postal_code: 'LS1 1AA', country_code: country.id }, shipping_type: shipping.id }
})
afterAll(async () => {
  await sandbox?.close()
})
afterEach(() => sandbox.control.clearFaults())

/** Queues `count` valid drafts of 1–4 lines with the outbox not yet running. */
async function queueDrafts(core: CoreParts, r: Rand, count: number): Promise<void> {
  for (let d = 0; d < count; d++) {
    const draft = await core.drafts.create(undefined, { name: r.next() < 0.7 ? `Chaos ${d}` : '', purchase_order_number: `PO-${r.int(1, 99999)}`, ...shipTo })
    const chosen = new Set<number>()
    const lines = r.int(1, 4)
    while (chosen.size < lines) chosen.add(r.pick(pool).id)
    await core.drafts.importLines(
      draft.id,
      [...chosen].map((id) => ({ productId: id, sku: skuOf(id), quantity: r.int(1, 5) })),
    )
    await core.drafts.submit(draft.id)
  }
}
const skuOf = (id: number) => pool.find((p) => p.id === id)!.product_code
const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms))

describe('outbox chaos: exactly one order per queued draft', () => {
  const totals = { duplicates: 0, lost: 0, runs: 0 }

  it.each(Array.from({ length: RUNS }, (_, i) => i))('run %i', async (i) => {
    const r = rng(SEED + i)
    const scenario = scenarios[i % scenarios.length]!
    const dir = tempDir('chaos')
    let core = openCore(dir, sandbox, catalogue, { autoSend: false })
    await queueDrafts(core, r, r.int(1, 3))
    for (const f of scenario.faults(r)) sandbox.control.injectFault(f)

    const crashAt = scenario.crashAt(r)
    core.outbox.start()
    if (crashAt !== null) {
      await sleep(crashAt)
      await core.crash()
      sandbox.control.clearFaults()
      core = openCore(dir, sandbox, catalogue, { autoSend: false })
      core.outbox.start()
    }
    const drafts = await settle(core)
    const verdict = verify(sandbox, drafts)
    await core.crash()
    rmSync(dir, { recursive: true, force: true })
    totals.runs++
    totals.duplicates += verdict.duplicates.length
    totals.lost += verdict.lost.length
    expect(verdict, `seed ${SEED + i}, scenario "${scenario.name}"`).toEqual({ duplicates: [], lost: [], wrongLines: [] })
  })

  it.each(Array.from({ length: KILL_RUNS }, (_, i) => i))('SIGKILL run %i: the process running the outbox is killed', async (i) => {
    const r = rng(SEED + 10_000 + i)
    const dir = tempDir('chaos-kill')
    const setup = openCore(dir, sandbox, catalogue, { autoSend: false })
    await queueDrafts(setup, r, 8)
    await setup.crash()
    sandbox.control.injectFault({ kind: 'latency', ms: r.int(2, 8), match: POSTS })
    if (r.next() < 0.5) sandbox.control.injectFault({ kind: 'dropAfterCommit', times: 2, match: r.pick([CREATE, SUBMIT]) })

    const child = fork(fileURLToPath(new URL('./support/outbox-child.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, WD_PROFILE_DIR: dir, WD_BASE_URL: sandbox.baseUrl, WD_CLIENT_ID: sandbox.demo.clientId, WD_CLIENT_SECRET: sandbox.demo.clientSecret },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    const exited = new Promise<void>((res) => child.once('exit', () => res()))
    await new Promise<void>((res, rej) => {
      child.once('message', () => res())
      child.once('error', rej)
    })
    await sleep(r.int(5, 120))
    child.kill('SIGKILL')
    await exited
    sandbox.control.clearFaults()

    // A request the killed process sent travels through another process's socket: a roomier grace
    // covers the scheduling of two processes on a busy machine.
    const core = openCore(dir, sandbox, catalogue, { autoSend: false, inFlightGraceMs: 1000 })
    core.outbox.start()
    const drafts = await settle(core)
    expect(drafts).toHaveLength(8)
    const verdict = verify(sandbox, drafts)
    await core.crash()
    rmSync(dir, { recursive: true, force: true })
    expect(verdict, `seed ${SEED + 10_000 + i}`).toEqual({ duplicates: [], lost: [], wrongLines: [] })
  })

  afterAll(() => {
    console.log(`chaos: ${totals.runs} in-process runs + ${KILL_RUNS} SIGKILL runs, ${totals.duplicates} duplicates, ${totals.lost} lost drafts`)
  })
})
