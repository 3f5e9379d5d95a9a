import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchApp, type AppUnderTest } from './support/app'
import { faultsInEveryLanguage } from './support/language'

/**
 * The orders list in a 1280×800 window, with the scrollbar the app's window shows beside its rows:
 * every column, the payment type and the total too, in sight without scrolling sideways, and each
 * cell right under its column's name.
 */
describe('the orders list at 1280×800', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await launchApp({ sandbox: { orders: 2000 }, viewport: { width: 1280, height: 800 }, scrollbars: true })
    await app.startDemo()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows every column, the first order’s payment type too, each cell under its name, in every language', async () => {
    const { page } = app
    const faults = await faultsInEveryLanguage(
      page,
      async (language) => {
        await page.goto(`${app.url}#/orders`)
        await page.locator('[data-testid=order-row]').first().waitFor()
        const seen = await page.evaluate(() => {
          const table = document.querySelector<HTMLElement>('[role=table]')!
          // What of the list is in sight: its frame, inside the window.
          const frame = table.parentElement!
          const view = frame.getBoundingClientRect()
          const right = Math.min(view.left + frame.clientWidth, window.innerWidth)
          const headers = [...table.querySelectorAll<HTMLElement>('[role=columnheader]')]
          const cells = [...document.querySelector('[data-testid=order-row]')!.querySelectorAll<HTMLElement>('[role=cell]')]
          const scroller = document.querySelector<HTMLElement>('[data-testid=orders-scroller]')!
          return {
            scrollbar: scroller.offsetWidth - scroller.clientWidth,
            sideways: frame.scrollWidth > frame.clientWidth,
            outOfSight: headers.flatMap((h, i) => {
              const name = h.textContent!.trim()
              const head = h.getBoundingClientRect()
              const cell = cells[i]!.getBoundingClientRect()
              return [
                ...(head.width > 0 && head.right <= right + 0.5 ? [] : [`${name}: ends at ${Math.round(head.right)}, the list at ${Math.round(right)}`]),
                ...(cell.width > 0 && cell.right <= right + 0.5 ? [] : [`${name} of the first order out of sight`]),
                ...(Math.abs(head.left - cell.left) < 1 && Math.abs(head.right - cell.right) < 1 ? [] : [`${name}: the cell ${Math.round(cell.left)}-${Math.round(cell.right)}, its name ${Math.round(head.left)}-${Math.round(head.right)}`]),
              ]
            }),
          }
        })
        return [...(seen.scrollbar > 0 ? [] : [`${language}: no scrollbar beside the rows`]), ...(seen.sideways ? [`${language}: the list scrolls sideways`] : []), ...seen.outOfSight.map((f) => `${language} ${f}`)]
      },
      'en',
    )
    expect(faults).toEqual([])
  })

  it('had no page errors', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
