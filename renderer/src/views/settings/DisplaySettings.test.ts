// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appSuite } from '../../../../tests/support/renderer/app-suite'
import { waitFor } from '../../../../tests/support/renderer/mount-app'

const navText = () => document.querySelector('nav.main-nav')?.textContent ?? ''
const pageColour = (property: string) => document.documentElement.style.getPropertyValue(property)
const choose = (testid: string) => document.querySelector<HTMLInputElement>(`[data-testid=${testid}] input`)!.click()

describe('display settings', () => {
  // A first run: nothing remembered from another test file's choices.
  beforeAll(() => localStorage.clear())
  afterAll(() => localStorage.clear())
  const suite = appSuite({})

  it('switches the language at once and keeps it for the next start', async () => {
    await suite.mount({ path: '/settings/display' })
    await waitFor(() => navText().includes('Catalogue'), 'the English navigation')
    choose('language-de')
    await waitFor(() => navText().includes('Katalog'), 'the German navigation')
    expect(document.documentElement.lang).toBe('de')
    expect(document.title).toBe('Einstellungen — Wholesale Desk')
    suite.mounted.unmount()

    await suite.mount({ path: '/settings/display' })
    await waitFor(() => navText().includes('Bestellungen'), 'German after a restart')
    choose('language-auto')
    await waitFor(() => navText().includes('Orders'), 'back to English')
  })

  it('switches to the dark theme and back to following the system', async () => {
    await suite.mount({ path: '/settings/display' })
    choose('theme-dark')
    await waitFor(() => document.documentElement.dataset.theme === 'dark', 'the dark theme')
    expect(localStorage.getItem('wd.theme')).toBe('dark')
    // Our own errors and warnings take the theme's colours (the light ones are the darker overrides).
    expect([pageColour('--wd-error'), pageColour('--wd-warning')]).toEqual(['#e88080', '#f2c97d'])
    choose('theme-light')
    await waitFor(() => document.documentElement.dataset.theme === 'light', 'the light theme')
    expect([pageColour('--wd-error'), pageColour('--wd-warning')]).toEqual(['#c0262d', '#8f5200'])
    choose('theme-auto')
    await waitFor(() => localStorage.getItem('wd.theme') === 'auto', 'auto')
  })

  it('ignores a stored value it does not know', async () => {
    localStorage.setItem('wd.language', 'klingon')
    await suite.mount({ path: '/settings/display' })
    expect(document.querySelector<HTMLInputElement>('[data-testid=language-auto] input')!.checked).toBe(true)
  })
})
