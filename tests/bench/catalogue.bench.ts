import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { CatalogueSearchResult, SyncOutcome } from '../../shared/ipc/channels/catalogue'
import { catalogueRig, type CatalogueRig } from '../../electron/core/catalogue/catalogue-test-rig'
import { ftsQuery } from '../../electron/core/catalogue/search-text'
import { normalizeSku } from '../../electron/core/catalogue/product-row'
import { generationFiles } from '../../electron/core/catalogue/schema'
import { startSandboxProcess, type SandboxProcess } from '../harness/sandbox-process'
import type { Print } from './run'

/**
 * Catalogue figures against a sandbox holding 100,000 products, over loopback, in one run. The
 * sandbox runs in a child process, so its CPU and memory are not this process's.
 * - sync: wall time of a full sync through the catalogue channel (4 pages at a time, 1000 per page);
 *   the floor — merely downloading every page at the same concurrency and JSON.parse-ing it —
 *   measured twice after the sync (the faster run counts); their ratio (target ≤ 1.5); the peak
 *   RSS of this process during the sync (target ≤ 300 MB), sampled every 5 ms.
 * - search: p50/p95 of QUERIES searches each of exact SKUs, SKU prefixes and free text through
 *   catalogue.search (targets: exact p95 ≤ 1 ms, text p95 ≤ 5 ms), and the ratio to the same
 *   lookup as one raw SQLite query on the same file.
 */
const PRODUCTS = 100_000
const QUERIES = 1000
const CONCURRENCY = 4
const PER_PAGE = 1000

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** A deterministic sequence, so every run asks the same queries. */
function random(seed: number): () => number {
  let s = seed
  return () => ((s = (s * 16807) % 2147483647) / 2147483647)
}

/** Download every page, JSON.parse it, keep nothing: the least a sync can cost. */
async function floor(rig: CatalogueRig): Promise<number> {
  const client = rig.ctx.connection.require().client
  const started = performance.now()
  const first = await client.raw('listProducts', { query: { page: 1, per_page: PER_PAGE, sort_by: '-popularity' } })
  let parsed = (JSON.parse(first.text) as unknown[]).length
  const pages = Number(first.headers['x-total-pages'])
  let next = 2
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next <= pages) {
        const page = next++
        const res = await client.raw('listProducts', { query: { page, per_page: PER_PAGE, sort_by: '-popularity' } })
        parsed += (JSON.parse(res.text) as unknown[]).length
      }
    }),
  )
  if (parsed !== PRODUCTS) throw new Error(`the floor run parsed ${parsed} products, expected ${PRODUCTS}`)
  return performance.now() - started
}

async function timeEach<T>(inputs: T[], run: (input: T) => unknown): Promise<number[]> {
  const times: number[] = []
  for (const input of inputs) {
    const t = performance.now()
    await run(input)
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)
}

export async function bench(print: Print): Promise<void> {
  let t = performance.now()
  const sandbox: SandboxProcess = await startSandboxProcess({ products: PRODUCTS, orders: 0, speed: 0, tokenTtlSeconds: 24 * 3600 })
  print('catalogue', 'sandbox.seed', (performance.now() - t) / 1000, 's')
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-cat-bench-'))
  const rig = catalogueRig({ dataDir, concurrency: CONCURRENCY, perPage: PER_PAGE })
  try {
    await rig.call('connection.save', { name: 'Bench', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
    const profile = rig.ctx.connection.list()[0]!
    await rig.call('connection.activate', { id: profile.id })

    // The sync runs first, in a process that has not parsed anything yet (its peak RSS is the
    // sync's own); the floor is measured twice afterwards, on a warmed-up sandbox, and the faster
    // run counts — both choices make the ratio harder, not easier, to meet.
    // A few pages first, so the sandbox's code is warm for the sync as it will be for the floor.
    const client = rig.ctx.connection.require().client
    for (let page = 1; page <= 3; page++) await client.raw('listProducts', { query: { page, per_page: PER_PAGE, sort_by: '-popularity' } })
    print('catalogue', 'process.rss_before_sync', Math.round(process.memoryUsage.rss() / 1024 / 1024), 'MB')
    let peakRss = process.memoryUsage.rss()
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5)
    t = performance.now()
    const outcome = await rig.call<SyncOutcome>('catalogue.sync')
    const syncMs = performance.now() - t
    clearInterval(sampler)
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
    if (outcome.outcome !== 'completed' || outcome.products !== PRODUCTS) throw new Error(`sync ended ${JSON.stringify(outcome)}`)
    const floorMs = Math.min(await floor(rig), await floor(rig))
    print('catalogue', 'sync.wall', syncMs / 1000, 's')
    print('catalogue', 'sync.floor', floorMs / 1000, 's')
    print('catalogue', 'sync.ratio_to_floor', syncMs / floorMs, 'x')
    print('catalogue', 'sync.products_per_second', Math.round(PRODUCTS / (syncMs / 1000)), 'products/s')
    print('catalogue', 'sync.peak_rss', Math.round(peakRss / 1024 / 1024), 'MB')
    print('catalogue', 'process.max_rss', Math.round(process.resourceUsage().maxRSS / 1024), 'MB')

    // Queries drawn from the synced catalogue itself.
    const profileDir = rig.ctx.connection.require().profileDir
    const raw = new DatabaseSync(join(profileDir, 'catalogue.db'), { readOnly: true })
    const live = generationFiles(profileDir, JSON.parse((raw.prepare("SELECT value FROM meta WHERE key = 'live_gen'").get() as { value: string }).value) as number)
    raw.prepare('ATTACH DATABASE ? AS live_rows').run(live.rows)
    raw.prepare('ATTACH DATABASE ? AS live_text').run(live.text)
    const rnd = random(7)
    const sample = raw.prepare('SELECT sku, name FROM product WHERE pos = ?')
    const pick = () => sample.get(1 + Math.floor(rnd() * PRODUCTS)) as { sku: string; name: string }
    const exact = Array.from({ length: QUERIES }, (_, i) => (i % 2 ? pick().sku.toLowerCase() : pick().sku))
    const prefix = Array.from({ length: QUERIES }, () => {
      const sku = pick().sku
      return sku.slice(0, 3 + Math.floor(rnd() * Math.max(1, sku.length - 4)))
    })
    const text = Array.from({ length: QUERIES }, () => {
      const words = pick().name.split(/\s+/).filter((w) => w.length > 1)
      const n = 1 + Math.floor(rnd() * Math.min(3, words.length))
      const start = Math.floor(rnd() * (words.length - n + 1))
      const q = words.slice(start, start + n)
      // One query in four is still being typed: its last word cut short.
      if (rnd() < 0.25 && q.at(-1)!.length > 4) q[q.length - 1] = q.at(-1)!.slice(0, 3 + Math.floor(rnd() * 2))
      return q.join(' ')
    })

    const columns = 'p.id, p.sku, p.name, p.vendor, p.type, p.price, p.rrp, p.stock, p.subscription_type, p.subscription_product_type, p.has_thumb'
    const rawExact = raw.prepare(`SELECT ${columns} FROM product p WHERE p.sku_norm = ? ORDER BY p.pos LIMIT 50`)
    const rawPrefix = raw.prepare(`SELECT ${columns} FROM product p WHERE p.sku_norm >= ? AND p.sku_norm < ? ORDER BY p.sku_norm, p.pos LIMIT 50`)
    const rawText = raw.prepare(`SELECT ${columns} FROM product_fts JOIN product p ON p.pos = product_fts.rowid WHERE product_fts MATCH ? ORDER BY product_fts.rowid LIMIT 50`)
    const search = (query: string) => rig.call<CatalogueSearchResult>('catalogue.search', { query, limit: 50 })

    // Warm-up: statement caches and the page cache, as in a session already under way.
    for (const q of [...exact.slice(0, 50), ...prefix.slice(0, 50), ...text.slice(0, 50)]) await search(q)

    const report = async (kind: string, queries: string[], rawRun: (q: string) => unknown) => {
      const ours = await timeEach(queries, search)
      const direct = await timeEach(queries, rawRun)
      print('catalogue', `search.${kind}.p50`, percentile(ours, 50), 'ms')
      print('catalogue', `search.${kind}.p95`, percentile(ours, 95), 'ms')
      print('catalogue', `search.${kind}.raw_sqlite.p50`, percentile(direct, 50), 'ms')
      print('catalogue', `search.${kind}.raw_sqlite.p95`, percentile(direct, 95), 'ms')
      print('catalogue', `search.${kind}.ratio_to_raw.p95`, percentile(ours, 95) / percentile(direct, 95), 'x')
    }
    await report('sku', exact, (q) => rawExact.all(normalizeSku(q)))
    await report('prefix', prefix, (q) => rawPrefix.all(normalizeSku(q), normalizeSku(q) + '\u{10FFFF}'))
    await report('text', text, (q) => rawText.all(ftsQuery(q) ?? '""'))
    const lookups = await timeEach(exact, (sku) => rig.feature.reader.findBySku(sku))
    print('catalogue', 'reader.findBySku.p95', percentile(lookups, 95), 'ms')
    raw.close()
  } finally {
    await rig.close()
    await sandbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
