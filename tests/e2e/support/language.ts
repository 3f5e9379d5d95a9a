import type { Page } from 'playwright-core'

/** The app in `language`, as a rep who chose it in Settings sees it after a restart: stored, then the page loaded again. */
export async function showIn(page: Page, language: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('wd.language', l), language)
  await page.reload()
  await page.waitForSelector(`html[lang=${language}]`, { state: 'attached' })
}
