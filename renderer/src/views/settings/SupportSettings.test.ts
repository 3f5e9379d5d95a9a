// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
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
