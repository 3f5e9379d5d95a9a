// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
import type { User } from '../../../../shared/api'
import { TestClient } from '../../../../electron/sandbox/test-client'
import { useConnectionStore } from '../../stores/connection'
import { demoAppSuite } from '../../testing/app-suite'
import { $, $$, waitFor } from '../../testing/mount-app'

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

  it('says once that the app now acts for the user’s new organisation when an administrator moved them out of reach of the old one', async () => {
    const { baseUrl, clients } = demo.sandbox
    // The seeded tree: 2 → 4, 5. A purchaser of 4 is moved to 5, out of reach of 4.
    const purchaser = clients.find((c) => c.organisationId === 4 && !c.admin)!
    const saved = await demo.app.api.connection.save({ name: 'Cobalt', baseUrl, clientId: purchaser.clientId, clientSecret: purchaser.clientSecret })
    if (!saved.ok) throw new Error(saved.error.message)
    try {
      await demo.app.api.connection.activate({ id: saved.value.id })
      const mounted = await demo.mount({ path: '/' })
      const connection = useConnectionStore(mounted.pinia)
      await waitFor(() => connection.actingOrganisation?.id === 4, 'acting for 4')
      const former = connection.actingOrganisation!.name

      const admin = new TestClient(demo.sandbox)
      const { id: _id, api_clients: _a, audit_logs: _l, actions_taken: _t, ...user } = (await admin.get<User>(`/users/${purchaser.userId}`)).body
      expect((await admin.put(`/users/${purchaser.userId}`, { ...user, organisation: 5 })).status).toBe(200)
      await demo.app.core.context.connection.probe()

      await waitFor(() => connection.actingOrganisation?.id === 5, 'acting for 5')
      const name = connection.actingOrganisation!.name
      const said = mounted.i18n.global.t('frame.organisation.reassigned', { name, former })
      const notices = () => $$('.n-message').filter((m) => m.textContent?.includes(said))
      await waitFor(() => notices().length, 'the notice')
      expect($('[data-testid=acting-organisation] .n-base-selection')!.textContent).toContain(name)
      // Later probes find nothing more to say.
      await demo.app.core.context.connection.probe()
      await new Promise((ok) => setTimeout(ok, 200))
      expect(notices()).toHaveLength(1)
    } finally {
      await demo.app.api.connection.remove({ id: saved.value.id })
    }
  })
})
