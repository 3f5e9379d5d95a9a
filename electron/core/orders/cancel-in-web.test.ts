import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import type { Profile } from '../../../shared/model/connection'
import { makeCore } from '../../../tests/support/core/core-suite'

/**
 * Cancelling is an action of the service's web interface (spec 3, public record). Against a service
 * that does not offer our sandbox's cancel route (like the real one), the app opens the order there
 * and never calls the API; our demo sandbox says it has the route, and only then is it used.
 */
let live: Sandbox
let demo: Sandbox
beforeAll(async () => {
  ;[live, demo] = await Promise.all([
    startSandbox({ testMode: true, products: 30, orders: 40, speed: 0, cancelOrder: false }),
    startSandbox({ testMode: true, products: 30, orders: 40, speed: 0 }),
  ])
})
afterAll(async () => {
  await Promise.all([live.close(), demo.close()])
})

/** A core with a browser, connected to `sandbox` with a live profile (plus `extra` profile fields). */
async function coreOn(sandbox: Sandbox, extra: Record<string, unknown> = {}) {
  const t = makeCore({ browser: true })
  const profile = await t.call<Profile>('connection.save', { name: 'Live', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret, ...extra })
  await t.call('connection.activate', { id: profile.id })
  return { ...t, profile }
}

const open = (s: Sandbox) => s.control.listOrdersRaw().find((o) => o.status === 'ATTENTION_REQUIRED' || o.status === 'PROCESSING' || o.status === 'CREATED')!

describe('cancel in the web interface', () => {
  it('on a live profile opens the order in the web interface and never calls the API', async () => {
    const t = await coreOn(live, { environment: 'production', webUrl: 'https://orders.example.com' })
    try {
      const order = open(live)
      live.control.clearRequestLog()
      expect(await t.call('orders.cancelMode')).toEqual({ mode: 'web', webUrl: 'https://orders.example.com' })
      expect(await t.call('orders.openInWebInterface', { id: order.id })).toEqual({ opened: true, url: `https://orders.example.com/orders/${order.id}` })
      expect(t.opened).toEqual([`https://orders.example.com/orders/${order.id}`])
      // Even a direct call of the cancel channel is refused without a request.
      await expect(t.call('orders.cancel', { id: order.id })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/web interface/), reason: { code: 'cancelInWebOnly' } })
      expect(live.control.requestLog().filter((r) => r.method === 'POST')).toEqual([])
      expect(live.control.listOrdersRaw().find((o) => o.id === order.id)!.status).toBe(order.status)
    } finally {
      await t.core.stop()
    }
  })

  it('opens nothing the policy refuses: a web interface on plain HTTP', async () => {
    const t = await coreOn(live)
    try {
      // The loopback sandbox's own origin is http: the browser is never handed it.
      expect(await t.call('orders.openInWebInterface', { id: open(live).id })).toMatchObject({ opened: false })
      expect(await t.call('system.openExternal', { url: 'https://evil.example/' })).toEqual({ opened: false })
      expect(t.opened).toEqual([])
    } finally {
      await t.core.stop()
    }
  })

  it('uses the cancel route only where the sandbox says it offers it (the demo)', async () => {
    const t = await coreOn(demo)
    try {
      const order = open(demo)
      expect(await t.call('orders.cancelMode')).toMatchObject({ mode: 'api' })
      await t.call('orders.cancel', { id: order.id })
      expect(demo.control.requestLog().filter((r) => r.method === 'POST' && r.path === `/orders/${order.id}/cancel`)).toHaveLength(1)
      expect(demo.control.listOrdersRaw().find((o) => o.id === order.id)!.status).toBe('CANCELLED')
    } finally {
      await t.core.stop()
    }
  })
})
