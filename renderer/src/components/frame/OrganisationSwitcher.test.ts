// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
import type { User } from '../../../../shared/api'
import { TestClient } from '../../../../tests/support/sandbox/test-client'
import { useConnectionStore } from '../../stores/connection'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'

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

  it('shows the organisation acted for by its name, indented under its parent only in the open list', async () => {
    await demo.app.api.connection.setActingOrganisation({ id: 2 })
    try {
      await demo.mount({ path: '/' })
      const box = await waitFor(() => $('[data-testid=acting-organisation] .n-base-selection'), 'the switcher')
      const shown = () => box.querySelector<HTMLElement>('.n-base-selection-overlay__wrapper')
      await waitFor(() => shown()?.textContent === 'Brightline Resellers', 'the branch acted for')
      // Flush with the field's edge: nothing inside the shown name pushes it right.
      expect([...shown()!.querySelectorAll<HTMLElement>('*')].filter((el) => el.style.paddingLeft)).toEqual([])
      box.click()
      const option = await waitFor(() => $$('.n-base-select-option').find((o) => o.textContent?.trim() === 'Brightline Resellers'), 'the branch in the list')
      expect(option.style.paddingLeft).not.toBe('')
    } finally {
      await demo.app.api.connection.setActingOrganisation({ id: 1 })
    }
  })

  /** The seeded tree: 1 → 2, 3; 2 → 4, 5; 4 → 7, 8. A purchaser of `organisation`, connected as the active profile. */
  async function connectAs(organisation: number) {
    const { baseUrl, clients } = demo.sandbox
    const purchaser = clients.find((c) => c.organisationId === organisation && !c.admin)!
    const saved = await demo.app.api.connection.save({ name: 'Cobalt', baseUrl, clientId: purchaser.clientId, clientSecret: purchaser.clientSecret })
    if (!saved.ok) throw new Error(saved.error.message)
    await demo.app.api.connection.activate({ id: saved.value.id })
    return { profileId: saved.value.id, userId: purchaser.userId }
  }

  /** An administrator moves the user to another organisation on the service; the core notices at its next probe. */
  async function move(userId: number, organisation: number): Promise<void> {
    const admin = new TestClient(demo.sandbox)
    const { id: _id, api_clients: _a, audit_logs: _l, actions_taken: _t, ...user } = (await admin.get<User>(`/users/${userId}`)).body
    expect((await admin.put(`/users/${userId}`, { ...user, organisation })).status).toBe(200)
    await demo.app.core.context.connection.probe()
  }

  const status = async () => {
    const s = await demo.app.api.connection.status()
    if (!s.ok) throw new Error(s.error.message)
    return s.value
  }
  const notices = (said: string) => $$('.n-message').filter((m) => m.textContent?.includes(said))
  const close = (notice: HTMLElement) => notice.querySelector<HTMLElement>('.n-message__close')!.click()

  it('says once that the app now acts for the user’s new organisation when an administrator moved them out of reach of the old one', async () => {
    // A purchaser of 4 is moved to 5, out of reach of 4.
    const { profileId, userId } = await connectAs(4)
    try {
      const mounted = await demo.mount({ path: '/' })
      const connection = useConnectionStore(mounted.pinia)
      await waitFor(() => connection.actingOrganisation?.id === 4, 'acting for 4')
      const former = connection.actingOrganisation!.name

      await move(userId, 5)

      await waitFor(() => connection.actingOrganisation?.id === 5, 'acting for 5')
      const name = connection.actingOrganisation!.name
      const said = mounted.i18n.global.t('frame.organisation.reassigned', { name, former })
      await waitFor(() => notices(said).length, 'the notice')
      expect($('[data-testid=acting-organisation] .n-base-selection')!.textContent).toContain(name)
      // Later probes find nothing more to say.
      await demo.app.core.context.connection.probe()
      await new Promise((ok) => setTimeout(ok, 200))
      expect(notices(said)).toHaveLength(1)
    } finally {
      await demo.app.api.connection.remove({ id: profileId })
    }
  })

  it('says so when the frame shows after the app was moved to the new organisation, until the user closes the notice', async () => {
    // A purchaser of 7 is moved to 8, out of reach of 7, while no frame shows (at start-up, say).
    const { profileId, userId } = await connectAs(7)
    try {
      await waitFor(async () => (await status()).actingOrganisation?.id === 7, 'acting for 7')
      const former = (await status()).actingOrganisation!.name
      await move(userId, 8)
      const { actingOrganisation } = await waitFor(async () => (await status()).reassigned && status(), 'the reassignment carried')
      expect(actingOrganisation?.id).toBe(8)

      const mounted = await demo.mount({ path: '/' })
      const said = mounted.i18n.global.t('frame.organisation.reassigned', { name: actingOrganisation!.name, former })
      const [notice] = await waitFor(() => notices(said).length && notices(said), 'the notice')
      close(notice!)
      await waitFor(async () => !notices(said).length && !(await status()).reassigned, 'the notice closed and acknowledged')

      // Shown again, the frame has nothing more to say.
      mounted.unmount()
      await demo.mount({ path: '/' })
      await waitFor(() => $('[data-testid=acting-organisation] .n-base-selection')?.textContent?.includes(actingOrganisation!.name), 'the frame')
      await new Promise((ok) => setTimeout(ok, 200))
      expect(notices(said)).toHaveLength(0)
    } finally {
      await demo.app.api.connection.remove({ id: profileId })
    }
  })
})
