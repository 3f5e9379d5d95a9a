import type { Page } from 'playwright-core'
import { LANGUAGES } from '../../../shared/locales/languages'

/** The app in `language`, as a rep who chose it in Settings sees it after a restart: stored, then the page loaded again. */
export async function showIn(page: Page, language: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('wd.language', l), language)
  await page.reload()
  await page.waitForSelector(`html[lang=${language}]`, { state: 'attached' })
}

/**
 * What `look` finds wrong with the app in each of its languages (shown in turn, as after a
 * restart), all together; the app is left in `back`, the suite's own language.
 */
export async function faultsInEveryLanguage(page: Page, look: (language: string) => Promise<string[]>, back: string): Promise<string[]> {
  const faults: string[] = []
  for (const language of LANGUAGES) {
    await showIn(page, language)
    faults.push(...(await look(language)))
  }
  await showIn(page, back)
  return faults
}
