import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { build } from 'vite'
import type { CatalogueSearchResult, CatalogueStatus } from '../../shared/ipc/channels/catalogue'
import { startHarness, type Harness } from '../harness/server'
import { startSandboxProcess, type SandboxProcess } from '../harness/sandbox-process'
import type { Print } from './run'
import { percentile } from './statistics'
import { testKeychain } from '../../electron/core/credentials/test-keychain'

/**
 * The catalogue view in Chromium over a local catalogue of 100,000 products: from the keystroke
 * that completes a query to the first rows of its answer painted. Measured in the page: the last
 * key's keydown timeStamp, then a MutationObserver sees the list answer that query, then a frame
 * is painted (requestAnimationFrame, then a task). It includes the view's 150 ms typing pause
 * before it searches, as the user waits it too. The query minus its last character is typed first
 * and left to settle, so each figure is one keystroke. Everything is built, started and torn down here:
 * the harness renderer (in a temporary folder), a sandbox (own process), the harness core, Chromium.
 */
const PRODUCTS = 100_000
/** Debian's Chromium, headless, as the e2e journeys run it (tests/e2e/support/app.ts, a project of its own). */
const CHROMIUM_PATH = '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']
const REPO = resolve(import.meta.dirname, '../..')

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** The list shows the answer to `query` (its rows, or its empty state). */
async function settled(page: Page, query: string): Promise<void> {
  await page.locator(`[data-testid=results][data-query="${query}"] [data-testid=result-row], [data-testid=no-results]`).first().waitFor({ timeout: 30_000 })
}

/**
 * In the page (as text: the bench is not built for the DOM, and the page must get plain JS): waits
 * for the next keydown in the search box, then for the list to answer `q` with rows, then for a
 * painted frame, and resolves with the milliseconds in between.
 */
const WATCH_FOR_ANSWER = `(q) => {
  const box = document.querySelector('[data-testid=catalogue-search]')
  window.__queryToPaint = new Promise((done) => {
    let typedAt = 0
    box.addEventListener('keydown', (e) => { typedAt = e.timeStamp }, { once: true, capture: true })
    const observer = new MutationObserver(() => {
      const list = document.querySelector('[data-testid=results]')
      if (!typedAt || !list || list.getAttribute('data-query') !== q || !list.querySelector('[data-testid=result-row]')) return
      observer.disconnect()
      requestAnimationFrame(() => setTimeout(() => done(performance.now() - typedAt), 0))
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-query'] })
  })
}`

/** Types the last character of `query` (the rest is in the box) and answers keydown → rows painted, in ms. */
async function measure(page: Page, query: string): Promise<number> {
  await page.evaluate(`(${WATCH_FOR_ANSWER})(${JSON.stringify(query)})`)
  await page.keyboard.type(query.slice(-1))
  return (await page.evaluate('window.__queryToPaint')) as number
}

export async function bench(print: Print): Promise<void> {
  const undo: (() => Promise<unknown>)[] = []
  try {
    const outDir = mkdtempSync(join(tmpdir(), 'wd-render-bench-'))
    undo.push(async () => rmSync(outDir, { recursive: true, force: true }))
    await build({ configFile: join(REPO, 'tests/harness/vite.config.ts'), build: { outDir, emptyOutDir: true }, logLevel: 'error' })

    const sandbox: SandboxProcess = await startSandboxProcess({ products: PRODUCTS, orders: 0, speed: 0, tokenTtlSeconds: 24 * 3600 })
    undo.push(() => sandbox.close())
    const harness: Harness = await startHarness({ sandbox, staticDir: outDir, secrets: testKeychain() })
    undo.push(() => harness.close())
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    undo.push(() => browser.close())
    const page = await (await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } })).newPage()
    const call = async <T>(channel: string, input?: unknown): Promise<T> => {
      const r = await harness.core.dispatch(channel, input)
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
      return r.value as T
    }

    // Connecting starts the first sync by itself; wait for all of it.
    await page.goto(harness.url)
    await page.click('[data-testid=start-demo]')
    await page.waitForSelector('[data-testid=current-user]')
    const syncStarted = performance.now()
    await until(
      'the catalogue sync',
      async () => {
        const s = await call<CatalogueStatus>('catalogue.status')
        return s.products === PRODUCTS && !s.syncing
      },
      180_000,
    )
    print('catalogue-render', 'sync-in-harness', (performance.now() - syncStarted) / 1000, 's')

    // The queries: SKUs and SKU starts taken from the data, and words of names.
    const sample = await call<CatalogueSearchResult>('catalogue.search', { query: '', sort: '-popularity', offset: 5_000, limit: 500 })
    const skus = sample.items.filter((_, i) => i % 60 === 7).map((p) => p.product_code)
    const starts = sample.items.filter((_, i) => i % 70 === 3).map((p) => p.product_code.slice(0, 6))
    const words = ['switch', 'router', 'firewall', 'headset', 'storage', 'meridian', 'rack mount', 'licence']
    const queries = [...skus, ...starts, ...words]
    if (queries.length < 20) throw new Error(`only ${queries.length} queries`)

    await page.goto(`${harness.url}#/catalogue`)
    await settled(page, '')
    const box = page.locator('[data-testid=catalogue-search]')
    const times: number[] = []
    for (const q of queries) {
      await box.fill(q.slice(0, -1))
      await settled(page, q.slice(0, -1))
      times.push(await measure(page, q))
    }
    times.sort((a, b) => a - b)
    print('catalogue-render', 'queries', times.length, 'queries')
    print('catalogue-render', 'query-to-paint.p50', percentile(times, 50), 'ms')
    print('catalogue-render', 'query-to-paint.p95', percentile(times, 95), 'ms')
    print('catalogue-render', 'query-to-paint.max', times.at(-1)!, 'ms')
  } finally {
    for (const step of undo.reverse()) await step().catch((err: unknown) => console.error('catalogue-render teardown:', err))
  }
}
