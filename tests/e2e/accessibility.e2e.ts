import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONNECTED_VIEWS } from './accessibility-views'
import { COLOUR_RULES, invisibleFocusStops, seriousFindings } from './support/a11y'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * axe-core on every view reachable so far: every WCAG A/AA rule in the light theme, the colour rules
 * again in the dark one. No serious or critical finding may remain.
 */
describe('accessibility', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await launchApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('the first-run screen, before any connection exists', async () => {
    await app.page.waitForSelector('[data-testid=start-demo]')
    expect(await seriousFindings(app.page)).toEqual([])
  })

  for (const scheme of ['light', 'dark'] as const) {
    for (const view of CONNECTED_VIEWS) {
      it(`${view.name} (${scheme})`, async () => {
        const { page } = app
        if (!(await page.locator('[data-testid=target-banner]').count())) await app.startDemo()
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(`${app.url}#${view.path}`)
        await page.waitForSelector(view.ready)
        await view.prepare?.(page)
        expect(await seriousFindings(page, scheme === 'dark' ? COLOUR_RULES : undefined)).toEqual([])
      })
    }
  }

  for (const path of ['/settings/display', '/settings/connections']) {
    it(`keyboard focus is visible at every stop on ${path}`, async () => {
      const { page } = app
      await page.emulateMedia({ colorScheme: 'light' })
      await page.goto(`${app.url}#${path}`)
      await page.waitForSelector('main h1')
      expect(await invisibleFocusStops(page, 25)).toEqual([])
    })
  }

  it('no page error happened on the way', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
