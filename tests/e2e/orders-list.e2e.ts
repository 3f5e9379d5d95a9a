import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isOpenStatus } from '../../shared/api'
import { launchApp, type AppUnderTest } from './support/app'
import { showIn } from './support/language'
import { LANGUAGES } from '../../shared/locales/languages'

/**
 * The orders list as a rep uses it at 1366×768: the filters on one line with removable chips,
 * dates in the chosen language, a search that finds part of a PO number or a name as it is typed
 * (from the local orders index), and saved filters one click away.
 */
describe('orders list: filter bar, chips, saved filters', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await launchApp({ sandbox: { orders: 450 }, page: { colorScheme: 'dark' }, viewport: { width: 1366, height: 768 } })
    await app.startDemo()
  })
  afterAll(async () => {
    await app?.close()
  })

  const ids = () => app.page.$$eval('[data-testid=order-row]', (rows) => rows.map((r) => Number(r.getAttribute('data-order-id'))))
  const count = async () => Number(((await app.page.textContent('[data-testid=orders-count]')) ?? '').replace(/[^\d]/g, '') || 0)
  const indexed = () => app.page.waitForSelector('[data-testid=orders-index][data-complete=true]', { timeout: 60_000 })

  it('keeps the filters on one line at 1366×768, so the list fills the screen', async () => {
    const { page } = app
    await page.goto(`${app.url}#/orders`)
    await page.waitForSelector('[data-testid=order-row]')
    await indexed()
    const bar = (await page.locator('[data-testid=order-filters]').boundingBox())!
    expect(bar.height).toBeLessThan(50)
    expect(await page.locator('[data-testid=filters-panel]').isVisible()).toBe(false)
    // At least 8 order rows are in view, under the filters.
    const inView = await page.$$eval('[data-testid=order-row]', (rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight && r.getBoundingClientRect().top >= 0).length)
    expect(inView).toBeGreaterThanOrEqual(8)
    // No horizontal scrollbar on the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth || document.querySelector('main')!.scrollWidth > document.querySelector('main')!.clientWidth)).toBe(false)
  })

  it('finds orders by part of a PO number and by an organisation name as it is typed', async () => {
    const { page } = app
    const all = await count()
    const po = app.sandbox.control.listOrdersRaw().find((o) => o.purchase_order_number?.endsWith('00414'))!
    await page.fill('#of-text', '00414')
    await page.waitForFunction((id) => [...document.querySelectorAll('[data-testid=order-row]')].some((r) => r.getAttribute('data-order-id') === String(id)), po.id)
    expect(await count()).toBeLessThan(all)
    await page.fill('#of-text', 'Dunmore')
    const dunmore = app.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT' && o.organisation === 8)
    await page.locator('[data-testid=orders-count]', { hasText: `${dunmore.length} orders match` }).waitFor()
    expect((await ids()).every((id) => dunmore.some((o) => o.id === id))).toBe(true)
    // The search shows as a chip; removing it brings every order back.
    await page.locator('[data-testid=filter-chip][data-chip=text]').getByRole('button').click()
    await page.locator('[data-testid=orders-count]', { hasText: `${all} orders match` }).waitFor()
    expect(await page.inputValue('#of-text')).toBe('')
  })

  it('shows each filter in use as a removable chip, dates as the chosen language writes them', async () => {
    const { page } = app
    await page.evaluate(() => localStorage.setItem('wd.language', 'fr'))
    await page.reload()
    await page.waitForSelector('[data-testid=order-row]')
    await page.click('[data-testid=more-filters]')
    await page.fill('#of-start', '01/03/2026')
    await page.press('#of-start', 'Tab')
    await page.click('[data-testid=filter-status-COMPLETE]')
    await page.click('[data-testid=apply-filters]')
    const chips = page.locator('[data-testid=filter-chip]')
    await page.locator('[data-testid=filter-chip][data-chip=start]').waitFor()
    expect(await page.textContent('[data-testid=filter-chip][data-chip=start]')).toContain('Depuis le 1 mars 2026')
    expect(await page.textContent('[data-testid=filter-chip][data-chip=status-COMPLETE]')).toContain('Terminée')
    expect(await chips.count()).toBe(2)
    const rows = app.sandbox.control.listOrdersRaw().filter((o) => o.status === 'COMPLETE' && o.date! >= '2026-03-01')
    expect(await count()).toBe(rows.length)
    await page.locator('[data-testid=filter-chip][data-chip=start]').getByRole('button').click()
    await page.waitForFunction(() => !document.querySelector('[data-testid=filter-chip][data-chip=start]'))
    expect(await chips.count()).toBe(1)
    expect(await page.inputValue('#of-start')).toBe('')
    await page.click('[data-testid=clear-filters]')
    await page.waitForFunction(() => !document.querySelector('[data-testid=filter-chips]'))
    await page.evaluate(() => localStorage.removeItem('wd.language'))
    await page.reload()
    await page.waitForSelector('[data-testid=order-row]')
  })

  it('offers "My open orders" and "Needs attention" one click away, and keeps the user\'s own saved filters', async () => {
    const { page } = app
    const raw = app.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT')
    await page.click('[data-testid=preset-attention]')
    const attention = raw.filter((o) => ['ATTENTION_REQUIRED', 'FAILED'].includes(o.status)).length
    await page.locator('[data-testid=orders-count]', { hasText: `${attention} orders match` }).waitFor()
    expect(await page.getAttribute('[data-testid=preset-attention]', 'aria-pressed')).toBe('true')
    await page.click('[data-testid=preset-myOpen]')
    const open = raw.filter((o) => !['COMPLETE', 'FAILED', 'CANCELLED'].includes(o.status)).length
    await page.locator('[data-testid=orders-count]', { hasText: `${open} orders match` }).waitFor()

    // Save the current filters under a name; after a restart of the page it is still one click away.
    await page.fill('#of-text', 'Dunmore')
    await page.waitForSelector('[data-testid=filter-chip][data-chip=text]')
    await page.click('[data-testid=save-filters]')
    await page.fill('#sf-name', 'Dunmore open')
    await page.press('#sf-name', 'Enter')
    await page.waitForSelector('[data-testid=saved-filter][data-name="Dunmore open"]')
    const dunmoreOpen = await count()
    await page.click('[data-testid=clear-filters]')
    await page.waitForFunction(() => !document.querySelector('[data-testid=filter-chips]'))
    await page.reload()
    await page.click('[data-testid=saved-filter][data-name="Dunmore open"]')
    await page.locator('[data-testid=orders-count]', { hasText: `${dunmoreOpen} order` }).waitFor()
    expect(await page.inputValue('#of-text')).toBe('Dunmore')
    // A second saved filter with the same name is refused with a reason; nothing is lost.
    await page.click('[data-testid=save-filters]')
    await page.fill('#sf-name', 'dunmore OPEN')
    await page.click('[data-testid=saved-filter-confirm]')
    expect(await page.textContent('#sf-error')).toContain('already has this name')
    await page.press('#sf-name', 'Escape')
    expect(await page.locator('[data-testid=saved-filter]').count()).toBe(1)
  })

  it('exports the list with its filters to CSV and to Excel, where the save dialog put it', async () => {
    const { page } = app
    await page.click('[data-testid=preset-attention]')
    const attention = app.sandbox.control.listOrdersRaw().filter((o) => ['ATTENTION_REQUIRED', 'FAILED'].includes(o.status))
    await page.locator('[data-testid=orders-count]', { hasText: `${attention.length} orders match` }).waitFor()
    for (const [format, option] of [
      ['csv', 'Export to CSV'],
      ['xlsx', 'Export to Excel (XLSX)'],
    ] as const) {
      await page.click('[data-testid=export-orders]')
      await page.getByText(option, { exact: true }).click()
      const result = page.locator('[data-testid=export-result]', { hasText: `Exported ${attention.length} orders to` })
      await result.waitFor()
      const path = ((await result.textContent()) ?? '').match(/ to (.+)\.$/)![1]!
      expect(path.endsWith(`.${format}`)).toBe(true)
      const bytes = readFileSync(path)
      if (format === 'csv') {
        const lines = bytes.toString('utf8').trimEnd().split('\n')
        expect(lines[0]).toContain('Order,Date,Status,Purchase order')
        expect(lines).toHaveLength(attention.length + 1)
        expect(lines.slice(1).every((l) => /,(Needs attention|Failed),/.test(l))).toBe(true)
      } else {
        expect(bytes.subarray(0, 2).toString()).toBe('PK')
      }
    }
    await page.click('[data-testid=preset-attention]')
  })

  it('reaches the window\u2019s bottom at 1024×700 in every language and at 1440×900: the rows scroll, not the page, and fill the list wherever it is scrolled', async () => {
    const { page } = app
    const seen: Record<string, { gap: number; pageScrolls: boolean; rows: number; holes: string[] }> = {}
    try {
      for (const [width, height, languages] of [
        [1024, 700, LANGUAGES],
        [1440, 900, ['en', 'de']],
      ] as const) {
        await page.setViewportSize({ width, height })
        for (const language of languages) {
          await showIn(page, language)
          await page.goto(`${app.url}#/orders`)
          await page.locator('[data-testid=order-row]').nth(4).waitFor()
          await indexed()
          seen[`${language} ${width}×${height}`] = await page.evaluate(async () => {
            const scroller = document.querySelector<HTMLElement>('[data-testid=orders-scroller]')!
            const main = scroller.closest('main')!
            const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
            await frame()
            await frame()
            const holes: string[] = []
            for (const f of [0, 0.37, 0.8, 1]) {
              scroller.scrollTop = f * (scroller.scrollHeight - scroller.clientHeight)
              await frame()
              await frame()
              // The list's inside, from its top to its bottom, is covered by rows (no blank band).
              const view = scroller.getBoundingClientRect()
              const rows = [...scroller.querySelectorAll('[role=row]')].map((r) => r.getBoundingClientRect()).filter((b) => b.bottom > view.top && b.top < view.bottom).sort((a, b) => a.top - b.top)
              let reached = view.top + scroller.clientTop
              for (const b of rows) if (b.top <= reached + 0.5) reached = Math.max(reached, b.bottom)
              const inner = view.top + scroller.clientTop + scroller.clientHeight
              if (reached < inner - 0.5) holes.push(`${Math.round(inner - reached)}px blank at ${f}`)
            }
            return {
              // What lies between the list and the window's bottom: main's padding only.
              gap: Math.round(window.innerHeight - scroller.getBoundingClientRect().bottom - (parseFloat(getComputedStyle(main).paddingBottom) || 0)),
              pageScrolls: document.documentElement.scrollHeight > window.innerHeight || main.scrollHeight > main.clientHeight,
              rows: Math.floor(scroller.clientHeight / 40),
              holes,
            }
          })
        }
      }
    } finally {
      await page.setViewportSize({ width: 1366, height: 768 })
      await showIn(page, 'en')
    }
    for (const [where, s] of Object.entries(seen)) {
      // At 1024×700 the page scrolled as well as the list (two scrollbars): its height was fixed (100vh less 24rem), right for one
      // shape of window only, and the title, the watch and the alerts' fold each took a line (in French five rows did not fit).
      expect(s.pageScrolls, `${where}: the page scrolls as well as the list`).toBe(false)
      expect(Math.abs(s.gap), `${where}: the list ends ${s.gap}px from the window's bottom`).toBeLessThanOrEqual(2)
      expect(s.holes, where).toEqual([])
    }
    expect(seen['en 1024×700']!.rows).toBeGreaterThanOrEqual(6)
    expect(seen['de 1024×700']!.rows).toBeGreaterThanOrEqual(5)
    expect(seen['en 1440×900']!.rows).toBeGreaterThanOrEqual(12)
  })

  it('orders the list from the keyboard: the sort, named "Sort by", comes after Export and is chosen with the arrow keys', async () => {
    const { page } = app
    await page.goto(`${app.url}#/orders`)
    await page.locator('[data-testid=order-row]').first().waitFor()
    await page.focus('[data-testid=export-orders]')
    await page.keyboard.press('Tab')
    // It was a box without a name: a screen reader said only "Newest first".
    expect(await page.getByRole('group', { name: 'Sort by' }).evaluate((el) => el.contains(document.activeElement))).toBe(true)
    expect(await page.getAttribute('[role=columnheader]:has([data-testid=sort-total])', 'aria-sort')).toBe('none')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await page.getByRole('textbox', { name: 'Sort by' }).evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.querySelector('[role=columnheader]:has([data-testid=sort-total])')?.getAttribute('aria-sort') === 'descending')
    expect(await page.textContent('[data-testid=sort-select]')).toContain('Highest value first')
    await page.click('[data-testid=default-sort]')
    await page.waitForFunction(() => document.querySelector('[role=columnheader]:has([data-testid=sort-date])')?.getAttribute('aria-sort') === 'descending')
  })

  it('had no page errors', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})

/**
 * A long order history: once the local index holds every order, a jump of the scrollbar anywhere —
 * right after a sort or a filter — shows filled rows, never "loading" placeholders, and the table
 * stays a table a screen reader can walk (row count, row positions).
 */
describe('orders list: jumping through a long history', () => {
  const ORDERS = 3000
  let app: AppUnderTest

  beforeAll(async () => {
    app = await launchApp({ sandbox: { orders: ORDERS } })
    await app.startDemo()
  })
  afterAll(async () => {
    await app?.close()
  })

  /** Jumps the scroller to a fraction of the list; answers the rows in view two frames later. */
  const jump = (fraction: number) =>
    app.page.evaluate(async (f) => {
      const scroller = document.querySelector<HTMLElement>('[data-testid=orders-scroller]')!
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
      scroller.scrollTop = f * (scroller.scrollHeight - scroller.clientHeight)
      await frame()
      await frame()
      const view = scroller.getBoundingClientRect()
      const inView = [...scroller.querySelectorAll('[role=row]')].filter((r) => {
        const box = r.getBoundingClientRect()
        return box.bottom > view.top && box.top < view.bottom
      })
      return inView.map((r) => ({ index: Number(r.getAttribute('aria-rowindex')), id: r.getAttribute('data-order-id') }))
    }, fraction)
  /** Waits until the rows of the list are all read (the table says so to assistive technology). */
  const settled = () => app.page.waitForFunction(() => document.querySelector('[role=table]')?.getAttribute('aria-busy') !== 'true')

  it("writes the watch's counts with the language's digit grouping, as the list's count", async () => {
    const { page } = app
    await page.goto(`${app.url}#/orders`)
    const open = app.sandbox.control.listOrdersRaw().filter((o) => isOpenStatus(o.status)).length
    expect(open).toBeGreaterThan(999)
    // It read e.g. 'Open orders: 1581' (no grouping) beside '3,000 orders match'.
    await page.locator('[data-testid=watch-open]', { hasText: `Open orders: ${open.toLocaleString('en-GB')}` }).waitFor({ timeout: 30_000 })
    await page.locator('[data-testid=orders-count]', { hasText: `${(3000).toLocaleString('en-GB')} orders match` }).waitFor()
  })

  it('shows filled rows wherever the scrollbar jumps, after a sort and after a filter, never loading placeholders', async () => {
    const { page } = app
    await page.goto(`${app.url}#/orders`)
    await page.waitForSelector('[data-testid=order-row]')
    await page.waitForSelector('[data-testid=orders-index][data-complete=true]', { timeout: 60_000 })
    const raw = app.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT')
    expect(await page.getAttribute('[role=table]', 'aria-rowcount')).toBe(String(raw.length + 1))

    // Sorted by total, highest first: the first row is the largest order.
    const first = await page.getAttribute('[data-testid=order-row]', 'data-order-id')
    await page.click('[data-testid=sort-total]')
    await page.waitForFunction((before) => document.querySelector('[data-testid=order-row]')?.getAttribute('data-order-id') !== before, first)
    const byTotal = [...raw].sort((a, b) => b.total - a.total || b.id - a.id)
    expect(Number(await page.getAttribute('[data-testid=order-row]', 'data-order-id'))).toBe(byTotal[0]!.id)
    await settled()
    for (const fraction of [0.97, 0.03, 0.55, 0.31, 0.8, 0.12, 1]) {
      const rows = await jump(fraction)
      expect(rows.length).toBeGreaterThan(5)
      // Every row in view is an order, in its place of the sorted list.
      for (const { index, id } of rows) expect(Number(id), `row ${index} after a jump to ${fraction}`).toBe(byTotal[index - 2]!.id)
    }

    // Filtered to one status: the same, within the smaller list.
    await jump(0)
    await page.click('[data-testid=more-filters]')
    await page.click('[data-testid=filter-status-COMPLETE]')
    await page.click('[data-testid=apply-filters]')
    const complete = byTotal.filter((o) => o.status === 'COMPLETE')
    await page.locator('[data-testid=orders-count]', { hasText: `${complete.length.toLocaleString('en-GB')} orders match` }).waitFor()
    await settled()
    for (const fraction of [0.9, 0.4, 0.1]) {
      const rows = await jump(fraction)
      expect(rows.length).toBeGreaterThan(5)
      for (const { index, id } of rows) expect(Number(id), `row ${index} after a jump to ${fraction}`).toBe(complete[index - 2]!.id)
    }
    await page.click('[data-testid=filter-status-COMPLETE]')
    await page.click('[data-testid=apply-filters]')
  })

  it('had no page errors', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
