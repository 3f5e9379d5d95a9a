import { afterEach, describe, expect, it } from 'vitest'
import type { ConnectionStatus } from '../../../shared/ipc/channels/connection'
import { connect, coreSuite } from '../../../tests/support/core/core-suite'
import { until } from '../../../tests/support/core/until'

const suite = coreSuite({ testMode: true, products: 60, orders: 20, speed: 0 })
afterEach(() => suite.sandbox.control.resume())

const online = async (t: Awaited<ReturnType<typeof suite.start>>) => (await t.call<ConnectionStatus>('connection.status')).online
const onlineEvents = (t: Awaited<ReturnType<typeof suite.start>>) => t.events.filter((e) => e.event === 'system.online').map((e) => (e.payload as { online: boolean }).online)

// The clock is a manual one: no probe runs in these tests, so only the features' own requests move the state.
describe('the online state follows every request of the active session', () => {
  it('an administration call that cannot reach the service turns the app offline, one that is answered turns it online again', async () => {
    const t = await suite.start()
    await connect(t, suite.sandbox)
    expect(await online(t)).toBe(true)

    await suite.sandbox.control.pause()
    expect((await t.fail('admin.listUsers', {})).code).toBe('offline')
    expect(await online(t)).toBe(false)

    await suite.sandbox.control.resume()
    await t.call('admin.listUsers', {})
    expect(await online(t)).toBe(true)
    expect(onlineEvents(t).slice(-2)).toEqual([false, true])
  })

  it('a refusal of the service’s own (404) is an answer: the app comes back online with it', async () => {
    const t = await suite.start()
    await connect(t, suite.sandbox)
    await suite.sandbox.control.pause()
    await t.fail('orders.get', { id: 999_999 })
    expect(await online(t)).toBe(false)

    await suite.sandbox.control.resume()
    expect((await t.fail('orders.get', { id: 999_999 })).code).toBe('not_found')
    expect(await online(t)).toBe(true)
  })

  it('a request the user cancelled says nothing of the service: a cancelled sync leaves the app online', async () => {
    const t = await suite.start()
    await connect(t, suite.sandbox)
    suite.sandbox.control.injectFault({ kind: 'latency', ms: 200, match: { path: '^/products$' } })
    const sync = t.call('catalogue.sync').catch(() => null)
    await until(async () => (await t.call<{ syncing: boolean }>('catalogue.status')).syncing, 'the sync under way')
    expect(await t.call('catalogue.cancelSync')).toEqual({ cancelled: true })
    await sync
    expect(await online(t)).toBe(true)
    expect(onlineEvents(t)).not.toContain(false)
  })

  it('"Test connection" of another profile that cannot be reached leaves the active one online', async () => {
    const t = await suite.start()
    await connect(t, suite.sandbox)
    const gone = await t.call<{ id: string }>('connection.save', { name: 'Gone', baseUrl: 'http://127.0.0.1:9/api/v1', clientId: suite.sandbox.demo.clientId, clientSecret: 'x' })
    expect((await t.fail('connection.test', { id: gone.id })).code).toBe('offline')
    expect(await online(t)).toBe(true)
  })
})
