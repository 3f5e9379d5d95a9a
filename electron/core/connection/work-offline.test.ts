import { describe, expect, it } from 'vitest'
import type { DraftView } from '../../../shared/model/draft-view'
import type { OutboxCounts } from '../../../shared/model/outbox'
import { connect, coreSuite } from '../../../tests/support/core/core-suite'
import { until } from '../../../tests/support/core/until'

const suite = coreSuite({ testMode: true, products: 60, orders: 20, speed: 0 })
const address = { shipping_address: { addr_line_1: '4 Quay Road', city: 'Hull', postal_code: 'HU1 1AA', country_code: 1 }, shipping_type: 7 }

/** Every request that reached the sandbox, as "METHOD /path". */
const requests = () => suite.sandbox.control.requestLog().map((r) => `${r.method} ${r.path}`)

describe('"Work offline"', () => {
  it('stops every request of the core while on, also across a restart, and sends what waited once switched off', async () => {
    const t = await suite.start()
    await connect(t, suite.sandbox)
    await t.call('catalogue.sync')
    const product = (await t.call<{ items: { id: number }[] }>('catalogue.search', { text: '' })).items[0]!

    expect(await t.call('system.setWorkOffline', { on: true })).toEqual({ on: true })
    expect(t.events.filter((e) => e.event === 'system.workOfflineChanged').map((e) => e.payload)).toEqual([{ on: true }])
    expect((await t.call<{ online: boolean }>('connection.status')).online).toBe(false)
    suite.sandbox.control.clearRequestLog()

    // Everything that would reach the service: a draft submitted, a sync, an image, a token, a test
    // of the connection, the service's baskets, the reference lists — and hours of timers.
    const draft = await t.call<DraftView>('baskets.create', { doc: { name: 'Held at home', ...address } })
    await t.call('baskets.addLine', { draftId: draft.id, productId: product.id, quantity: 3 })
    await t.call('baskets.submit', { id: draft.id })
    expect((await t.fail('catalogue.sync')).code).toBe('offline')
    expect((await t.call<{ dataUrl: string | null }>('catalogue.image', { productId: product.id, kind: 'thumb' }).catch((e: { code: string }) => e.code))).toBe('offline')
    const profileId = (await t.call<{ profile: { id: string } }>('connection.status')).profile.id
    expect((await t.fail('connection.test', { id: profileId })).code).toBe('offline')
    expect((await t.fail('baskets.serverList')).code).toBe('offline')
    expect((await t.call<{ fresh: boolean }>('baskets.referenceData')).fresh).toBe(false)
    for (let i = 0; i < 50; i++) {
      t.clock.advance(10 * 60_000)
      await new Promise((r) => setTimeout(r, 5))
    }
    expect(requests()).toEqual([])
    // The last advance may have started an attempt (it fails at once, sending nothing): its end is awaited.
    await until(async () => (await t.call<DraftView>('baskets.get', { id: draft.id })).state !== 'sending', 'the attempt under way ended')
    const waiting = await t.call<DraftView>('baskets.get', { id: draft.id })
    expect(waiting.state).toBe('queued')
    // Held back by the user's own choice: nothing failed, so the queue shows no error for it.
    expect(waiting.error).toBeNull()

    // Kept across a restart: the new core sends nothing either.
    await t.core.stop()
    const again = await suite.start({ dataDir: t.dataDir })
    expect(await again.call('system.workOffline')).toEqual({ on: true })
    for (let i = 0; i < 20; i++) {
      again.clock.advance(10 * 60_000)
      await new Promise((r) => setTimeout(r, 5))
    }
    expect(requests()).toEqual([])

    // Switched off: the service is asked at once, and the draft that waited is placed.
    expect(await again.call('system.setWorkOffline', { on: false })).toEqual({ on: false })
    expect((await again.call<{ online: boolean }>('connection.status')).online).toBe(true)
    await until(async () => (await again.call<DraftView>('baskets.get', { id: draft.id })).state === 'submitted', 'the waiting draft placed')
    expect(requests()).toContain('POST /baskets')
    expect(await again.call<OutboxCounts>('baskets.outbox')).toMatchObject({ queued: 0, sending: 0 })
  })
})
