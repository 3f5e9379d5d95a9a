import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../shared/api'
import type { CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import type { CatalogueStatus, SyncOutcome, SyncProgress } from '../../../shared/model/catalogue-sync'
import type { ProductSummary } from '../../../shared/model/product'
import { startSandbox, type Sandbox } from '../../sandbox'
import { catalogueRig, type CatalogueRig } from '../../../tests/support/core/catalogue-rig'
import { SyncWorkers } from './sync-workers'

const PRODUCTS = 800
const PER_PAGE = 100

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: PRODUCTS, orders: 0, speed: 0, tokenTtlSeconds: 7 * 24 * 3600 })
})
afterAll(async () => {
  await sandbox?.close()
})

/** A page of the service's products in the order a sync fetches them. */
async function servicePage(rig: CatalogueRig, page: number): Promise<Product[]> {
  return (await rig.ctx.connection.require().client.list('listProducts', { query: { page, per_page: PER_PAGE, sort_by: '-popularity' } })).items
}

/** Pages of products downloaded (200), or with `status` answered so (304: unchanged since the ETag the client kept). */
const pagesRequested = (status = 200) =>
  sandbox.control
    .requestLog()
    .filter((r) => r.method === 'GET' && r.path === '/products' && r.status === status)
    .map((r) => Number(new URLSearchParams(r.query).get('page')))

const search = (rig: CatalogueRig, query: string) => rig.call<CatalogueSearchResult>('catalogue.search', { query, limit: 100 })
const ids = (r: CatalogueSearchResult) => r.items.map((p) => p.id)

describe('a first sync, searchable as it lands', () => {
  it('finds a landed product by its name at once, while the text thread is still far behind', async () => {
    // A text thread on a busy machine: each page it is sent waits 400 ms, far longer than a page takes to land.
    SyncWorkers.testTextPauseMs = 400
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 1 })
    try {
      await rig.connect(sandbox)
      const first = (await servicePage(rig, 1))[0]!
      const word = first.name.split(/\s+/).find((w) => w.length > 3)!
      let during: Promise<CatalogueSearchResult> | null = null
      rig.onEvent((event, payload) => {
        if (event === 'catalogue.syncProgress' && (payload as SyncProgress).pagesDone >= 1 && !during) during = search(rig, word)
      })
      expect((await rig.call<SyncOutcome>('catalogue.sync')).outcome).toBe('completed')
      const found = await during!
      // Asked as the first page landed: the answer is partial, and has the product by its name.
      expect(found.partial?.products).toBeLessThan(PRODUCTS)
      expect(ids(found)).toContain(first.id)
    } finally {
      SyncWorkers.testTextPauseMs = 0
      await rig.close()
    }
  })

  it('answers from the pages landed so far, marked partial, keeps them through a failure and a restart, and resumes after them', async () => {
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 1 })
    let again: CatalogueRig | null = null
    try {
      const profileId = await rig.connect(sandbox)
      const [first, last] = [(await servicePage(rig, 1))[0]!, (await servicePage(rig, 8)).at(-1)!]
      const word = first.name.split(/\s+/).find((w) => w.length > 3)!

      // Pages 4 to 8 fail: the first sync lands three pages and stops.
      sandbox.control.injectFault({ kind: 'status', status: 503, match: { query: '(^|&)page=[4-8](&|$)' } })
      let during: CatalogueSearchResult | null = null
      rig.onEvent((event, payload) => {
        const p = payload as SyncProgress
        if (event === 'catalogue.syncProgress' && (p.productsSearchable ?? 0) >= PER_PAGE && !during) void search(rig, first.product_code).then((r) => (during = r))
      })
      expect((await rig.call<SyncOutcome>('catalogue.sync')).outcome).toBe('failed')
      expect(during).not.toBeNull()
      expect(ids(during!)[0]).toBe(first.id)
      expect(during!.partial).toMatchObject({ expected: PRODUCTS })
      expect(during!.partial!.products).toBeLessThan(PRODUCTS)

      // Nothing is live yet, but what landed answers, by SKU and by name, and says it is partial.
      expect((await rig.call<CatalogueStatus>('catalogue.status')).products).toBe(0)
      const bySku = await search(rig, first.product_code)
      expect(bySku).toMatchObject({ source: 'local', partial: { products: 3 * PER_PAGE, expected: PRODUCTS } })
      expect(bySku.items[0]).toMatchObject({ id: first.id, match: 'exact' })
      const byName = await search(rig, word)
      expect(ids(byName)).toContain(first.id)
      expect(byName.partial?.products).toBe(3 * PER_PAGE)
      expect(ids(await search(rig, last.product_code))).not.toContain(last.id)

      // The app restarts with the service out of reach: the landed pages still answer.
      await rig.close()
      await sandbox.control.pause()
      again = catalogueRig({ perPage: PER_PAGE, concurrency: 2, dataDir: rig.dataDir, secrets: rig.secrets })
      await again.call('connection.activate', { id: profileId })
      const offline = await search(again, first.product_code)
      expect(offline).toMatchObject({ source: 'local', partial: { products: 3 * PER_PAGE, expected: PRODUCTS } })
      expect(offline.items[0]?.id).toBe(first.id)
      // A landed product opens, every field read back, and a scan finds it.
      expect(await again.call<Product>('catalogue.product', { id: first.id })).toEqual(first)
      expect((await again.call<ProductSummary[]>('catalogue.lookupSku', { sku: first.product_code.toLowerCase() })).map((p) => p.id)).toContain(first.id)

      // Back online: the sync takes up after the stored pages, and the answers are whole.
      await sandbox.control.resume()
      sandbox.control.clearFaults()
      sandbox.control.clearRequestLog()
      expect(await again.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      expect(pagesRequested().sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8])
      const whole = await search(again, last.product_code)
      expect(whole.partial).toBeUndefined()
      expect(whole.items[0]).toMatchObject({ id: last.id, match: 'exact' })
      expect(ids(await search(again, word))).toContain(first.id)
    } finally {
      sandbox.control.clearFaults()
      await sandbox.control.resume()
      await (again ?? rig).close()
    }
  })
})

describe('descriptions, indexed after names and SKUs', () => {
  /** The words of a text as the index splits them (letters and digits apart, lower case). */
  const words = (text: string) => new Set(text.toLowerCase().replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, '$1$3 $2$4').split(/[^\p{L}\p{N}]+/u).filter(Boolean))

  /** A product of page 2 with a word in its descriptions that is in no product's name or SKU, and a word of its name. */
  async function describedOnly(rig: CatalogueRig): Promise<{ product: Product; word: string; nameWord: string }> {
    const named = new Set<string>()
    for (let p = 1; p <= PRODUCTS / PER_PAGE; p++) for (const q of await servicePage(rig, p)) for (const w of words(`${q.name} ${q.product_code}`)) named.add(w)
    for (const product of await servicePage(rig, 2)) {
      const word = [...words(`${product.description ?? ''} ${product.detailed_description ?? ''} ${product.featured_description ?? ''}`)].find((w) => w.length > 4 && !/\p{N}/u.test(w) && !named.has(w))
      if (word) return { product, word, nameWord: [...words(product.name)].find((w) => w.length > 3 && !/\p{N}/u.test(w))! }
    }
    throw new Error('no product of the sandbox has a word only in its descriptions')
  }

  it('are indexed by the time every page is in: a first sync stopped after its pages finds products by their descriptions', async () => {
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2 })
    try {
      await rig.connect(sandbox)
      const target = await describedOnly(rig)
      sandbox.control.injectFault({ kind: 'status', status: 503, match: { path: '^/product_groups' } })
      expect((await rig.call<SyncOutcome>('catalogue.sync')).outcome).toBe('failed')
      const byDescription = await search(rig, target.word)
      expect(ids(byDescription)).toContain(target.product.id)
      // Every page and all its text is in: nothing is said to be missing.
      expect(byDescription.partial).toBeUndefined()
      // The descriptions were kept for later in a stash beside the text file, indexed once every page was in: it is gone.
      expect(readdirSync(rig.ctx.connection.require().profileDir).filter((f) => f.endsWith('-stash'))).toEqual([])
    } finally {
      sandbox.control.clearFaults()
      await rig.close()
    }
  })

  it('are indexed while pages land when the link keeps the sync waiting: a description is found before the last page is in', async () => {
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 1 })
    try {
      await rig.connect(sandbox)
      const target = await describedOnly(rig)
      // A slow link: page 4 takes 1.5 s to come, the text thread has nothing else to do meanwhile.
      sandbox.control.injectFault({ kind: 'latency', ms: 1500, match: { method: 'GET', path: '^/products$', query: '(^|&)page=4(&|$)' } })
      let landed3: (() => void) | null = null
      const threeLanded = new Promise<void>((resolve) => (landed3 = resolve))
      rig.onEvent((event, payload) => {
        if (event === 'catalogue.syncProgress' && (payload as SyncProgress).pagesDone >= 3) landed3?.()
      })
      const sync = rig.call<SyncOutcome>('catalogue.sync')
      await threeLanded
      // Found by its description (page 2) while page 4 is still on its way.
      await expect.poll(async () => ids(await search(rig, target.word)), { timeout: 1200, interval: 50 }).toContain(target.product.id)
      expect((await search(rig, target.word)).partial?.descriptionsPending).toBe(true)
      expect((await sync).outcome).toBe('completed')
    } finally {
      sandbox.control.clearFaults()
      await rig.close()
    }
  })

  it('are announced as still being indexed while a first sync has only names and SKUs, survive a restart, and are found once the sync finishes them', async () => {
    // A text thread with no time for descriptions while pages land (a busy machine): they all wait for the describe pass.
    SyncWorkers.testBodiesAhead = 0
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2 })
    let again: CatalogueRig | null = null
    try {
      const profileId = await rig.connect(sandbox)
      const target = await describedOnly(rig)
      const nameWord = target.nameWord

      // Every page lands, then the product groups fail: the sync stops before the descriptions.
      sandbox.control.injectFault({ kind: 'status', status: 503, match: { path: '^/product_groups' } })
      expect((await rig.call<SyncOutcome>('catalogue.sync')).outcome).toBe('failed')

      const bySku = await search(rig, target.product.product_code)
      expect(bySku.items[0]).toMatchObject({ id: target.product.id, match: 'exact' })
      expect(bySku.partial).toEqual({ products: PRODUCTS, expected: PRODUCTS, descriptionsPending: true })
      const byName = await search(rig, nameWord)
      expect(ids(byName)).toContain(target.product.id)
      expect(byName.partial?.descriptionsPending).toBe(true)
      const byDescription = await search(rig, target.word)
      expect(ids(byDescription)).not.toContain(target.product.id)
      expect(byDescription.partial?.descriptionsPending).toBe(true)

      // The app restarts: the names are still there, and the next sync indexes the descriptions
      // from the stored pages, fetching no product page again.
      await rig.close()
      again = catalogueRig({ perPage: PER_PAGE, concurrency: 2, dataDir: rig.dataDir, secrets: rig.secrets })
      await again.call('connection.activate', { id: profileId })
      expect((await search(again, nameWord)).partial?.descriptionsPending).toBe(true)
      sandbox.control.clearFaults()
      sandbox.control.clearRequestLog()
      expect(await again.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      expect(pagesRequested()).toEqual([])
      const found = await search(again, target.word)
      expect(found.partial).toBeUndefined()
      expect(ids(found)).toContain(target.product.id)
      // Name matches still come before description matches.
      const ranked = await search(again, nameWord)
      expect(ids(ranked)).toContain(target.product.id)
      expect(ranked.items.findIndex((p) => p.id === target.product.id)).toBeLessThan(ranked.matchKinds.text)
    } finally {
      SyncWorkers.testBodiesAhead = undefined
      sandbox.control.clearFaults()
      await (again ?? rig).close()
    }
  })
})

describe('a refresh', () => {
  /** Name, size and modification time of every file of the catalogue's generations. */
  const generationFiles = (dir: string) =>
    readdirSync(dir)
      .filter((f) => f.startsWith('catalogue-g'))
      .sort()
      .map((f) => {
        const s = statSync(join(dir, f))
        return `${f} ${s.size} ${s.mtimeMs}`
      })

  it('of an unchanged catalogue writes nothing but the time of the check; a changed one is written whole', async () => {
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2 })
    try {
      await rig.connect(sandbox)
      expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      const dir = rig.ctx.connection.require().profileDir
      const files = generationFiles(dir)
      const synced = await rig.call<CatalogueStatus>('catalogue.status')

      rig.clock.advance(3600_000)
      sandbox.control.clearRequestLog()
      expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      // Only the first page (it says how many there are) is downloaded; the service says each other is unchanged.
      expect(pagesRequested()).toEqual([1])
      expect(pagesRequested(304).sort((a, b) => a - b)).toEqual(Array.from({ length: PRODUCTS / PER_PAGE - 1 }, (_, i) => i + 2))
      expect(generationFiles(dir)).toEqual(files)
      const checked = await rig.call<CatalogueStatus>('catalogue.status')
      expect(checked).toMatchObject({ products: PRODUCTS, lastFailure: null })
      expect(Date.parse(checked.lastSyncAt!)).toBe(Date.parse(synced.lastSyncAt!) + 3600_000)

      // One price changes on the last page: the pages before it are copied, and all still answer.
      const [first, last] = [(await servicePage(rig, 1))[0]!, (await servicePage(rig, 8)).at(-1)!]
      sandbox.control.raisePrices([last.id], 10)
      expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      expect(generationFiles(dir)).not.toEqual(files)
      expect((await search(rig, last.product_code)).items[0]?.price).toBeCloseTo(last.price * 1.1, 2)
      expect((await search(rig, first.product_code)).items[0]).toMatchObject({ id: first.id, price: first.price })
      expect(ids(await search(rig, first.name))).toContain(first.id)
      expect((await rig.call<CatalogueSearchResult>('catalogue.search', { query: '' })).total).toBe(PRODUCTS)
    } finally {
      await rig.close()
    }
  })

  it('downloads only the pages that changed: the service says the others are unchanged, and all of them are in the catalogue', async () => {
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2 })
    try {
      await rig.connect(sandbox)
      expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      const pages = Array.from({ length: PRODUCTS / PER_PAGE }, (_, i) => i + 1)
      const served = async () => Promise.all(pages.map(async (page) => JSON.stringify(await servicePage(rig, page))))
      const before = await served()
      const changed = (await servicePage(rig, 2))[0]!
      const later = (await servicePage(rig, 6))[4]!
      sandbox.control.raisePrices([changed.id], 10)
      // The pages the service now answers differently (the product's own, and any that quote its price).
      const after = await served()
      const differ = pages.filter((page) => before[page - 1] !== after[page - 1])
      expect(differ).toContain(2)
      expect(differ).not.toContain(6)

      sandbox.control.clearRequestLog()
      expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      expect(pagesRequested().sort((a, b) => a - b)).toEqual([...new Set([1, ...differ])])
      expect(pagesRequested(304).sort((a, b) => a - b)).toEqual(pages.filter((page) => page !== 1 && !differ.includes(page)))
      // The new price, and every product of the pages not downloaded again, by SKU, name and description.
      expect((await search(rig, changed.product_code)).items[0]?.price).toBeCloseTo(changed.price * 1.1, 2)
      expect((await search(rig, later.product_code)).items[0]).toMatchObject({ id: later.id, price: later.price })
      expect(ids(await search(rig, later.name))).toContain(later.id)
      expect(await rig.call('catalogue.product', { id: later.id })).toMatchObject({ name: later.name, price: later.price })
      expect((await rig.call<CatalogueSearchResult>('catalogue.search', { query: '' })).total).toBe(PRODUCTS)
    } finally {
      await rig.close()
    }
  })

  it('of a catalogue stored without the service\'s ETags (an earlier version) compares what it downloads, and writes nothing', async () => {
    const rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2 })
    try {
      await rig.connect(sandbox)
      expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      const dir = rig.ctx.connection.require().profileDir
      const pages = new DatabaseSync(join(dir, readdirSync(dir).find((f) => /^catalogue-g\d+-pages\.db$/.test(f))!))
      pages.exec('DROP TABLE page_etag')
      pages.close()
      const before = generationFiles(dir)

      sandbox.control.clearRequestLog()
      expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS })
      expect(pagesRequested()).toHaveLength(PRODUCTS / PER_PAGE)
      expect(generationFiles(dir)).toEqual(before)
    } finally {
      await rig.close()
    }
  })
})
