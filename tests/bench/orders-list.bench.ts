import type { Page } from 'playwright-core'
import { browserRig, type BrowserRig } from './browser-rig'
import type { Print } from './run'
import { percentile } from './statistics'

/**
 * The orders list with 20,000 orders (sandbox seed), in Chromium through the harness:
 * - list20k.filter_to_paint: from the click on a sort header or on "Apply" (a status filter), to
 *   the list's first row answering it painted (p50/p95 over ROUNDS alternating changes);
 * - list20k.scroll_blank_rows: rows still showing "loading" a frame after a jump of the scroller
 *   (summed over JUMPS jumps to spread positions), and the ms until the jumped-to rows are filled.
 */
const ORDERS = 20_000
const ROUNDS = 20
const JUMPS = 12

/**
 * In the page: from the user's last click (the click event itself, not the driver's checks before
 * it: Playwright waits two frames for the element to be stable) until the first order row differs
 * from `before` (and the rows are filled), then a painted frame.
 */
const FIRST_ROW_CHANGES = `(before) => {
  let started = performance.now()
  const clicked = (e) => (started = e.timeStamp)
  document.addEventListener('click', clicked, { capture: true })
  window.__painted = new Promise((done) => {
    // A change that leaves the first row where it was is not counted.
    setTimeout(() => done(NaN), 10000)
    const check = () => {
      const first = document.querySelector('[data-testid=order-row]')
      return first && first.getAttribute('data-order-id') !== before
    }
    const observer = new MutationObserver(() => {
      if (!check()) return
      observer.disconnect()
      document.removeEventListener('click', clicked, { capture: true })
      requestAnimationFrame(() => setTimeout(() => done(performance.now() - started), 0))
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-order-id'] })
  })
}`

async function firstRowChange(page: Page, act: () => Promise<unknown>): Promise<number> {
  const before = await page.getAttribute('[data-testid=order-row]', 'data-order-id')
  await page.evaluate(`(${FIRST_ROW_CHANGES})(${JSON.stringify(before)})`)
  await act()
  return (await page.evaluate('window.__painted')) as number
}

/** Jumps the scroller to a fraction of its height; answers [rows still loading a frame later, ms until none is]. */
const JUMP = `async (fraction) => {
  const scroller = document.querySelector('[data-testid=orders-scroller]')
  const loading = () => scroller.querySelectorAll('[role=row]:not([data-testid=order-row])').length
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
  const started = performance.now()
  scroller.scrollTop = fraction * (scroller.scrollHeight - scroller.clientHeight)
  await frame()
  await frame()
  const blank = loading()
  while (loading() > 0 && performance.now() - started < 10000) await frame()
  return [blank, performance.now() - started, loading(), scroller.scrollTop]
}`

export async function bench(print: Print): Promise<void> {
  let rig: BrowserRig | undefined
  try {
    rig = await browserRig('orders-list', { products: 300, orders: ORDERS, speed: 0, tokenTtlSeconds: 24 * 3600 })
    const { harness, page } = rig

    await page.goto(harness.url)
    await page.click('[data-testid=start-demo]')
    await page.waitForSelector('[data-testid=current-user]')
    await page.goto(`${harness.url}#/orders`)
    await page.waitForSelector('[data-testid=order-row]', { timeout: 120_000 })
    // Once the local orders index holds every order, the list answers from it: how long that takes on first use.
    const indexStarted = performance.now()
    await page.waitForSelector('[data-testid=orders-index][data-complete=true]', { timeout: 300_000 })
    print('orders', 'list20k.index_ready_after_first_paint', performance.now() - indexStarted, 'ms')
    const count = await page.textContent('[data-testid=orders-count]')
    print('orders', 'list20k.count_shown', Number((count ?? '').replace(/\D/g, '')), 'orders')

    // Sorting: by date and by total, each way, in turn; then a status filter on and off.
    const times: number[] = []
    for (let r = 0; r < ROUNDS; r++) {
      times.push(await firstRowChange(page, () => page.click(r % 2 ? '[data-testid=sort-date]' : '[data-testid=sort-total]')))
    }
    // The status filters live in the filter bar's panel.
    await page.click('[data-testid=more-filters]')
    const statuses = await page.locator('[data-testid^=filter-status-]').count()
    for (let r = 0; r < Math.min(ROUNDS / 2, statuses * 2); r++) {
      const box = page.locator('[data-testid^=filter-status-]').nth(Math.floor(r / 2) % statuses)
      times.push(await firstRowChange(page, () => box.click({ timeout: 5000 }).then(() => page.click('[data-testid=apply-filters]'))).catch(() => NaN))
    }
    const ok = times.filter((t) => Number.isFinite(t)).sort((a, b) => a - b)
    print('orders', 'list20k.filter_to_paint.changes', ok.length, 'changes')
    print('orders', 'list20k.filter_to_paint.p50', percentile(ok, 50), 'ms')
    print('orders', 'list20k.filter_to_paint.p95', percentile(ok, 95), 'ms')

    // The floor: a first page of the list through the core in this process (the service's answer included).
    const floor: number[] = []
    for (let r = 0; r < ROUNDS; r++) {
      const t0 = performance.now()
      const res = await harness.core.dispatch('orders.list', { filters: { sort_by: r % 2 ? '-date' : '-total' }, page: 1, perPage: 100 })
      floor.push(performance.now() - t0)
      if (!res.ok && r === 0) console.error('orders.list floor:', res.error.message)
    }
    floor.sort((a, b) => a - b)
    print('orders', 'list20k.filter_to_paint.floor.p95', percentile(floor, 95), 'ms')
    print('orders', 'list20k.filter_to_paint.ratio', percentile(ok, 95) / percentile(floor, 95), 'x')

    // Scrolling: jumps across the whole list.
    let blank = 0
    let unfilled = 0
    const fills: number[] = []
    for (let j = 0; j < JUMPS; j++) {
      const [b, ms, left] = (await page.evaluate(`(${JUMP})(${((j * 7) % JUMPS) / JUMPS + 0.03})`)) as [number, number, number]
      blank += b
      unfilled += left
      fills.push(ms)
    }
    print('orders', 'list20k.scroll_unfilled_after_10s', unfilled, 'rows')
    fills.sort((a, b) => a - b)
    print('orders', 'list20k.scroll_blank_rows', blank, 'rows')
    print('orders', 'list20k.scroll_fill.p95', percentile(fills, 95), 'ms')
  } finally {
    await rig?.close()
  }
}
