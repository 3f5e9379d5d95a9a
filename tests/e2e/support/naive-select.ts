import type { Page } from 'playwright-core'

/**
 * Driving a naive-ui select (SelectField and the like) as a user does, by the selector of its input
 * (its id or test id): open it, type to filter by a label and click the option.
 */
type Choice = string | { value: string } | { index: number }

const selection = (page: Page, field: string) => page.locator(field).locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " n-base-selection ")][1]')
/** The options of the field's own open menu (SelectField names its field on its menu). */
async function openOptions(page: Page, field: string) {
  const id = await page.locator(field).getAttribute('id')
  return page.locator(`.n-base-select-menu[data-menu-for="${id}"]:visible .n-base-select-option`)
}

/** Chooses the option with this label (typed to filter a long list), this data-value, or at this index (0 is "none" where offered). */
export async function chooseOption(page: Page, field: string, choice: Choice): Promise<void> {
  await selection(page, field).click()
  const options = await openOptions(page, field)
  if (typeof choice === 'string') {
    await page.keyboard.type(choice)
    await options.filter({ hasText: new RegExp(`^\\s*${choice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }).first().click()
  } else if ('value' in choice) await options.and(page.locator(`[data-value="${choice.value}"]`)).click()
  else await options.nth(choice.index).click()
}

/** The values of the options offered, read from the open menu (closed again after). */
export async function optionValues(page: Page, field: string): Promise<string[]> {
  await selection(page, field).click()
  const options = await openOptions(page, field)
  await options.first().waitFor()
  const values = await options.evaluateAll((os) => os.map((o) => (o as HTMLElement).dataset.value ?? ''))
  await page.keyboard.press('Escape')
  await options.first().waitFor({ state: 'hidden' })
  return values
}

/** The value chosen ('' for none). */
export const chosenValue = (page: Page, field: string) => page.locator(field).locator('xpath=ancestor::div[@data-value][1]').getAttribute('data-value')
