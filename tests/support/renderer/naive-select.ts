import { nextTick } from 'vue'

/**
 * TESTS ONLY — chooses an option of a naive-ui select (SelectField and the like) the way a user
 * does: opens it from its input (found by id or test id) and clicks the option with that label
 * (or, with `{ value }`, the option whose data-value is that).
 */
export async function chooseOption(input: HTMLElement, choice: string | { value: string }): Promise<void> {
  const selection = input.closest<HTMLElement>('.n-base-selection')
  if (!selection) throw new Error('not the input of a naive-ui select')
  selection.click()
  await settle()
  // Typing the label filters the menu to it (a long list shows only its first options).
  ;(input as HTMLInputElement).value = typeof choice === 'string' ? choice : ''
  input.dispatchEvent(new Event('input', { bubbles: true }))
  await settle()
  const options = liveOptions(input)
  const option = options.find((o) => (typeof choice === 'string' ? o.textContent?.trim() === choice : o.dataset.value === choice.value))
  if (!option) throw new Error(`no option ${JSON.stringify(choice)} among ${JSON.stringify(options.map((o) => o.textContent))}`)
  option.click()
  await settle()
}

/** The labels of the options a naive-ui select offers, read from its open menu (closed again after). */
export async function optionsOf(input: HTMLElement): Promise<{ value: string; label: string }[]> {
  input.closest<HTMLElement>('.n-base-selection')!.click()
  await settle()
  const found = liveOptions(input).map((o) => ({ value: o.dataset.value ?? '', label: o.textContent?.trim() ?? '' }))
  input.closest<HTMLElement>('.n-base-selection')!.click()
  await settle()
  return found
}

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await nextTick()
}

/** The options of the field's own open menu (SelectField names its field on it; a closed menu stays, hidden). */
function liveOptions(input: HTMLElement): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`.n-base-select-menu[data-menu-for="${input.id}"] .n-base-select-option`)].filter((o) => o.closest<HTMLElement>('.n-base-select-menu')?.style.display !== 'none')
}
