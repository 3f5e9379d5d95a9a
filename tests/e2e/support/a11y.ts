import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** WCAG 2.1 A and AA. The bar: no finding of impact serious or critical. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
const BLOCKING = new Set(['serious', 'critical'])

/** The rules whose outcome depends on colours: all a second theme needs to be checked against. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Waits until no CSS transition is running. naive-ui fades backgrounds for 0.3 s when the theme
 * changes; axe measures the colours painted at that moment, half-way between two themes. Checked
 * again after each wait: on a loaded machine a theme switched just now may start its transitions
 * a few frames late, after the first look found none (seen once in CI: a dark tag read mid-fade).
 */
async function transitionsSettled(page: Page): Promise<void> {
  for (let quietLooks = 0; quietLooks < 2; ) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    const running = await page.evaluate(async () => {
      const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition)
      await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)))
      return transitions.length
    })
    quietLooks = running ? 0 : quietLooks + 1
  }
}

/** Runs axe on the page as it is (once its transitions have ended): all WCAG A/AA rules, or `rules`; one readable line per serious or critical finding. */
export async function seriousFindings(page: Page, rules?: string[]): Promise<string[]> {
  await transitionsSettled(page)
  const builder = new AxeBuilder({ page })
  const results = await (rules ? builder.withRules(rules) : builder.withTags(AXE_TAGS)).analyze()
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`)
}

/**
 * Presses Tab `presses` times and answers every stop whose keyboard focus cannot be seen: no outline
 * of at least 2 px on the focused element, or — when that element is visually hidden (a radio's
 * input) — on the control around it.
 */
export async function invisibleFocusStops(page: Page, presses: number): Promise<string[]> {
  const problems: string[] = []
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab')
    const problem = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body) return null
      const rect = el.getBoundingClientRect()
      const hidden = rect.width < 2 || rect.height < 2 || getComputedStyle(el).opacity === '0'
      const shown = hidden ? el.closest<HTMLElement>('.n-radio, .n-checkbox, .n-radio-button, label') : el
      if (!shown) return `${el.tagName}.${el.className}: hidden and inside no visible control`
      const style = getComputedStyle(shown)
      const ok = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
      return ok ? null : `${shown.tagName}.${shown.className} "${(shown.textContent ?? '').trim().slice(0, 30)}": no visible focus ring`
    })
    if (problem) problems.push(problem)
  }
  return problems
}
