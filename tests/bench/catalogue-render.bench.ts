import type { Page } from 'playwright-core'
import type { CatalogueSearchResult, CatalogueStatus } from '../../shared/ipc/channels/catalogue'
import { browserRig, type BrowserRig } from './browser-rig'
import { openPickerForUnknownSku } from '../e2e/support/drafts'
import type { Print } from './run'
import { until } from './until'
import { percentile } from './statistics'

/**
 * The catalogue's search boxes in Chromium over a local catalogue of 100,000 products: from the
 * keystroke that completes a query to the first rows of its answer painted. Measured in the page:
 * the last key's keydown timeStamp, then a MutationObserver sees the list answer that query, then a
 * frame is painted (requestAnimationFrame, then a task). The query minus its last character is
 * typed first and left to settle, so each figure is one keystroke. Three boxes: the catalogue view
 * (`catalogue-render.keystroke.*`), the Ctrl+K quick lookup (`palette.keystroke.*`) and the line
 * editor's product picker (`picker.keystroke.*`), each for exact SKUs, SKU prefixes and free text,
 * and each box again while a full sync of the 100,000 products runs (`<area>.keystroke.during_sync.*`;
 * a price is changed before each sync, so each writes the whole catalogue).
 * The floor: the same queries through the core's catalogue.search channel in this process (no
 * page, no IPC), as the view asks them; the ratio is p95 over floor p95.
 * Everything is built, started and torn down here: the harness renderer (in a temporary folder), a
 * sandbox (own process), the harness core, Chromium (with the features the app's own renderer runs
 * without: electron/main/chromium-features.ts, which says why a keystroke's answer depends on it).
 */
const PRODUCTS = 100_000

/** A search box and how its answer shows: the element carrying the answered query, and its rows. */
interface SearchBox {
  input: string
  /** Element(s) that say which query they answer, in `attribute`. */
  answer: string
  attribute: string
  /** The rows of an answer, inside `answer`. */
  row: string
}

const CATALOGUE: SearchBox = { input: '[data-testid=catalogue-search]', answer: '[data-testid=results], [data-testid=no-results]', attribute: 'data-query', row: '[data-testid=result-row]' }
const PALETTE: SearchBox = { input: '[data-testid=quick-lookup-input]', answer: '[data-testid=quick-lookup]', attribute: 'data-answered', row: '[data-testid=quick-lookup-option]' }
const PICKER: SearchBox = { input: '[data-testid=product-picker-input]', answer: '[data-testid=product-picker]', attribute: 'data-answered', row: '[data-testid=product-picker-option]' }

/** The box shows the answer to `query` (its rows, or that there are none). */
async function settled(page: Page, box: SearchBox, query: string): Promise<void> {
  const sel = box.answer
    .split(',')
    .map((s) => `${s.trim()}[${box.attribute}="${query.trim()}"]`)
    .join(', ')
  await page.locator(sel).first().waitFor({ timeout: 30_000 })
}

/**
 * In the page (as text: the bench is not built for the DOM, and the page must get plain JS): waits
 * for the next keydown in the box, then for it to answer `q` with rows, then for a painted frame,
 * and resolves with the milliseconds in between.
 */
const WATCH_FOR_ANSWER = `([box, q]) => {
  const input = document.querySelector(box.input)
  window.__queryToPaint = new Promise((done) => {
    let typedAt = 0
    input.addEventListener('keydown', (e) => { typedAt = e.timeStamp }, { once: true, capture: true })
    const observer = new MutationObserver(() => {
      const el = document.querySelector(box.answer)
      if (!typedAt || !el || el.getAttribute(box.attribute) !== q || !el.querySelector(box.row)) return
      observer.disconnect()
      requestAnimationFrame(() => setTimeout(() => done(performance.now() - typedAt), 0))
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [box.attribute] })
  })
}`

/** Types the last character of `query` (the rest is in the box) and answers keydown → rows painted, in ms. */
async function measure(page: Page, box: SearchBox, query: string): Promise<number> {
  await page.evaluate(`(${WATCH_FOR_ANSWER})(${JSON.stringify([box, query])})`)
  await page.keyboard.type(query.slice(-1))
  return (await page.evaluate('window.__queryToPaint')) as number
}

/** Each query's keystroke-to-paint in `box`, the rest of it typed and settled first. */
async function keystrokes(page: Page, box: SearchBox, queries: string[], between?: () => Promise<void>): Promise<number[]> {
  const input = page.locator(box.input)
  const times: number[] = []
  for (const q of queries) {
    await between?.()
    await input.fill(q.slice(0, -1))
    await settled(page, box, q.slice(0, -1))
    times.push(await measure(page, box, q))
  }
  return times.sort((a, b) => a - b)
}

export async function bench(print: Print): Promise<void> {
  let rig: BrowserRig | undefined
  try {
    rig = await browserRig('catalogue-render', { products: PRODUCTS, orders: 0, speed: 0, tokenTtlSeconds: 24 * 3600 })
    const { sandbox, harness, page, call } = rig

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
    const skus = sample.items.filter((_, i) => i % 25 === 7).map((p) => p.product_code)
    const starts = sample.items.filter((_, i) => i % 25 === 3).map((p) => p.product_code.slice(0, 6))
    const words = ['switch', 'router', 'firewall', 'headset', 'storage', 'meridian', 'rack mount', 'licence', 'cable', 'server', 'wireless', 'backup', 'nimbus', 'vertex', 'orion', 'summit', 'aurora', 'access point', 'patch cable']
    if (skus.length + starts.length + words.length < 20) throw new Error('too few queries')

    const kinds = { sku: skus, prefix: starts, text: words }

    // The floor: the same searches in this process, as the view asks for them (first page of 100 rows).
    const floor: Record<string, number> = {}
    for (const [kind, qs] of Object.entries(kinds)) {
      for (const q of qs) await call('catalogue.search', { query: q, limit: 100 }) // warm
      const t: number[] = []
      for (let round = 0; round < 5; round++)
        for (const q of qs) {
          const t0 = performance.now()
          await call('catalogue.search', { query: q, limit: 100 })
          t.push(performance.now() - t0)
        }
      floor[kind] = percentile(t.sort((a, b) => a - b), 95)
    }
    const report = (area: string, kind: string, times: number[]) => {
      print(area, `keystroke.${kind}.p50`, percentile(times, 50), 'ms')
      print(area, `keystroke.${kind}.p95`, percentile(times, 95), 'ms')
      print(area, `keystroke.${kind}.max`, times.at(-1)!, 'ms')
      if (floor[kind] !== undefined) {
        print(area, `keystroke.${kind}.floor.p95`, floor[kind], 'ms')
        print(area, `keystroke.${kind}.ratio`, percentile(times, 95) / floor[kind], 'x')
      }
    }

    // A full sync of the 100,000 products kept running (another one is started whenever one ends).
    // The most popular product's price moves before each sync: its first page differs, so the sync
    // writes a whole new generation (a refresh of an unchanged catalogue would write nothing).
    const mostPopular = (await call<CatalogueSearchResult>('catalogue.search', { query: '', sort: '-popularity', limit: 1 })).items[0]!.id
    let syncs = 0
    let syncRuns: Promise<unknown> = Promise.resolve()
    const syncing = async () => {
      const s = await call<CatalogueStatus>('catalogue.status')
      if (!s.syncing) {
        syncs++
        await sandbox.control.raisePrices([mostPopular], 1)
        syncRuns = call('catalogue.sync')
        await until('the sync to start', async () => (await call<CatalogueStatus>('catalogue.status')).syncing, 10_000)
      }
    }
    /** Each box idle (sku, prefix, text), then while a sync runs (`<area>.keystroke.during_sync.*`). */
    const measureBox = async (area: string, box: SearchBox) => {
      for (const [kind, qs] of Object.entries(kinds)) report(area, kind, await keystrokes(page, box, qs))
      syncs = 0
      const during = await keystrokes(page, box, [...skus, ...starts, ...words], syncing)
      await syncRuns
      print(area, 'keystroke.during_sync.syncs', syncs, 'syncs')
      print(area, 'keystroke.during_sync.p50', percentile(during, 50), 'ms')
      print(area, 'keystroke.during_sync.p95', percentile(during, 95), 'ms')
      print(area, 'keystroke.during_sync.max', during.at(-1)!, 'ms')
    }

    // The catalogue view.
    await page.goto(`${harness.url}#/catalogue`)
    await settled(page, CATALOGUE, '')
    await measureBox('catalogue-render', CATALOGUE)

    // The quick lookup palette (Ctrl+K), from the catalogue view.
    await page.keyboard.press('Control+k')
    await page.waitForSelector('[role=dialog][data-testid=quick-lookup]')
    await measureBox('palette', PALETTE)
    await page.keyboard.press('Escape')

    // The line editor's product picker: a draft with a line whose SKU the catalogue does not know.
    await page.goto(`${harness.url}#/baskets`)
    await page.click('[data-testid=new-draft]')
    await openPickerForUnknownSku(page, 'NO-SUCH-SKU')
    await measureBox('picker', PICKER)
  } finally {
    await rig?.close()
  }
}
