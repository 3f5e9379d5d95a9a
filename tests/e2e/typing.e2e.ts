import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { CatalogueSearchResult, CatalogueStatus } from '../../shared/ipc/channels/catalogue'
import { launchApp, type AppUnderTest } from './support/app'
import { openNewDraft, openPickerForUnknownSku } from './support/drafts'

/**
 * A fast typist: 20 keys 10 ms apart in each search box that answers as you type (the catalogue
 * view, the Ctrl+K quick lookup, the line editor's product picker). Every search is asked at once, with no typing pause, so answers
 * to the earlier keystrokes are on their way while later keys arrive: the list must end up
 * answering the whole query, and no answer to an older query may be painted after a newer one.
 */
const KEYS = 20

/**
 * Records, in the page, each query the element matching `selector` says it shows (its `attribute`)
 * in the order they are painted, into window.__painted.
 */
const RECORD_ANSWERS = `([selector, attribute]) => {
  window.__painted = []
  let last
  const note = () => {
    const q = document.querySelector(selector)?.getAttribute(attribute) ?? null
    if (q !== null && q !== last) window.__painted.push(q)
    last = q
  }
  note()
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [attribute] })
}`

async function typeFast(page: Page, selector: string, attribute: string, query: string): Promise<string[]> {
  await page.evaluate(`(${RECORD_ANSWERS})(${JSON.stringify([selector, attribute])})`)
  await page.keyboard.type(query, { delay: 10 })
  await page.waitForSelector(selector.split(',').map((s) => `${s.trim()}[${attribute}="${query}"]`).join(', '))
  // Anything still on its way has had ample time to arrive (and must not have painted).
  await page.waitForTimeout(500)
  return (await page.evaluate('window.__painted')) as string[]
}

/** Each painted answer is to a query typed later than the one before it, and the last is to the whole query. */
function expectInTypingOrder(painted: string[], query: string): void {
  const answers = painted.filter((q) => q !== '')
  expect(answers.at(-1)).toBe(query)
  for (const q of answers) expect(query.startsWith(q), `"${q}" is a query typed on the way to "${query}"`).toBe(true)
  const lengths = answers.map((q) => q.length)
  expect(lengths).toEqual([...lengths].sort((a, b) => a - b))
  expect(new Set(lengths).size).toBe(lengths.length)
}

describe('typing fast into the search boxes', () => {
  let app: AppUnderTest
  let query: string

  beforeAll(async () => {
    app = await launchApp()
    await app.startDemo()
    // The first connection starts a sync by itself; joining it waits for its end.
    while ((await app.call<CatalogueStatus>('catalogue.status')).products === 0) await app.call('catalogue.sync')
    // A product's name cut to 20 characters (ending on a letter, as the box trims spaces): a real query.
    const browse = await app.call<CatalogueSearchResult>('catalogue.search', { query: '', sort: '-popularity', limit: 100 })
    const name = browse.items.map((p) => p.name.toLowerCase().slice(0, KEYS)).find((n) => n.length === KEYS && !/\s/.test(n.at(-1)!))
    expect(name).toBeDefined()
    query = name!
  })
  afterAll(async () => {
    await app?.close()
  })

  it('the catalogue list ends on the answer to the whole query, never repainting an older one', async () => {
    const { page } = app
    await page.goto(`${app.url}#/catalogue`)
    await page.waitForSelector('[data-testid=results][data-query=""] [data-testid=result-row]')
    await page.click('[data-testid=catalogue-search]')
    const painted = await typeFast(page, '[data-testid=results], [data-testid=no-results]', 'data-query', query)
    expectInTypingOrder(painted, query)
    expect(await page.locator('[data-testid=result-row]').count()).toBeGreaterThan(0)
  })

  it('the quick lookup ends on the answer to the whole query, never repainting an older one', async () => {
    const { page } = app
    await page.keyboard.press('Control+k')
    await page.waitForSelector('[role=dialog][data-testid=quick-lookup]')
    const painted = await typeFast(page, '[data-testid=quick-lookup]', 'data-answered', query)
    expectInTypingOrder(painted, query)
    expect(await page.locator('[data-testid=quick-lookup-option]').count()).toBeGreaterThan(0)
    await page.keyboard.press('Escape')
  })

  it("the line editor's product picker ends on the answer to the whole query, never repainting an older one", async () => {
    const { page } = app
    // A draft line whose SKU the catalogue does not know offers the picker to choose its product.
    await openNewDraft(app)
    // It opens searching for the line's SKU, selected, so the first key typed replaces it.
    await openPickerForUnknownSku(page, 'NO-SUCH-SKU')
    await page.waitForSelector('[data-testid=product-picker][data-answered="NO-SUCH-SKU"]')
    const painted = await typeFast(page, '[data-testid=product-picker]', 'data-answered', query)
    expect(painted[0]).toBe('NO-SUCH-SKU')
    expectInTypingOrder(painted.slice(1), query)
    expect(await page.locator('[data-testid=product-picker-option]').count()).toBeGreaterThan(0)
  })

  it('no page error happened on the way', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
