import { readdirSync, unlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Product, type User } from '../../../shared/api'
import type { CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import type { CatalogueStatus, SyncOutcome, SyncProgress } from '../../../shared/model/catalogue-sync'
import type { ProductSummary } from '../../../shared/model/product'
import { SHOWCASE, startSandbox, type Sandbox } from '../../sandbox'
import { catalogueRig, type CatalogueRig } from '../../../tests/support/core/catalogue-rig'
import { until } from '../../../tests/support/core/until'
import { RecordClient } from '../../../tests/support/sandbox/record-client'

const PRODUCTS = 640
const PER_PAGE = 100
const PAGES = Math.ceil(PRODUCTS / PER_PAGE)

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: PRODUCTS, orders: 0, speed: 0, tokenTtlSeconds: 3600 })
})
afterAll(async () => {
  await sandbox?.close()
})

const rigs: CatalogueRig[] = []
afterEach(async () => {
  sandbox.control.clearFaults()
  await sandbox.control.resume()
  for (const r of rigs.splice(0)) await r.close()
})

async function connected(opts: Parameters<typeof catalogueRig>[0] = {}): Promise<CatalogueRig> {
  const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 3, ...opts })
  rigs.push(rig)
  await rig.connect(sandbox)
  return rig
}

/** Every product as the service answers it, through the same schema the app uses. */
async function serviceProducts(rig: CatalogueRig): Promise<Product[]> {
  const client = rig.ctx.connection.require().client
  const all: Product[] = []
  for (let page = 1; ; page++) {
    const res = await client.list('listProducts', { query: { page, per_page: 1000 } })
    all.push(...res.items)
    if (page >= res.pages) return all
  }
}

/** Pages of products answered: downloaded (200), or unchanged since the ETag the client kept (304). */
const pagesRequested = () =>
  sandbox.control
    .requestLog()
    .filter((r) => r.method === 'GET' && r.path === '/products' && (r.status === 200 || r.status === 304))
    .map((r) => Number(new URLSearchParams(r.query).get('page')))

/** A connected rig (one page at a time) whose next sync is cancelled once three pages are stored. */
async function cancellingAfterThreePages(): Promise<{ rig: CatalogueRig; profileId: string }> {
  const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 1 })
  rigs.push(rig)
  const profileId = await rig.connect(sandbox)
  rig.onEvent((event, payload) => {
    if (event === 'catalogue.syncProgress' && (payload as SyncProgress).pagesDone === 3) void rig.call('catalogue.cancelSync')
  })
  return { rig, profileId }
}

/** A sync cancelled after three pages, its app closed: what a restart finds in `profileDir`. */
async function interruptedAndClosed(): Promise<{ rig: CatalogueRig; profileId: string; profileDir: string }> {
  const { rig, profileId } = await cancellingAfterThreePages()
  expect((await rig.call<SyncOutcome>('catalogue.sync')).outcome).toBe('cancelled')
  const profileDir = rig.ctx.connection.require().profileDir
  await rig.close()
  rigs.splice(rigs.indexOf(rig), 1)
  return { rig, profileId, profileDir }
}

/** The app started again on the interrupted sync's folder: its next sync starts over (page 1 asked again, a warning said) and completes. */
async function restartedSyncStartsOver(rig: CatalogueRig, profileId: string): Promise<CatalogueRig> {
  const again = catalogueRig({ perPage: PER_PAGE, concurrency: 3, dataDir: rig.dataDir, secrets: rig.secrets })
  rigs.push(again)
  await again.call('connection.activate', { id: profileId })
  sandbox.control.clearRequestLog()
  expect(await again.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
  expect(pagesRequested()).toContain(1)
  expect(again.warnings.some((w) => /could not be resumed; starting over/.test(w))).toBe(true)
  return again
}

const progressEvents = (rig: CatalogueRig) => rig.events.filter((e) => e.event === 'catalogue.syncProgress').map((e) => e.payload as SyncProgress)

describe('full sync', () => {
  it('stores every product with every field, keeps products sharing a SKU apart, and reports progress', async () => {
    const rig = await connected()
    const before = await rig.call<CatalogueStatus>('catalogue.status')
    expect(before).toMatchObject({ products: 0, lastSyncAt: null, syncing: false })
    // What a view reads when told the sync is done (it reads the status then, and nothing later tells it more).
    let atDone: Promise<CatalogueStatus> | null = null
    rig.onEvent((event, payload) => {
      if (event === 'catalogue.syncProgress' && (payload as SyncProgress).phase === 'done') atDone ??= rig.call<CatalogueStatus>('catalogue.status')
    })

    const outcome = await rig.call<SyncOutcome>('catalogue.sync')
    expect(outcome).toEqual({ outcome: 'completed', products: PRODUCTS, invalid: 0 })
    expect(await atDone).toMatchObject({ syncing: false, progress: null, products: PRODUCTS })

    // Every field of every product round-trips: what the service answers is what the catalogue gives back.
    const remote = await serviceProducts(rig)
    expect(remote).toHaveLength(PRODUCTS)
    for (const p of remote) expect(await rig.call('catalogue.product', { id: p.id })).toEqual(p)
    // The showcase covers the nested fields: rate plans with charges and costs, partner-flagged related products.
    const storage = await rig.call<Product>('catalogue.product', { id: SHOWCASE.storage.id })
    expect(storage.rate_plans[0]!.rate_plan_charges[0]!.rate_plan_charge_costs.length).toBeGreaterThan(0)
    const firewall = await rig.call<Product>('catalogue.product', { id: SHOWCASE.firewall.id })
    expect(firewall.provisioning).toEqual([expect.objectContaining({ id: SHOWCASE.partnerProvisioning.id, partner: true })])

    // Two vendors sell AMB-100: both are kept, each with its vendor; the lookup ignores case and blanks.
    const amb = await rig.call<ProductSummary[]>('catalogue.lookupSku', { sku: ` ${SHOWCASE.ambiguousSku.toLowerCase()} ` })
    expect(amb.map((p) => p.id).sort()).toEqual([...SHOWCASE.ambiguousIds])
    expect(new Set(amb.map((p) => p.vendor)).size).toBe(2)

    const status = await rig.call<CatalogueStatus>('catalogue.status')
    expect(status).toMatchObject({ products: PRODUCTS, syncing: false, lastInvalid: 0, lastFailure: null })
    expect(status.lastSyncAt).toBe(new Date(rig.clock.now()).toISOString())
    const search = await rig.call<CatalogueSearchResult>('catalogue.search', { query: SHOWCASE.switch.sku })
    expect(search.pricesAsOf).toBe(status.lastSyncAt)

    const progress = progressEvents(rig)
    // Each stored page is reported, and so is each commit of the text index (more products findable by name).
    expect([...new Set(progress.filter((p) => p.phase === 'fetching').map((p) => p.pagesDone))]).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1))
    const searchable = progress.map((p) => p.productsSearchable ?? 0)
    expect(searchable.every((n, i) => i === 0 || n >= searchable[i - 1]!)).toBe(true)
    expect(progress.find((p) => p.productsSearchable === PRODUCTS)?.phase).toMatch(/fetching|finalizing/)
    expect(progress.every((p) => p.pagesTotal === PAGES)).toBe(true)
    expect(progress.at(-1)).toMatchObject({ phase: 'done', pagesDone: PAGES, products: PRODUCTS, etaSeconds: 0 })

    // Vendors and types are known by id only; "none" (-1) counts the unbranded products.
    const facets = await rig.call<{ vendors: { id: number; count: number }[]; types: { id: number; count: number }[] }>('catalogue.facets')
    expect(facets.vendors.reduce((s, f) => s + f.count, 0)).toBe(PRODUCTS)
    expect(facets.types.reduce((s, f) => s + f.count, 0)).toBe(PRODUCTS)
    expect(facets.vendors.find((f) => f.id === -1)?.count).toBeGreaterThanOrEqual(1)
  })

  it('stores the product groups with their products', async () => {
    const rig = await connected()
    await rig.call('catalogue.sync')
    const client = rig.ctx.connection.require().client
    const remote = await client.list('listProductGroups', { query: { per_page: 1000 } })
    const groups = await rig.call<{ id: number; name: string; product_count: number }[]>('catalogue.productGroups')
    expect(groups.map((g) => g.id).sort((a, b) => a - b)).toEqual(remote.items.map((g) => g.id).sort((a, b) => a - b))
    if (groups.length === 0) return
    const full = await client.call('getProductGroup', { params: { id: groups[0]!.id } })
    const local = await rig.call<{ group: unknown; products: ProductSummary[] }>('catalogue.productGroup', { id: groups[0]!.id })
    expect(local.group).toEqual(full)
    expect(local.products.map((p) => p.id)).toEqual(full.products.filter((id) => id <= PRODUCTS))
    expect((await rig.fail('catalogue.productGroup', { id: 999_999 })).code).toBe('not_found')
  })

  it('keeps the previous catalogue searchable when the connection is lost mid-sync, then resumes where it stopped', async () => {
    const rig = await connected()
    await rig.call('catalogue.sync')
    const oldPrice = (await rig.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.switch.sku }))[0]!.price
    sandbox.control.raisePrices([SHOWCASE.switch.id], 10)

    // The service starts dropping connections once two pages of the new sync are stored.
    rig.onEvent((event, payload) => {
      const p = payload as SyncProgress
      if (event === 'catalogue.syncProgress' && p.phase === 'fetching' && p.pagesDone === 2) sandbox.control.injectFault({ kind: 'dropBefore', match: { path: '^/products$' } })
    })
    sandbox.control.clearRequestLog()
    const failed = await rig.call<SyncOutcome>('catalogue.sync')
    expect(failed.outcome).toBe('failed')
    // The pages the rows worker fetched told the online state too (as the client's own requests do).
    expect(rig.ctx.connection.online).toBe(false)
    const storedBefore = new Set(pagesRequested())
    expect(storedBefore.size).toBeGreaterThanOrEqual(2)
    expect(storedBefore.size).toBeLessThan(PAGES)

    // Search still answers from the complete previous catalogue, old price and all.
    const status = await rig.call<CatalogueStatus>('catalogue.status')
    expect(status).toMatchObject({ products: PRODUCTS, syncing: false })
    expect(status.lastFailure).toBeTruthy()
    const found = await rig.call<CatalogueSearchResult>('catalogue.search', { query: SHOWCASE.switch.sku })
    expect(found.items[0]).toMatchObject({ id: SHOWCASE.switch.id, match: 'exact', price: oldPrice })
    expect(found.total).toBeGreaterThan(0)

    // The next sync fetches only the pages it did not store, and completes.
    sandbox.control.clearFaults()
    sandbox.control.clearRequestLog()
    const resumed = await rig.call<SyncOutcome>('catalogue.sync')
    expect(resumed).toMatchObject({ outcome: 'completed', products: PRODUCTS })
    const refetched = pagesRequested()
    expect(refetched.filter((p) => storedBefore.has(p))).toEqual([])
    expect(new Set([...storedBefore, ...refetched]).size).toBe(PAGES)
    const after = (await rig.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.switch.sku }))[0]!
    expect(after.price).toBeCloseTo(oldPrice * 1.1, 2)
    expect((await rig.call<CatalogueStatus>('catalogue.status')).lastFailure).toBeNull()
  })

  it('answers searches from the previous catalogue while a sync runs', async () => {
    const rig = await connected({ concurrency: 1 })
    await rig.call('catalogue.sync')
    sandbox.control.raisePrices([SHOWCASE.router.id], 20)
    const oldPrice = (await rig.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.router.sku }))[0]!.price
    sandbox.control.injectFault({ kind: 'latency', ms: 40, match: { path: '^/products$' } })
    let during: { search: CatalogueSearchResult; status: CatalogueStatus } | null = null
    rig.onEvent((event, payload) => {
      if (event === 'catalogue.syncProgress' && (payload as SyncProgress).pagesDone === 2 && !during) {
        void Promise.all([rig.call<CatalogueSearchResult>('catalogue.search', { query: SHOWCASE.router.sku }), rig.call<CatalogueStatus>('catalogue.status')]).then(
          ([search, status]) => (during = { search, status }),
        )
      }
    })
    expect((await rig.call<SyncOutcome>('catalogue.sync')).outcome).toBe('completed')
    expect(during).not.toBeNull()
    const seen = during!
    expect(seen.status).toMatchObject({ syncing: true, products: PRODUCTS, progress: { phase: 'fetching', pagesTotal: PAGES } })
    expect(seen.search.items[0]).toMatchObject({ id: SHOWCASE.router.id, price: oldPrice })
    expect((await rig.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.router.sku }))[0]!.price).toBeCloseTo(oldPrice * 1.2, 2)
  })

  it('goes on with the new session when the profile is saved during a sync, and completes without an error', async () => {
    const rig = await connected({ concurrency: 1 })
    const profileId = rig.ctx.connection.require().profile.id
    sandbox.control.injectFault({ kind: 'latency', ms: 40, match: { path: '^/products$' } })
    // Saving the profile (a new name) starts a new session and closes the old one's client mid-sync.
    let saved: Promise<unknown> | null = null
    rig.onEvent((event, payload) => {
      if (event === 'catalogue.syncProgress' && (payload as SyncProgress).pagesDone === 2 && !saved) {
        saved = rig.call('connection.save', { id: profileId, name: 'Renamed', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId })
      }
    })
    sandbox.control.clearRequestLog()
    await rig.call('catalogue.sync')
    await saved
    await until(async () => (await rig.call<CatalogueStatus>('catalogue.status')).lastSyncAt, 'the resumed sync done')

    const status = await rig.call<CatalogueStatus>('catalogue.status')
    expect(status).toMatchObject({ products: PRODUCTS, syncing: false, lastFailure: null })
    // Taken up where it stopped: no page fetched twice.
    expect(pagesRequested().sort((a, b) => a - b)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1))
    expect(rig.events.filter((e) => e.event === 'system.online').map((e) => (e.payload as { online: boolean }).online)).toEqual([true])
  })

  it('asks again with a new token when the service revokes the token mid-sync (401), and completes', async () => {
    const rig = await connected({ concurrency: 1 })
    await rig.call('catalogue.sync')
    sandbox.control.raisePrices([SHOWCASE.switch.id], 10)
    // Revoked once two pages are stored: the next page (fetched by the rows worker) is refused.
    let revoked = false
    rig.onEvent((event, payload) => {
      if (event === 'catalogue.syncProgress' && (payload as SyncProgress).pagesDone === 2 && !revoked) {
        revoked = true
        sandbox.control.revokeTokens()
      }
    })
    sandbox.control.clearRequestLog()
    expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
    const log = sandbox.control.requestLog()
    const pages = log.filter((r) => r.method === 'GET' && r.path === '/products').map((r) => [Number(new URLSearchParams(r.query).get('page')), r.status])
    expect(pages.filter(([, status]) => status === 401)).toEqual([[3, 401]])
    // Asked again, and answered (unchanged since the first sync: 304 to the ETag kept of it).
    expect(pages.filter(([page]) => page === 3)).toEqual([[3, 401], [3, 304]])
    // One renewal, by the main thread's client, between the refused page and its second asking.
    expect(log.filter((r) => r.method === 'POST' && r.path.endsWith('/create_token')).length).toBe(1)
    expect((await rig.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.switch.sku }))[0]!.price).toBeGreaterThan(0)
    expect(rig.ctx.connection.online).toBe(true)
  })

  it('keeps the previous catalogue when the service answers 503 on every page', async () => {
    const rig = await connected()
    await rig.call('catalogue.sync')
    sandbox.control.injectFault({ kind: 'status', status: 503, match: { path: '^/products$' } })
    const failed = await rig.call<SyncOutcome>('catalogue.sync')
    expect(failed.outcome).toBe('failed')
    expect((await rig.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.router.sku })).map((p) => p.id)).toEqual([SHOWCASE.router.id])
    // The service's refusal, by its kind, its own words kept: no reason of the app's beside it.
    const status = await rig.call<CatalogueStatus>('catalogue.status')
    expect(status.products).toBe(PRODUCTS)
    expect(status.lastFailure).toEqual({ code: 'server_error', refusal: { kind: 'server_error', status: 503 }, message: expect.stringContaining('Injected fault') })
    sandbox.control.clearFaults()
    expect((await rig.call<SyncOutcome>('catalogue.sync')).outcome).toBe('completed')
  })

  it('can be cancelled, and the next sync (even after a restart) resumes from the stored pages', async () => {
    const { rig, profileId } = await cancellingAfterThreePages()
    sandbox.control.clearRequestLog()
    const cancelled = await rig.call<SyncOutcome>('catalogue.sync')
    expect(cancelled.outcome).toBe('cancelled')
    expect(progressEvents(rig).at(-1)?.phase).toBe('cancelled')
    const stored = new Set(pagesRequested())
    expect((await rig.call<CatalogueStatus>('catalogue.status')).products).toBe(0)
    // The descriptions the text thread had stashed for later go with the cancel (the next sync reads them back).
    const profileDir = rig.ctx.connection.require().profileDir
    const stashes = () => readdirSync(profileDir).filter((f) => f.endsWith('-stash'))
    expect(stashes()).toEqual([])

    // The app closes and opens again on the same data folder, where a crash had left a stash of a generation no one writes.
    await rig.close()
    rigs.splice(rigs.indexOf(rig), 1)
    writeFileSync(join(profileDir, 'catalogue-g97-text.db-stash'), 'left by a crash')
    const again = catalogueRig({ perPage: PER_PAGE, concurrency: 3, dataDir: rig.dataDir, secrets: rig.secrets })
    rigs.push(again)
    await again.call('connection.activate', { id: profileId })
    sandbox.control.clearRequestLog()
    expect(await again.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
    expect(pagesRequested().filter((p) => stored.has(p))).toEqual([])
    expect((await again.call<CatalogueStatus>('catalogue.status')).products).toBe(PRODUCTS)
    expect(stashes()).toEqual([])
  })

  it('starts over when the interrupted sync’s files cannot be read, and completes', async () => {
    const { rig, profileId, profileDir } = await interruptedAndClosed()
    // As after a power cut while the next generation was written without fsync.
    const shadowFiles = readdirSync(profileDir).filter((f) => /^catalogue-g[1-9]\d*-(rows|text)\.db$/.test(f))
    expect(shadowFiles).toHaveLength(2)
    for (const f of shadowFiles) writeFileSync(join(profileDir, f), Buffer.alloc(64 * 1024, 0x5a))

    const again = await restartedSyncStartsOver(rig, profileId)
    expect((await again.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.phone.sku })).length).toBeGreaterThan(0)
  })

  it('starts over when the interrupted sync was written before names and descriptions were indexed apart, and completes', async () => {
    const { rig, profileId, profileDir } = await interruptedAndClosed()
    // A text file as an earlier version wrote it: its text_page listed the pages whose whole text it held, in one table.
    const [textFile] = readdirSync(profileDir).filter((f) => /^catalogue-g[1-9]\d*-text\.db$/.test(f))
    const older = new DatabaseSync(join(profileDir, textFile!))
    older.exec('DROP TABLE body_page; CREATE TABLE text_page (page INTEGER PRIMARY KEY); INSERT INTO text_page (page) VALUES (1);')
    older.close()

    const again = await restartedSyncStartsOver(rig, profileId)
    const phone = (await again.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.phone.sku }))[0]!
    expect((await again.call<CatalogueSearchResult>('catalogue.search', { query: phone.name })).items.map((p) => p.id)).toContain(phone.id)
  })

  it('reads as never synced when its files have been deleted, and fills again with the next sync', async () => {
    const rig = await connected()
    await rig.call('catalogue.sync')
    const profileId = rig.ctx.connection.require().profile.id
    const profileDir = rig.ctx.connection.require().profileDir
    await rig.close()
    rigs.splice(rigs.indexOf(rig), 1)
    for (const f of readdirSync(profileDir).filter((f) => /^catalogue-g\d+-(rows|text)\.db$/.test(f))) unlinkSync(join(profileDir, f))

    const again = catalogueRig({ perPage: PER_PAGE, concurrency: 3, dataDir: rig.dataDir, secrets: rig.secrets })
    rigs.push(again)
    await again.call('connection.activate', { id: profileId })
    expect(await again.call<CatalogueStatus>('catalogue.status')).toMatchObject({ products: 0, lastSyncAt: null })
    expect(await again.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
  })

  it('refuses to sync while offline and says the stored catalogue stays in use', async () => {
    const rig = await connected()
    await rig.call('catalogue.sync')
    await sandbox.control.pause()
    await rig.ctx.connection.probe()
    expect(rig.ctx.connection.online).toBe(false)
    const err = await rig.fail('catalogue.sync')
    expect(err.code).toBe('offline')
    expect(err.message).toMatch(/stored catalogue stays in use/)
    expect((await rig.call<CatalogueStatus>('catalogue.status')).products).toBe(PRODUCTS)
  })
})

describe('a sync that fails part-way says why', () => {
  /** A rig whose next sync meets `fault` once two pages are stored (one page at a time). */
  async function failingAfterTwoPages(fault: () => Promise<void> | void): Promise<CatalogueRig> {
    const rig = await connected({ concurrency: 1 })
    let struck = false
    rig.onEvent((event, payload) => {
      if (event === 'catalogue.syncProgress' && (payload as SyncProgress).pagesDone === 2 && !struck) {
        struck = true
        void fault()
      }
    })
    return rig
  }

  it('the service stopped answering: the pages stored are kept for the next sync, which carries on from them', async () => {
    const rig = await failingAfterTwoPages(() => sandbox.control.pause())
    expect((await rig.call<SyncOutcome>('catalogue.sync')).outcome).toBe('failed')
    const status = await rig.call<CatalogueStatus>('catalogue.status')
    expect(status.lastFailure).toEqual({ code: 'offline', reason: { code: 'syncServiceLost' }, message: expect.any(String) })
    const failed = progressEvents(rig).at(-1)!
    expect(failed).toMatchObject({ phase: 'failed', failure: { code: 'offline', reason: { code: 'syncServiceLost' } } })
  })

  it('the service ended the session and refused a new one: said as such, not as credentials typed wrong', async () => {
    // A user of the demo's organisation, disabled by its administrator while the app is connected:
    // the token the app holds stops working, and a new one is refused (invalid_client).
    const creds = sandbox.clients.find((c) => c.organisationId === sandbox.demo.organisationId && !c.admin)!
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 1 })
    rigs.push(rig)
    const profile = await rig.call<{ id: string }>('connection.save', { name: 'Buyer', baseUrl: sandbox.baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret })
    await rig.call('connection.activate', { id: profile.id })
    const admin = await new RecordClient(sandbox.url, sandbox.demo).signIn()
    const { id: _i, api_clients: _c, audit_logs: _a, actions_taken: _t, ...user } = (await admin.get<User>(`/users/${creds.userId}`)).body
    expect((await admin.send('PUT', `/users/${creds.userId}`, { ...user, active: false })).status).toBe(200)
    try {
      expect((await rig.call<SyncOutcome>('catalogue.sync')).outcome).toBe('failed')
      expect(await rig.call<CatalogueStatus>('catalogue.status')).toMatchObject({ lastFailure: { code: 'unauthorized', reason: { code: 'syncSessionRefused' } } })
    } finally {
      await admin.send('PUT', `/users/${creds.userId}`, { ...user, active: true })
    }
  })
})

describe('a service that answers malformed products', () => {
  // The sandbox only serves well-formed products; this small proxy (a stand-in for a misbehaving
  // service) corrupts two products of the first page on their way through.
  let proxy: Server
  let proxyUrl: string
  /** A page the proxy cuts short (its answer is then not JSON), or none. */
  let truncatePage: string | null = null
  let servedPage1: Record<string, unknown>[] = []
  beforeAll(async () => {
    proxy = createServer(async (req, res) => {
      // The sandbox may close a connection while a request passes (a sync cancelled, a test ending):
      // the client then sees the connection dropped, as it would, never an unhandled rejection here.
      const cut = new URL(req.url!, 'http://x').searchParams.get('page') === truncatePage && req.url!.includes('/products')
      // The page it cuts is answered whole, never 304 to the ETag the client kept of it.
      const asked = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !(cut && k === 'if-none-match'))) as Record<string, string>
      const upstream = await fetch(sandbox.url + req.url, { method: req.method, headers: asked, body: req.method === 'POST' ? req : undefined, duplex: 'half' } as RequestInit).catch(() => null)
      if (!upstream) return void res.destroy()
      let text = await upstream.text().catch(() => null)
      if (text === null) return void res.destroy()
      const url = new URL(req.url!, 'http://x')
      if (url.pathname === '/api/v1/products' && url.searchParams.get('page') === '1') {
        const items = JSON.parse(text) as Record<string, unknown>[]
        items[3]!.price = 'twelve'
        delete items[7]!.product_code
        delete items[9]!.id
        // Characters of one, two, three and four UTF-8 bytes before most of the page's products.
        items[5]!.name = 'Überwachungskamera – 4K “Pro” 🎥'
        items[5]!.description = 'Für Büro & Lager: ½ Preis'
        text = JSON.stringify(items)
        servedPage1 = items
      }
      if (url.pathname === '/api/v1/products' && url.searchParams.get('page') === truncatePage) text = text.slice(0, -25)
      const headers: Record<string, string> = {}
      upstream.headers.forEach((v, k) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding'].includes(k)) headers[k] = v
      })
      res.writeHead(upstream.status, headers).end(text)
    })
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/v1`
  })
  afterAll(() => new Promise<void>((r) => proxy.close(() => r())))

  it('keeps what can be read of them, marked, leaves out and counts the one without an id, and stores the rest', async () => {
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 3 })
    rigs.push(rig)
    const profile = await rig.call<{ id: string }>('connection.save', { name: 'Proxy', baseUrl: proxyUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
    await rig.call('connection.activate', { id: profile.id })
    const outcome = await rig.call<SyncOutcome>('catalogue.sync')
    expect(outcome).toEqual({ outcome: 'completed', products: PRODUCTS - 1, invalid: 1 })
    expect(await rig.call<CatalogueStatus>('catalogue.status')).toMatchObject({ lastInvalid: 1, partialProducts: 2 })
    expect(rig.warnings.some((w) => /1 products on page 1/.test(w))).toBe(true)
    expect(await rig.call('catalogue.product', { id: servedPage1[3]!.id })).toMatchObject({ name: servedPage1[3]!.name, price: 0 })
    expect(await rig.call('catalogue.product', { id: servedPage1[7]!.id })).toMatchObject({ name: servedPage1[7]!.name, product_code: '' })
    // Every field of the page's other products reads back as served, around the non-ASCII ones.
    for (const i of [0, 5, 6, 50, PER_PAGE - 1, 2, 5]) {
      expect(await rig.call('catalogue.product', { id: servedPage1[i]!.id })).toEqual(Product.parse(servedPage1[i]))
    }

    // A page cut short fails the next sync with a clear message; the catalogue stored before stays.
    truncatePage = '3'
    try {
      const failed = await rig.call<SyncOutcome>('catalogue.sync')
      expect(failed.outcome).toBe('failed')
      expect(failed.message).toMatch(/page 3 of the products was not JSON/)
      // Which page the app could not read, for the rep's words, not 'is the base URL right?'.
      expect((await rig.call<CatalogueStatus>('catalogue.status')).lastFailure).toEqual({ code: 'bad_response', reason: { code: 'syncPageMalformed', page: 3 }, message: expect.any(String) })
    } finally {
      truncatePage = null
    }
    expect((await rig.call<CatalogueStatus>('catalogue.status')).products).toBe(PRODUCTS - 1)
    expect((await rig.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.phone.sku })).length).toBeGreaterThan(0)
  })
})
