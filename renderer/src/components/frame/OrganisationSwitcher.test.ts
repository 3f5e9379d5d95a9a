// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../testing/app-suite'
import { $, waitFor } from '../../testing/mount-app'

/** The acting-organisation switcher in the frame, on the real core (this process) and a real sandbox (a child process). */
describe('organisation switcher', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0, testMode: true }, cleanUp: () => demo.sandbox.control.clearFaults() })

  beforeAll(async () => {
    // Connecting picks the user's own organisation; wait for it before the service starts failing.
    await waitFor(async () => {
      const s = await demo.app.api.connection.status()
      return s.ok && s.value.actingOrganisation
    }, 'the acting organisation')
  })

  it('says when the organisations cannot be loaded, and loads them when asked again', async () => {
    await demo.sandbox.control.injectFault({ kind: 'status', status: 503, match: { method: 'GET', path: '^/organisations$' } })
    await demo.mount({ path: '/' })
    const alert = await waitFor(() => $('[data-testid=acting-organisation] [role=alert]'), 'the failure shown')
    expect(alert.textContent).not.toBe('')

    await demo.sandbox.control.clearFaults()
    $<HTMLElement>('[data-testid=acting-organisation] .n-base-selection')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    await waitFor(() => !$('[data-testid=acting-organisation] [role=alert]'), 'the failure gone')
  })
})
