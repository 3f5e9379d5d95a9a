import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { CatalogueSearchResult, SyncOutcome, SyncProgress } from '../../shared/ipc/channels/catalogue'
import { catalogueRig, type CatalogueRig } from '../support/core/catalogue-rig'
import { ftsQuery } from '../../electron/core/catalogue/search-text'
import { normalizeSku } from '../../electron/core/catalogue/product-row'
import { generationFiles } from '../../electron/core/catalogue/schema'
import { startSandboxProcess, type SandboxProcess } from '../harness/sandbox-process'
import type { Print } from './run'
import { percentile } from './statistics'

/**
 * Catalogue figures against a sandbox holding 100,000 products, over loopback, in one run. The
 * sandbox runs in a child process, so its CPU and memory are not this process's.
 * - sync: wall time of a full sync through the catalogue channel (4 pages at a time, 1000 per page);
 *   the floor — merely downloading every page at the same concurrency and JSON.parse-ing it —
 *   measured twice after the sync (the faster run counts); their ratio (target ≤ 1.5); the peak
 *   RSS of this process during the sync (target ≤ 300 MB), sampled every 5 ms. searchable_ratio:
 *   from the sync's start to the moment every product is findable by SKU and name (the sync's
 *   progress says so as the text index commits) over the floor (target ≤ 1.3).
 * - refresh: a second sync of the unchanged catalogue (target ≤ 1.1× the floor; also printed
 *   against the download alone, the floor without its parse, measured twice after it), and the files of
 *   the catalogue's generations it changed (target 0).
 * - CPU: the core-seconds of this process (all its threads) and of the sandbox's, during the sync
 *   and during the faster floor run. On 2 cores the floor alone keeps both nearly busy, so the
 *   sync's own work (cpu.extra: storing and indexing 100,000 products) adds about half of it to
 *   the wall time at best: ratio_bound is that least possible ratio.
 * - search: p50/p95 of QUERIES searches each of exact SKUs, SKU prefixes and free text through
 *   catalogue.search (targets: exact p95 ≤ 1 ms, text p95 ≤ 5 ms), and the ratio to the same
 *   lookup as one raw SQLite query on the same file.
 */
const PRODUCTS = 100_000
const QUERIES = 1000
const CONCURRENCY = 4
const PER_PAGE = 1000

/** A deterministic sequence, so every run asks the same queries. */
function random(seed: number): () => number {
  let s = seed
  return () => ((s = (s * 16807) % 2147483647) / 2147483647)
}

/** CPU time of a process in ms (Linux /proc; null elsewhere), and of this one with all its threads. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return null
  }
}
const ownCpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** CPU time of the calling thread alone, where Node tells it (22.18+, 24.x). */
const threadCpuMs = (): number | null => {
  const read = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage
  if (!read) return null
  const u = read()
  return (u.user + u.system) / 1000
}

interface Timed {
  ms: number
  cpu: { client: number; mainThread: number | null; sandbox: number | null }
}

async function measured(sandboxPid: number, run: () => Promise<unknown>): Promise<Timed> {
  const sandbox0 = processCpuMs(sandboxPid)
  const own0 = ownCpuMs()
  const main0 = threadCpuMs()
  const started = performance.now()
  await run()
  const ms = performance.now() - started
  const sandbox1 = processCpuMs(sandboxPid)
  const main1 = threadCpuMs()
  return {
    ms,
    cpu: {
      client: ownCpuMs() - own0,
      mainThread: main0 === null || main1 === null ? null : main1 - main0,
      sandbox: sandbox0 === null || sandbox1 === null ? null : sandbox1 - sandbox0,
    },
  }
}

/**
 * Download every page, JSON.parse it, keep nothing: the least a sync can cost. Without `parse`,
 * the download alone: the least a refresh of an unchanged catalogue can cost.
 */
async function floor(rig: CatalogueRig, parse = true): Promise<number> {
  const client = rig.ctx.connection.require().client
  const started = performance.now()
  const texts: string[] = []
  let parsed = 0
  const take = (text: string) => (parse ? (parsed += (JSON.parse(text) as unknown[]).length) : texts.push(text))
  const first = await client.raw('listProducts', { query: { page: 1, per_page: PER_PAGE, sort_by: '-popularity' } })
  take(first.text)
  const pages = Number(first.headers['x-total-pages'])
  let next = 2
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next <= pages) {
        const page = next++
        take((await client.raw('listProducts', { query: { page, per_page: PER_PAGE, sort_by: '-popularity' } })).text)
      }
    }),
  )
  const ms = performance.now() - started
  // Checked after the clock stops: the download alone is checked by parsing what it read.
  if (!parse) parsed = texts.reduce((n, text) => n + (JSON.parse(text) as unknown[]).length, 0)
  if (parsed !== PRODUCTS) throw new Error(`the floor run read ${parsed} products, expected ${PRODUCTS}`)
  return ms
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
  const t = performance.now()
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
    // This process also holds tsx's loader and the bench's own modules (about 100 MB at start, before
    // any of the app's code): the growth during the sync is the sync's own part of its peak.
    // What the bench's own set-up left behind (tsx compiling the app's modules, the warm-up pages) is
    // collected first when the runner exposes gc: the app starts its sync from a settled heap.
    ;(globalThis as { gc?: () => void }).gc?.()
    const rssBefore = process.memoryUsage.rss()
    print('catalogue', 'process.rss_before_sync', Math.round(rssBefore / 1024 / 1024), 'MB')
    let peakRss = process.memoryUsage.rss()
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5)
    let outcome: SyncOutcome | null = null
    let syncStarted = 0
    let searchableAt = 0
    /** CPU (this process's threads and the sandbox's) from the sync's start to that moment. */
    let searchableCpu: number | null = null
    let cpuAtStart: number | null = null
    const cpuNow = () => {
      const sandboxMs = processCpuMs(sandbox.pid)
      return sandboxMs === null ? null : ownCpuMs() + sandboxMs
    }
    rig.onEvent((event, payload) => {
      if (event === 'catalogue.syncProgress' && !searchableAt && (payload as SyncProgress).productsSearchable === PRODUCTS) {
        searchableAt = performance.now()
        const now = cpuNow()
        searchableCpu = now === null || cpuAtStart === null ? null : now - cpuAtStart
      }
    })
    const sync = await measured(sandbox.pid, async () => {
      syncStarted = performance.now()
      cpuAtStart = cpuNow()
      outcome = await rig.call<SyncOutcome>('catalogue.sync')
    })
    const syncMs = sync.ms
    clearInterval(sampler)
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
    if (outcome!.outcome !== 'completed' || outcome!.products !== PRODUCTS) throw new Error(`sync ended ${JSON.stringify(outcome)}`)
    const floors = [await measured(sandbox.pid, () => floor(rig)), await measured(sandbox.pid, () => floor(rig))]
    const fastest = floors[0]!.ms <= floors[1]!.ms ? floors[0]! : floors[1]!
    const floorMs = fastest.ms
    print('catalogue', 'sync.wall', syncMs / 1000, 's')
    print('catalogue', 'sync.floor', floorMs / 1000, 's')
    print('catalogue', 'sync.ratio_to_floor', syncMs / floorMs, 'x')
    print('catalogue', 'sync.cpu.client', sync.cpu.client / 1000, 's')
    print('catalogue', 'sync.floor.cpu.client', fastest.cpu.client / 1000, 's')
    print('catalogue', 'sync.cpu.extra', (sync.cpu.client - fastest.cpu.client) / 1000, 's')
    if (sync.cpu.mainThread !== null) print('catalogue', 'sync.cpu.main_thread', sync.cpu.mainThread / 1000, 's')
    if (sync.cpu.sandbox !== null && fastest.cpu.sandbox !== null) {
      print('catalogue', 'sync.cpu.sandbox', sync.cpu.sandbox / 1000, 's')
      print('catalogue', 'sync.floor.cpu.sandbox', fastest.cpu.sandbox / 1000, 's')
      print('catalogue', 'sync.floor.cores_busy', (fastest.cpu.client + fastest.cpu.sandbox) / floorMs, 'cores')
      print('catalogue', 'sync.cores_busy', (sync.cpu.client + sync.cpu.sandbox) / syncMs, 'cores')
      // With every core busy throughout, the sync could take no less than its CPU time spread over them.
      const cores = availableParallelism()
      print('catalogue', 'sync.ratio_bound', Math.max(1, (sync.cpu.client + sync.cpu.sandbox) / cores / floorMs), 'x')
    }
    // Findable by SKU and name (and description: one index) once the text index has committed every page…
    if (!searchableAt) throw new Error('the sync never reported every product searchable')
    print('catalogue', 'sync.searchable', (searchableAt - syncStarted) / 1000, 's')
    print('catalogue', 'sync.searchable_ratio', (searchableAt - syncStarted) / floorMs, 'x')
    // The same two moments in CPU time (this process's threads and the sandbox's) over the floor's:
    // on this machine, where the floor keeps both cores nearly busy, the least the wall ratios can
    // be, and unlike them hardly moved by other processes taking the cores meanwhile (the sync's
    // threads run at a lower priority, so another program's load stretches the sync's wall time
    // far more than the floor's).
    if (fastest.cpu.sandbox !== null && sync.cpu.sandbox !== null) {
      const floorCpu = fastest.cpu.client + fastest.cpu.sandbox
      if (searchableCpu !== null) print('catalogue', 'sync.searchable_cpu_ratio', searchableCpu / floorCpu, 'x')
      print('catalogue', 'sync.complete_cpu_ratio', (sync.cpu.client + sync.cpu.sandbox) / floorCpu, 'x')
    }
    // …and complete (indexes built, text index merged, the generation live) when the sync ends.
    print('catalogue', 'sync.complete_ratio', syncMs / floorMs, 'x')
    print('catalogue', 'sync.products_per_second', Math.round(PRODUCTS / (syncMs / 1000)), 'products/s')
    print('catalogue', 'sync.peak_rss', Math.round(peakRss / 1024 / 1024), 'MB')
    print('catalogue', 'sync.peak_rss_growth', Math.round((peakRss - rssBefore) / 1024 / 1024), 'MB')
    print('catalogue', 'process.max_rss', Math.round(process.resourceUsage().maxRSS / 1024), 'MB')

    // A refresh of the same, unchanged catalogue, against the sync's download+parse floor, and
    // against the download alone (the faster of two runs, after the refresh).
    const profileDir = rig.ctx.connection.require().profileDir
    const catalogueFiles = () =>
      new Map(
        readdirSync(profileDir)
          .filter((f) => f.startsWith('catalogue-g'))
          .map((f) => [f, `${statSync(join(profileDir, f)).size} ${statSync(join(profileDir, f)).mtimeMs}`]),
      )
    const filesBefore = catalogueFiles()
    const refresh = await measured(sandbox.pid, () => rig.call<SyncOutcome>('catalogue.sync'))
    const filesAfter = catalogueFiles()
    const downloadMs = Math.min(await floor(rig, false), await floor(rig, false))
    print('catalogue', 'refresh_unchanged.wall', refresh.ms / 1000, 's')
    print('catalogue', 'refresh_unchanged.download', downloadMs / 1000, 's')
    print('catalogue', 'refresh_unchanged.ratio', refresh.ms / floorMs, 'x')
    print('catalogue', 'refresh_unchanged.ratio_to_download', refresh.ms / downloadMs, 'x')
    print('catalogue', 'refresh_unchanged.files_written', [...new Set([...filesBefore.keys(), ...filesAfter.keys()])].filter((f) => filesBefore.get(f) !== filesAfter.get(f)).length, 'files')

    // Queries drawn from the synced catalogue itself.
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
    // Typos (two neighbouring letters swapped in a name word, "swtich"): found only by the
    // typo-tolerant stage after the other tiers found nothing. The first one also reads the vocabulary.
    const rndTypo = random(11)
    const typos = Array.from({ length: QUERIES }, () => {
      const words = (sample.get(1 + Math.floor(rndTypo() * PRODUCTS)) as { name: string }).name.split(/\s+/).filter((w) => /^\p{L}{6,}$/u.test(w))
      const w = (words[Math.floor(rndTypo() * words.length)] ?? 'switch').toLowerCase()
      const at = 1 + Math.floor(rndTypo() * (w.length - 3))
      return w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2)
    })
    const firstTypo = performance.now()
    await search(typos[0]!)
    print('catalogue', 'search.similar.first', performance.now() - firstTypo, 'ms')
    const similar = await timeEach(typos, search)
    print('catalogue', 'search.similar.p50', percentile(similar, 50), 'ms')
    print('catalogue', 'search.similar.p95', percentile(similar, 95), 'ms')
    const lookups = await timeEach(exact, (sku) => rig.feature.reader.findBySku(sku))
    print('catalogue', 'reader.findBySku.p95', percentile(lookups, 95), 'ms')
    // A product's every field, read back from its stored page.
    const ids = Array.from({ length: QUERIES }, () => (raw.prepare('SELECT id FROM product WHERE pos = ?').get(1 + Math.floor(rnd() * PRODUCTS)) as { id: number }).id)
    const details = await timeEach(ids, (id) => {
      if (!rig.feature.reader.getProduct(id)) throw new Error(`product ${id} could not be read back`)
    })
    print('catalogue', 'reader.getProduct.p50', percentile(details, 50), 'ms')
    print('catalogue', 'reader.getProduct.p95', percentile(details, 95), 'ms')
    raw.close()
  } finally {
    await rig.close()
    await sandbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
