// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'

/** Settings → Connections on the real core (this process) and a real sandbox (a child process). */
describe('connections settings', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0 } })

  it('offers "Explore with demo data" on a live connection, and not while the demo is already the active one', async () => {
    await demo.mount({ path: '/settings/connections' })
    await waitFor(() => $$('[data-testid=profile]').length, 'the saved connections')
    expect($('[data-testid=start-demo]')).toBeNull()

    const { baseUrl, clients } = demo.sandbox
    const clerk = clients.find((c) => !c.admin)!
    const saved = await demo.app.api.connection.save({ name: 'Clerk', baseUrl, clientId: clerk.clientId, clientSecret: clerk.clientSecret })
    if (!saved.ok) throw new Error(saved.error.message)
    try {
      await demo.app.api.connection.activate({ id: saved.value.id })
      await waitFor(() => $('[data-testid=start-demo]'), 'the demo offered on the live connection')
    } finally {
      await demo.app.api.connection.remove({ id: saved.value.id })
    }
  })
})
