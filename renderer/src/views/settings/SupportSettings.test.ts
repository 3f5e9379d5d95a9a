// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../../shared/model/app-error'
import { appSuite } from '../../../../tests/support/renderer/app-suite'
import { waitFor } from '../../../../tests/support/renderer/mount-app'

const text = (testid: string) => document.querySelector(`[data-testid=${testid}]`)?.textContent ?? ''

describe('support settings', () => {
  // A first run: nothing remembered from another test file's choices.
  beforeAll(() => localStorage.clear())
  const suite = appSuite({})

  it('says this build does not update itself, and offers no switch or restart for it', async () => {
    await suite.mount({ path: '/settings/support' })
    await waitFor(() => text('update-status').includes('not updated automatically'), 'the update status')
    expect(document.querySelector('[data-testid=update-automatic]')).toBeNull()
    expect(document.querySelector('[data-testid=update-restart]')).toBeNull()
  })

  it('copies a diagnostics bundle and says how many log lines it holds', async () => {
    let copied = ''
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void (copied = t) } })
    await suite.mount({ path: '/settings/support' })
    await waitFor(() => !!document.querySelector('[data-testid=diagnostics-copy]'), 'the diagnostics section')
    document.querySelector<HTMLButtonElement>('[data-testid=diagnostics-copy]')!.click()
    await waitFor(() => text('diagnostics-done').includes('Diagnostics copied to the clipboard'), 'the copied message')
    expect(copied).toMatch(/^Wholesale Desk diagnostics\n/)
    expect(copied).toContain('== state ==')
    expect(text('diagnostics-done')).toMatch(/\(\d+ log lines\)/)
  })

  it('is reached from the settings sections, in the chosen language', async () => {
    localStorage.setItem('wd.language', 'fr')
    await suite.mount({ path: '/settings/support' })
    await waitFor(() => text('diagnostics-settings').includes('Copier le diagnostic'), 'French')
    expect(document.querySelector('nav.settings__sections')?.textContent).toContain('Assistance')
    localStorage.removeItem('wd.language')
  })
})

describe('checking this installation (Settings → Support)', () => {
  beforeAll(() => localStorage.clear())
  const steps = () => [...document.querySelectorAll<HTMLElement>('[data-testid=self-check-steps] li')].map((li) => [li.dataset.step, li.dataset.ok])

  describe('on a sound installation', () => {
    // The demo it signs in to is a sandbox of its own process (an in-process one cannot serve under happy-dom).
    const suite = appSuite({ sandbox: { products: 120, orders: 0, speed: 0 } })

    it('runs every step beside the app, in order, and says all passed, leaving the app as it was', async () => {
      await suite.mount({ path: '/settings/support' })
      const button = await waitFor(() => document.querySelector<HTMLButtonElement>('[data-testid=self-check-run]'), 'the check button')
      button.click()
      await waitFor(() => text('self-check-summary').includes('Checking'), 'the running state')
      await waitFor(() => text('self-check-summary') === 'All 6 checks passed.', 'the summary', 20_000)
      expect(steps()).toEqual(['sqlite', 'keychain', 'demo', 'catalogue', 'search', 'sign-out'].map((s) => [s, 'true']))
      expect(text('self-check-steps')).toContain('Search by SKU and by name')
      expect(document.querySelector('[data-step=catalogue]')!.textContent).toMatch(/Catalogue sync\s+[\d,]+\sms/)
      expect(document.querySelector('[data-testid=self-check-detail]')).toBeNull()
      // The app itself is untouched: still no connection of its own.
      expect(await suite.app.api.connection.list()).toEqual({ ok: true, value: [] })
    })
  })

  describe('where the system keychain does not answer', () => {
    const refusing = {
      get: async () => null,
      delete: async () => false,
      set: async () => {
        throw new AppError('keychain_unavailable', 'No OS keychain service answered.')
      },
    }
    const suite = appSuite({ core: { secrets: refusing } })

    it('says where it stopped, in the chosen language, with the technical reason unfolded', async () => {
      localStorage.setItem('wd.language', 'de')
      await suite.mount({ path: '/settings/support' })
      ;(await waitFor(() => document.querySelector<HTMLButtonElement>('[data-testid=self-check-run]'), 'the check button')).click()
      await waitFor(() => text('self-check-summary').startsWith('Die Prüfung endete bei'), 'the summary')
      expect(text('self-check-summary')).toBe('Die Prüfung endete bei: Schlüsselbund des Systems.')
      expect(steps()).toEqual([
        ['sqlite', 'true'],
        ['keychain', 'false'],
      ])
      expect(text('self-check-detail')).toBe('No OS keychain service answered.')
      localStorage.removeItem('wd.language')
    })
  })
})
