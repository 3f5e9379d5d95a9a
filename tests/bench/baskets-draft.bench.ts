import type { Page } from 'playwright-core'
import type { DraftView } from '../../shared/ipc/channels/baskets'
import type { CatalogueSearchResult, CatalogueStatus } from '../../shared/ipc/channels/catalogue'
import { browserRig, type BrowserRig } from './browser-rig'
import type { Print } from './run'
import { percentile } from './statistics'

/**
 * A draft of 1,000 lines in the editor, in Chromium through the harness (the core in this process,
 * a sandbox of its own):
 * - draft1000.open_to_paint: from the navigation to the draft to its first lines and total painted
 *   (open_to_all_lines: to the 1,000th line, the lines being put on the page a slice per frame);
 * - draft1000.edit_to_paint: one key in a line's quantity to the estimate total painted anew (p50/p95);
 * - edit.ipc_calls: the IPC calls (frames the page sends on the harness's WebSocket) each of those keystrokes costs (target 1: the save);
 * - draft1000.paste_preview / paste_add: 1,000 pasted `SKU,qty` rows to their preview painted, then
 *   "add" to the 1,000 lines more painted.
 */
const LINES = 1000
const EDITS = 30

/** In the page: resolves with the ms from now until `ready()` holds and a frame is painted after it. */
const PAINTED_WHEN = `(ready) => {
  const check = new Function('return (' + ready + ')()')
  const started = performance.now()
  window.__painted = new Promise((done) => {
    const finish = () => requestAnimationFrame(() => setTimeout(() => done(performance.now() - started), 0))
    if (check()) return finish()
    const observer = new MutationObserver(() => {
      if (!check()) return
      observer.disconnect()
      finish()
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
  })
}`

/** Starts watching for `ready` (a JS function's source, run in the page), runs `act`, and answers the ms to its painted frame. */
async function paintedAfter(page: Page, ready: string, act: () => Promise<unknown>): Promise<number> {
  await page.evaluate(`(${PAINTED_WHEN})(${JSON.stringify(ready)})`)
  await act()
  return (await page.evaluate('window.__painted')) as number
}

export async function bench(print: Print): Promise<void> {
  let rig: BrowserRig | undefined
  try {
    rig = await browserRig('baskets-draft', { products: 3 * LINES, orders: 0, speed: 0, tokenTtlSeconds: 24 * 3600 })
    const { harness, page, call } = rig
    const invoked: string[] = []
    // The page's calls are frames of the harness's WebSocket (window.api), as they are messages of Electron's IPC.
    page.on('websocket', (socket) =>
      socket.on('framesent', (frame) => {
        const call = JSON.parse(String(frame.payload)) as { channel?: unknown }
        if (typeof call.channel === 'string') invoked.push(call.channel)
      }),
    )

    await page.goto(harness.url)
    await page.click('[data-testid=start-demo]')
    await page.waitForSelector('[data-testid=current-user]')
    while ((await call<CatalogueStatus>('catalogue.status')).products === 0 || (await call<CatalogueStatus>('catalogue.status')).syncing) await call('catalogue.sync')

    // Plain products (no rate plan to choose, no options): a line each.
    const products: CatalogueSearchResult['items'] = []
    for (let offset = 0; offset < 3 * LINES; offset += 100) {
      products.push(...(await call<CatalogueSearchResult>('catalogue.search', { query: '', sort: '-popularity', limit: 100, offset })).items.filter((p) => !p.subscription_type))
    }
    if (products.length < LINES) throw new Error(`only ${products.length} plain products`)
    const rows = products.slice(0, LINES).map((p, i) => ({ productId: p.id, sku: p.product_code, quantity: 1 + (i % 7) }))
    const draft = await call<DraftView>('baskets.create', {})
    await call('baskets.importLines', { id: draft.id, rows })
    // Another few drafts, as a rep has: the list the editor must not re-read on every keystroke.
    for (let d = 0; d < 20; d++) await call('baskets.importLines', { id: (await call<DraftView>('baskets.create', {})).id, rows: rows.slice(d * 10, d * 10 + 10) })

    // Open: from the navigation to the 1,000th line and the total painted.
    await page.goto(`${harness.url}#/baskets`)
    await page.waitForSelector('[data-testid=baskets-page]')
    const opens: number[] = []
    const all: number[] = []
    for (let round = 0; round < 5; round++) {
      await page.evaluate(`location.hash = '#/baskets'`)
      await page.waitForSelector('[data-testid=baskets-page]')
      // First paint: the draft's first screen of lines and its total (the rest follows a frame at a time).
      opens.push(
        await paintedAfter(page, `() => !!document.querySelector('[data-testid=line-qty-0]') && !!document.querySelector('[data-testid=estimate-total]')`, () =>
          page.evaluate(`location.hash = '#/baskets/drafts/${draft.id}'`),
        ),
      )
      await page.evaluate(`location.hash = '#/baskets'`)
      await page.waitForSelector('[data-testid=baskets-page]')
      all.push(await paintedAfter(page, `() => !!document.querySelector('[data-testid=line-qty-${LINES - 1}]')`, () => page.evaluate(`location.hash = '#/baskets/drafts/${draft.id}'`)))
    }
    opens.sort((a, b) => a - b)
    all.sort((a, b) => a - b)
    print('baskets', 'draft1000.open_to_paint', percentile(opens, 50), 'ms')
    print('baskets', 'draft1000.open_to_paint.max', opens.at(-1)!, 'ms')
    print('baskets', 'draft1000.open_to_all_lines', percentile(all, 50), 'ms')

    // Edit one quantity: a key typed into a line's quantity to the new total painted.
    await page.waitForSelector(`[data-testid=line-qty-${LINES - 1}]`)
    await page.waitForSelector('[data-testid=save-state]')
    const edits: number[] = []
    let calls = 0
    for (let i = 0; i < EDITS; i++) {
      const input = page.locator(`[data-testid=line-qty-${(i * 37) % LINES}]`)
      await input.click()
      await input.press('End')
      const before = await page.textContent('[data-testid=estimate-total]')
      // Let any save still on its way land, so this keystroke's calls are its own.
      await page.waitForFunction(`document.querySelector('[data-testid=save-state]')?.textContent === ${JSON.stringify(await page.textContent('[data-testid=save-state]'))}`)
      await new Promise((r) => setTimeout(r, 100))
      const n0 = invoked.length
      edits.push(
        await paintedAfter(page, `() => document.querySelector('[data-testid=estimate-total]')?.textContent !== ${JSON.stringify(before)}`, () => page.keyboard.type('1')),
      )
      await new Promise((r) => setTimeout(r, 300))
      calls += invoked.length - n0
    }
    edits.sort((a, b) => a - b)
    print('baskets', 'draft1000.edit_to_paint.p50', percentile(edits, 50), 'ms')
    print('baskets', 'draft1000.edit_to_paint.p95', percentile(edits, 95), 'ms')
    print('baskets', 'edit.ipc_calls', calls / EDITS, 'calls/keystroke')
    // The floor of an edit: the save itself in the core (this process), no page, no transport.
    const saved = await call<DraftView>('baskets.get', { id: draft.id })
    const core: number[] = []
    for (let i = 0; i < 10; i++) {
      const line = saved.doc.line_items[(i * 53) % LINES]!
      const t0 = performance.now()
      const v = await call<unknown>('baskets.editLine', { id: draft.id, key: line.key, patch: { quantity: 2 + i } })
      core.push(performance.now() - t0)
      if (i === 0) print('baskets', 'draft1000.edit_reply_kb', Math.round(JSON.stringify(v).length / 1024), 'KB')
    }
    core.sort((a, b) => a - b)
    print('baskets', 'draft1000.edit.core_save.p50', percentile(core, 50), 'ms')

    // Paste 1,000 rows: preview, then add.
    // Products not on the draft yet: a pasted SKU already on it adds to that line instead of a new one,
    // and the figure is 1,000 new lines.
    const fresh = products.slice(LINES, 2 * LINES)
    if (fresh.length < LINES) throw new Error(`only ${fresh.length} plain products besides the draft's`)
    const pasted = fresh.map((p, i) => `${p.product_code},${1 + (i % 3)}`).join('\n')
    await page.click('[data-testid=open-import]')
    // The paste itself, as the browser does it (value set, one input event): Playwright's fill of these
    // 1,000 rows never returned here after the edits above (its keyboard path), while this takes ~15 ms.
    await page.evaluate(`(() => { const el = document.querySelector('[data-testid=import-text]'); el.value = ${JSON.stringify(pasted)}; el.dispatchEvent(new Event('input', { bubbles: true })) })()`)
    const previewMs = await paintedAfter(page, `() => document.querySelectorAll('[data-testid=import-preview-table] tbody tr').length >= ${LINES}`, () => page.click('[data-testid=import-preview]'))
    print('baskets', 'draft1000.paste_preview', previewMs, 'ms')
    // Only the rows the preview matched to one product are added (a SKU two vendors share waits for a choice).
    const added = await page.locator('[data-testid=import-row-ok]').count()
    print('baskets', 'draft1000.paste_rows_added', added, 'rows')
    const addMs = await paintedAfter(page, `() => !!document.querySelector('[data-testid=line-qty-${LINES + added - 1}]')`, () => page.click('[data-testid=import-add]'))
    print('baskets', 'draft1000.paste_add', addMs, 'ms')
  } finally {
    await rig?.close()
  }
}
