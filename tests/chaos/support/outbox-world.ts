import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Order, Product } from '../../../shared/api'
import { BasketStore, type DraftRecord } from '../../../electron/core/baskets/basket-store'
import { Drafts } from '../../../electron/core/baskets/drafts'
import { markerOf } from '../../../shared/basket-marker'
import { Outbox } from '../../../electron/core/baskets/outbox'
import type { PriceCatalogue } from '../../../electron/core/baskets/price-catalogue'
import { systemClock, type Logger } from '../../../electron/core/platform/services'
import { ServiceClient } from '../../../electron/core/service/client'
import type { Sandbox } from '../../../electron/sandbox'

export const quietLog: Logger = { info: () => {}, warn: () => {}, error: () => {} }

/**
 * A fresh data folder. RAM-backed (/dev/shm) where there is one: a killed process loses nothing
 * the OS has been given either way, and hundreds of runs' fsyncs stay cheap on a shared disk.
 */
export const tempDir = (tag: string) => mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), `wd-${tag}-`))

/** Seeded randomness (mulberry32): a failing run is replayed from its seed. */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! }
}

/** What the core needs of a sandbox: its address and credentials (a sandbox in another process has them too). */
export type SandboxAddress = Pick<Sandbox, 'baseUrl' | 'demo'>

export function clientFor(sandbox: SandboxAddress, creds = sandbox.demo): ServiceClient {
  return new ServiceClient({ baseUrl: sandbox.baseUrl, clientId: creds.clientId, secret: async () => creds.clientSecret }, { clock: systemClock, log: quietLog })
}

/**
 * The service's own product list held in memory, for tests of the baskets alone: the catalogue
 * feature's reader answers the same three questions from its local database.
 */
export async function serviceCatalogue(client: ServiceClient): Promise<PriceCatalogue & { products: Product[] }> {
  const products: Product[] = []
  for (let page = 1; ; page++) {
    const res = await client.list('listProducts', { query: { page, per_page: 1000 } })
    products.push(...res.items)
    if (page >= res.pages) break
  }
  const asOf = new Date().toISOString()
  const byId = new Map(products.map((p) => [p.id, p]))
  return {
    products,
    findBySku: (sku) => products.filter((p) => p.product_code.toLowerCase() === sku.trim().toLowerCase()),
    getProduct: (id) => byId.get(id) ?? null,
    pricesAsOf: () => asOf,
  }
}

/** Products any basket can take as they are: no subscription data, rate plan or partner options needed. */
export function plainProducts(products: Product[]): Product[] {
  const skuCount = new Map<string, number>()
  for (const p of products) skuCount.set(p.product_code.toLowerCase(), (skuCount.get(p.product_code.toLowerCase()) ?? 0) + 1)
  return products.filter((p) => !p.subscription_type && p.rate_plans.length === 0 && skuCount.get(p.product_code.toLowerCase()) === 1)
}

export interface CoreParts {
  store: BasketStore
  drafts: Drafts
  outbox: Outbox
  client: ServiceClient
  /** Kills this core like a crash would: requests in flight are abandoned, nothing more is written. */
  crash(): Promise<void>
}

/** The baskets part of a core on `profileDir`: a new one on the same folder is a restart. */
export function openCore(profileDir: string, sandbox: SandboxAddress, catalogue: PriceCatalogue, opts: { organisation?: number; autoSend?: boolean; inFlightGraceMs?: number } = {}): CoreParts {
  const store = new BasketStore(profileDir, () => Date.now())
  const client = clientFor(sandbox)
  const outbox = new Outbox({
    store,
    client: () => client,
    service: () => sandbox.baseUrl,
    clock: systemClock,
    log: quietLog,
    changed: () => {},
    sent: () => {},
    concurrency: 3,
    retryBaseMs: 5,
    retryMaxMs: 50,
    // The sandbox is local and its injected latencies are at most a few ms: no request abandoned by
    // a crash in this process can arrive later than this (a killed child process's may: see there).
    inFlightGraceMs: opts.inFlightGraceMs ?? 150,
  })
  const drafts = new Drafts({
    store,
    catalogue: () => catalogue,
    actingOrganisation: () => opts.organisation ?? sandbox.demo.organisationId,
    changed: () => {},
    service: () => sandbox.baseUrl,
    kickOutbox: () => (opts.autoSend === false ? undefined : outbox.kick()),
  })
  return {
    store,
    drafts,
    outbox,
    client,
    async crash() {
      await outbox.stop()
      store.close()
      await client.close()
    },
  }
}

/** Waits until no draft is queued or being sent (the outbox retries on its own timer meanwhile). */
export async function settle(core: CoreParts, timeoutMs = 15_000): Promise<DraftRecord[]> {
  const until = Date.now() + timeoutMs
  for (;;) {
    await core.outbox.idle()
    const open = core.store.byState('queued', 'sending')
    if (!open.length) return core.store.all()
    if (Date.now() > until) throw new Error(`outbox did not settle: ${open.map((d) => `${d.id}:${d.state}/${d.step}/${d.inFlight}`).join(', ')}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

export interface Verdict {
  duplicates: string[]
  lost: string[]
  wrongLines: string[]
}

/**
 * Checks the service's raw state: every draft became exactly one order (no second basket or order
 * with its marker anywhere) with exactly its lines, under the user's own name. The outbox takes the
 * marker out of the name only of the basket whose id it recorded, so a duplicate keeps it.
 */
export function verify(sandbox: Sandbox, drafts: DraftRecord[]): Verdict {
  const orders = sandbox.control.listOrdersRaw()
  const baskets = sandbox.control.listBasketsRaw()
  const byMarker = new Map<string, Order[]>()
  for (const o of [...orders, ...baskets]) {
    const m = markerOf(o.name)
    if (!m) continue
    const list = byMarker.get(m) ?? []
    if (!list.some((x) => x.id === o.id)) list.push(o)
    byMarker.set(m, list)
  }
  const v: Verdict = { duplicates: [], lost: [], wrongLines: [] }
  for (const d of drafts) {
    const recorded = [...orders, ...baskets].find((o) => o.id === d.orderId)
    const marked = byMarker.get(d.marker ?? '') ?? []
    const found = recorded && !marked.some((o) => o.id === recorded.id) ? [recorded, ...marked] : marked
    if (recorded && recorded.status !== 'DRAFT' && (recorded.name ?? '') !== d.doc.name.trim()) v.wrongLines.push(`${d.id}: order ${recorded.id} is named "${recorded.name}"`)
    const placed = found.filter((o) => o.status !== 'DRAFT')
    if (found.length > 1) v.duplicates.push(`${d.id}: ${found.map((o) => `${o.id}/${o.status}`).join(' ')}`)
    if (d.state !== 'submitted' || placed.length !== 1 || placed[0]!.id !== d.orderId) {
      v.lost.push(`${d.id}: state ${d.state}, order ${d.orderId}, on service ${found.map((o) => `${o.id}/${o.status}`).join(' ') || 'nothing'}`)
      continue
    }
    const want = d.doc.line_items.map((l) => `${l.product}x${l.quantity}`).sort()
    const got = placed[0]!.line_items.map((l) => `${l.product}x${l.quantity}`).sort()
    if (want.join() !== got.join()) v.wrongLines.push(`${d.id}: wanted ${want.join(' ')}, got ${got.join(' ')}`)
  }
  return v
}
