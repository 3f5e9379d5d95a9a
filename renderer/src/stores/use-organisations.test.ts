// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { Organisation, User } from '../../../shared/api'
import { buildApi, type Transport } from '../../../shared/ipc/api-builder'
import { TestClient } from '../../../tests/support/sandbox/test-client'
import { demoAppSuite } from '../../../tests/support/renderer/app-suite'
import { $$, $, waitFor } from '../../../tests/support/renderer/mount-app'
import { useConnectionStore } from './connection'

/** The organisations the frame shows, per profile, on the real core (this process) and a real sandbox (a child process). */
describe('organisations per profile', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0, testMode: true }, cleanUp: () => demo.sandbox.control.clearFaults() })

  /** The names the organisation switcher offers, read from its open menu. */
  async function offered(): Promise<string[]> {
    $<HTMLElement>('[data-testid=acting-organisation] .n-base-selection')!.click()
    await waitFor(() => $$('.n-base-select-option').length, 'the switcher menu')
    const names = $$('.n-base-select-option').map((o) => o.textContent!.trim())
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    return names
  }

  it('shows the new profile’s organisations when the profile changes while the old ones are still loading', async () => {
    const all = await demo.app.api.connection.organisations()
    if (!all.ok) throw new Error(all.error.message)
    // A purchaser of a child organisation with children of its own sees that branch only (more
    // than one organisation: the switcher falls back to the acting one alone while it has no list).
    const own = all.value.find((o) => o.parent !== null && all.value.some((c) => c.parent === o.id))!
    const branch = (id: number): Organisation[] => all.value.filter((o) => o.parent === id).flatMap((o) => [o, ...branch(o.id)])
    const expected = [own, ...branch(own.id)].map((o) => o.name).sort()
    expect(expected.length).toBeGreaterThan(1)
    expect(expected.length).toBeLessThan(all.value.length)
    const clerk = demo.sandbox.clients.find((c) => c.organisationId === own.id && !c.admin)!
    const saved = await demo.app.api.connection.save({ name: 'Clerk', baseUrl: demo.sandbox.baseUrl, clientId: clerk.clientId, clientSecret: clerk.clientSecret })
    if (!saved.ok) throw new Error(saved.error.message)

    // The core answers each request for the profile active when it arrives, and finishes a request
    // before it switches profiles; but the answer may reach the page after the news of the switch
    // (in the browser harness events and answers travel apart). The demo profile's answer to the
    // switcher's first request is held until the page has switched.
    let release!: () => void
    const held = new Promise<void>((ok) => (release = ok))
    let holdNext = true
    let delivered = false
    const transport: Transport = {
      invoke: async (channel, input) => {
        const hold = channel === 'connection.organisations' && holdNext
        if (hold) holdNext = false
        const reply = await demo.app.transport.invoke(channel, input)
        if (hold) {
          await held
          delivered = true
        }
        return reply
      },
      subscribe: (listener) => demo.app.transport.subscribe(listener),
    }
    await demo.mount({ api: buildApi(transport), path: '/' })
    const connection = useConnectionStore(demo.mounted.pinia)
    await waitFor(() => !holdNext, 'the demo organisations asked for')

    try {
      await connection.activate(saved.value.id)
      await waitFor(() => connection.profile?.id === saved.value.id, 'the clerk profile active')
      release()
      await waitFor(() => delivered && !connection.organisationsLoading && connection.organisations.length, 'the organisations loaded')
      expect((await offered()).sort()).toEqual(expected)
      expect($('[data-testid=acting-organisation] [role=alert]')).toBeNull()
    } finally {
      await demo.app.api.connection.remove({ id: saved.value.id })
    }
  })

  it('shows the new account’s organisations when the active profile is edited to another account', async () => {
    const { baseUrl, demo: admin, clients } = demo.sandbox
    const saved = await demo.app.api.connection.save({ name: 'Head office', baseUrl, clientId: admin.clientId, clientSecret: admin.clientSecret })
    if (!saved.ok) throw new Error(saved.error.message)
    try {
      await demo.app.api.connection.activate({ id: saved.value.id })
      const mounted = await demo.mount({ path: '/' })
      const connection = useConnectionStore(mounted.pinia)
      await waitFor(() => connection.actingOrganisation?.id === admin.organisationId && !connection.organisationsLoading && connection.organisations.length, 'the head office’s organisations')
      const all = connection.organisations
      // A purchaser of a branch with branches of its own: more than one organisation, fewer than all.
      const own = all.find((o) => o.parent !== null && all.some((c) => c.parent === o.id))!
      const branch = (id: number): Organisation[] => all.filter((o) => o.parent === id).flatMap((o) => [o, ...branch(o.id)])
      const expected = [own, ...branch(own.id)].map((o) => o.name).sort()
      const purchaser = clients.find((c) => c.organisationId === own.id && !c.admin)!

      await connection.save({ id: saved.value.id, name: 'Head office', baseUrl, clientId: purchaser.clientId, clientSecret: purchaser.clientSecret })
      await waitFor(() => connection.actingOrganisation?.id === own.id && !connection.organisationsLoading && connection.organisations.length, 'the branch’s organisations')
      expect((await offered()).sort()).toEqual(expected)
    } finally {
      await demo.app.api.connection.remove({ id: saved.value.id })
    }
  })

  it('shows the new tree when an administrator moves the user to another organisation', async () => {
    const { baseUrl, clients } = demo.sandbox
    // The seeded tree: 3 → 6 → 9 → 13. A purchaser of 3, acting for 9, is moved to 6: 9 is still theirs.
    const purchaser = clients.find((c) => c.organisationId === 3 && !c.admin)!
    const saved = await demo.app.api.connection.save({ name: 'Bluewater', baseUrl, clientId: purchaser.clientId, clientSecret: purchaser.clientSecret })
    if (!saved.ok) throw new Error(saved.error.message)
    try {
      await demo.app.api.connection.activate({ id: saved.value.id })
      const all = await demo.app.api.connection.organisations()
      if (!all.ok) throw new Error(all.error.message)
      const name = (id: number) => all.value.find((o) => o.id === id)!.name
      await demo.app.api.connection.setActingOrganisation({ id: 9 })
      const mounted = await demo.mount({ path: '/' })
      const connection = useConnectionStore(mounted.pinia)
      await waitFor(() => connection.actingOrganisation?.id === 9 && !connection.organisationsLoading && connection.organisations.length, 'the organisations of 3')
      expect((await offered()).sort()).toEqual([3, 6, 9, 13].map(name).sort())

      // The head office's administrator moves the user (keeping the purchaser role); the core's next probe sees it.
      const admin = new TestClient(demo.sandbox)
      const { id: _id, api_clients: _a, audit_logs: _l, actions_taken: _t, ...user } = (await admin.get<User>(`/users/${purchaser.userId}`)).body
      expect((await admin.put(`/users/${purchaser.userId}`, { ...user, organisation: 6 })).status).toBe(200)
      await demo.app.core.context.connection.probe()

      await waitFor(() => connection.user?.organisation === 6 && !connection.organisationsLoading && connection.organisations.length === 3, 'the organisations of 6')
      expect((await offered()).sort()).toEqual([6, 9, 13].map(name).sort())
      expect(connection.actingOrganisation?.id).toBe(9)
    } finally {
      await demo.app.api.connection.remove({ id: saved.value.id })
    }
  })
})
