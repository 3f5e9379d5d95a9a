// @vitest-environment happy-dom
import { describe, expect, it, onTestFinished } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, waitFor } from '../../../../tests/support/renderer/mount-app'

/** The header's connection state and the baskets' offline banner, on the real core and a real sandbox. */
describe('the connection as the frame says it', () => {
  const demo = demoAppSuite({ sandbox: { products: 20, orders: 0, speed: 0 } })

  it('says the rep chose to work offline, not that the service cannot be reached', async () => {
    const on = await demo.app.api.system.setWorkOffline({ on: true })
    if (!on.ok) throw new Error(on.error.message)
    onTestFinished(async () => void (await demo.app.api.system.setWorkOffline({ on: false })))
    await demo.mount({ path: '/baskets' })

    const state = await waitFor(() => $('[data-testid=connection-state][data-online=false]'), 'the header offline')
    await waitFor(() => state.textContent?.includes('You chose to work offline'), 'the header saying the rep chose it')
    expect(state.textContent).toContain('Offline')
    expect(state.getAttribute('role')).toBe('status')
    // Said to the eye (title) and to screen readers (its hidden text) alike.
    for (const said of [state.textContent!, state.title]) {
      expect(said).toContain('You chose to work offline')
      expect(said).not.toMatch(/cannot be reached|keeps checking/)
    }
    const banner = await waitFor(() => $('[data-testid=offline-banner]'), 'the offline banner')
    expect(banner.textContent).toContain('You are working offline. Baskets are kept on this computer and sent when you go back online.')
    expect(banner.textContent).not.toMatch(/service can be reached|cannot be reached/)

    // Switched off from the header: online again, and nothing says offline.
    $<HTMLElement>('[data-testid=work-offline]')!.click()
    await waitFor(() => $('[data-testid=connection-state][data-online=true]'), 'the header online', 20_000)
    expect($('[data-testid=connection-state]')!.textContent!.trim()).toBe('Online')
    await waitFor(() => !$('[data-testid=offline-banner]'), 'no offline banner')
  })
})
