import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { CONNECTED_VIEWS, ERROR_SHOWN, type ViewCheck } from './accessibility-views'
import { COLOUR_RULES, invisibleFocusStops, seriousFindings } from './support/a11y'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * axe-core on every view reachable so far: every WCAG A/AA rule in the light theme, the colour rules
 * again in the dark one. No serious or critical finding may remain.
 */
describe('accessibility', () => {
  let app: AppUnderTest

  /** The error notices on screen, as "code: text": a view showing one has failed, whatever axe says of it. */
  const errorsShown = (page: Page) =>
    page.locator(ERROR_SHOWN).evaluateAll((notices) => notices.map((n) => `${n.getAttribute('data-error-code')}: ${(n.textContent ?? '').trim()}`))

  /** Opens a view and waits for its real content; fails as soon as it shows an error instead. */
  async function open(page: Page, view: ViewCheck) {
    await page.goto(`${app.url}#${view.path}`)
    await page.waitForSelector(`${view.ready}, ${ERROR_SHOWN}`)
    expect(await errorsShown(page), `${view.name}: an error instead of the view`).toEqual([])
    await view.prepare?.(page)
    const unexpected = (await errorsShown(page)).filter((e) => !view.refused || !e.startsWith(`${view.refused}: `))
    expect(unexpected, `${view.name}: an error after preparing it`).toEqual([])
  }

  beforeAll(async () => {
    app = await launchApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('the first-run screen, before any connection exists', async () => {
    await app.page.waitForSelector('[data-testid=start-demo]')
    expect(await errorsShown(app.page)).toEqual([])
    expect(await seriousFindings(app.page)).toEqual([])
  })

  for (const scheme of ['light', 'dark'] as const) {
    for (const view of CONNECTED_VIEWS) {
      it(`${view.name} (${scheme})`, async () => {
        const { page } = app
        if (!(await page.locator('[data-testid=target-banner]').count())) await app.startDemo()
        await page.emulateMedia({ colorScheme: scheme })
        // The app follows the OS theme through a media-query event: wait until it has switched.
        await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme)
        await open(page, view)
        expect(await seriousFindings(page, scheme === 'dark' ? COLOUR_RULES : undefined)).toEqual([])
      })
    }
  }

  for (const name of ['settings: display', 'settings: connections']) {
    const view = CONNECTED_VIEWS.find((v) => v.name === name)!
    it(`keyboard focus is visible at every stop on ${view.path}`, async () => {
      const { page } = app
      await page.emulateMedia({ colorScheme: 'light' })
      await open(page, view)
      expect(await invisibleFocusStops(page, 25)).toEqual([])
    })
  }

  it('no page error happened on the way', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
