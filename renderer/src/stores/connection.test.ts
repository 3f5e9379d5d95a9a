// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { buildApi, type Transport } from '../../../shared/ipc/api-builder'
import type { ConnectionStatus } from '../../../shared/ipc/channels/connection'
import { demoAppSuite } from '../../../tests/support/renderer/app-suite'
import { $, waitFor } from '../../../tests/support/renderer/mount-app'
import { useConnectionStore } from './connection'

/** The connection the frame shows, on the real core (this process) and a real sandbox (a child process). */
describe('connection state in the frame', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0, testMode: true } })

  it('keeps the acting organisation chosen just after connecting when the connect’s own reply is read later', async () => {
    const { baseUrl, clients } = demo.sandbox
    const clerk = clients.find((c) => !c.admin)!
    const saved = await demo.app.api.connection.save({ name: 'Clerk', baseUrl, clientId: clerk.clientId, clientSecret: clerk.clientSecret })
    if (!saved.ok) throw new Error(saved.error.message)

    // The core picks the acting organisation after it answers the connect, and announces it. The
    // reply can still reach the page after that news (in the browser harness replies and events
    // travel apart, and on a busy machine the reply loses): hold it until the page has the news.
    let heldReply: ConnectionStatus | null = null
    const transport: Transport = {
      invoke: async (channel, input) => {
        const reply = await demo.app.transport.invoke(channel, input)
        if (channel === 'connection.activate') {
          heldReply = (reply as { value: ConnectionStatus }).value
          await waitFor(() => connection.actingOrganisation?.id === clerk.organisationId, 'the acting organisation announced')
        }
        return reply
      },
      subscribe: (listener) => demo.app.transport.subscribe(listener),
    }
    const mounted = await demo.mount({ api: buildApi(transport), path: '/' })
    const connection = useConnectionStore(mounted.pinia)
    try {
      await connection.activate(saved.value.id)
      // The reply is the older news: it was sent before the organisation was chosen.
      expect(heldReply!.actingOrganisation).toBeNull()
      expect(connection.profile?.id).toBe(saved.value.id)
      expect(connection.actingOrganisation?.id).toBe(clerk.organisationId)
      await waitFor(() => $('[data-testid=acting-organisation] .n-base-selection-label')?.textContent?.includes(connection.actingOrganisation!.name), 'the switcher showing it')
    } finally {
      await demo.app.api.connection.remove({ id: saved.value.id })
    }
  })
})
