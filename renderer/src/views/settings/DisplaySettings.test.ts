// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appSuite, demoAppSuite } from '../../../../tests/support/renderer/app-suite'
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

describe('display settings, connected', () => {
  beforeAll(() => localStorage.setItem('wd.language', 'es'))
  afterAll(() => localStorage.clear())
  const demo = demoAppSuite({ sandbox: { products: 20, orders: 0, speed: 0 } })

  it('names the account’s currency and time zone in the rep’s language, not by bare codes', async () => {
    const me = await demo.app.api.connection.status()
    if (!me.ok || !me.value?.user) throw new Error('no demo user')
    const { currency, timezone } = me.value.user
    await demo.mount({ path: '/settings/display' })
    const said = await waitFor(() => document.querySelector('[data-testid=format-account]')?.textContent, 'the formats line')
    const currencyWords = new Intl.DisplayNames(['es'], { type: 'currency' }).of(String(currency))!
    const zoneWords = new Intl.DateTimeFormat('es', { timeZone: timezone, timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')!.value
    expect(currencyWords).not.toBe(currency)
    expect(said).toBe(`Los importes, fechas y horas siguen su cuenta. Moneda: ${currencyWords} (${currency}). Zona horaria: ${zoneWords} (${timezone}).`)
  })
})
