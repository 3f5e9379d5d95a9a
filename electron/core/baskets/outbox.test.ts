import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order, Product } from '../../../shared/api'
import type { DraftView } from '../../../shared/model/draft-view'
import type { OutboxCounts } from '../../../shared/model/outbox'
import type { ConnectionStatus } from '../../../shared/model/connection'
import { OrderFilters } from '../../../shared/model/order'
import { connect, coreSuite, type CoreUnderTest } from '../../../tests/support/core/core-suite'
import { clientFor, plainProducts, serviceCatalogue } from '../../../tests/chaos/support/outbox-world'
import { markedName, markerOf } from '../../../shared/basket-marker'
import { startSandbox, type Sandbox } from '../../sandbox'
import { until } from '../../../tests/support/core/until'
import { SHOWCASE } from '../../sandbox/seed/catalogue'

const suite = coreSuite({ testMode: true, products: 300, orders: 0, speed: 0, seed: 5 })
/** Another service, to edit the profile to. */
let other: Sandbox
beforeAll(async () => {
  other = await startSandbox({ testMode: true, products: 50, orders: 0, speed: 0, seed: 7 })
})
afterAll(async () => {
  await other?.close()
})
let products: Product[]
let shipTo: Record<string, unknown>

interface World extends CoreUnderTest {
  /** Every outbox.changed event so far, oldest first. */
  readonly outbox: OutboxCounts[]
  /** Lets timers and replies run until the outbox is quiet. */
  settle(): Promise<void>
}

/** A started core (makeCore's options), connected to the sandbox, with its catalogue synced. */
async function world(opts: Parameters<typeof suite.start>[0] = {}): Promise<World> {
  const t = await suite.start(opts)
  const w: World = {
    ...t,
    get outbox() {
      return t.events.filter((e) => e.event === 'outbox.changed').map((e) => e.payload as OutboxCounts)
    },
    async settle() {
      for (let i = 0; i < 200; i++) {
        await new Promise((r) => setTimeout(r, 10))
        t.clock.advance(1000)
        const counts = await t.call<OutboxCounts>('baskets.outbox')
        if (counts.queued + counts.sending === 0) return
      }
      throw new Error('the outbox did not settle')
    },
  }
  await connect(t, suite.sandbox)
  await t.call('catalogue.sync')
  if (!products) {
    const client = clientFor(suite.sandbox)
    products = plainProducts((await serviceCatalogue(client)).products)
    await client.close()
    const ref = await t.call<{ countries: { id: number }[]; shippingTypes: { id: number }[] }>('baskets.referenceData')
    shipTo = { shipping_address: { addr_line_1: '2 Dock Road', city: 'Hull', postal_code: 'HU1 1AA', country_code: ref.countries[0]!.id }, shipping_type: ref.shippingTypes[0]!.id }
  }
  return w
}

const plain = () => products

async function draftWith(w: World, items: Product[], extra: Record<string, unknown> = {}): Promise<DraftView> {
  const d = await w.call<DraftView>('baskets.create', { doc: { name: 'Site survey', ...shipTo, ...extra } })
  for (const p of items) await w.call('baskets.addLine', { draftId: d.id, productId: p.id, quantity: 2 })
  return w.call<DraftView>('baskets.get', { id: d.id })
}

/** The order with this id and every other order or basket still carrying its draft's submission marker. */
function sameSubmission(w: World, draftId: string, orderId: number | null | undefined): Order[] {
  const { control } = suite.sandbox
  const marker = draftMarker(w, draftId)
  return [...control.listOrdersRaw(), ...control.listBasketsRaw()].filter((o, i, all) => (o.id === orderId || markerOf(o.name) === marker) && all.findIndex((x) => x.id === o.id) === i)
}

/** A draft's submission marker, as the outbox keeps it. */
function draftMarker(w: World, draftId: string): string {
  const db = new DatabaseSync(join(w.core.context.connection.require().profileDir, 'baskets.db'), { readOnly: true })
  try {
    return (db.prepare('SELECT marker FROM drafts WHERE id = ?').get(draftId) as { marker: string }).marker
  } finally {
    db.close()
  }
}

/** Submits a draft, accepts its prices should they be held for review, and answers it once the outbox is quiet. */
async function submitAcceptingPrices(w: World, id: string): Promise<DraftView> {
  await w.call('baskets.submit', { id })
  await w.settle()
  if ((await w.call<DraftView>('baskets.get', { id })).state === 'needs_review') {
    await w.call('baskets.acceptPrices', { id })
    await w.settle()
  }
  return w.call<DraftView>('baskets.get', { id })
}

/** Waits until a submitted draft is back in the queue (its first attempt found the service unreachable). */
async function waitQueued(w: World, id: string): Promise<void> {
  await until(async () => {
    const d = await w.call<DraftView>('baskets.get', { id })
    return d.state === 'queued' && d.error
  }, 'the draft waiting in the queue')
}

describe('the outbox against the sandbox', () => {
  it('submits a queued draft as exactly one order with its lines, and the order has the basket\'s id', async () => {
    const w = await world()
    const [a, b] = plain()
    const d = await draftWith(w, [a!, b!])
    expect(d.valid).toBe(true)
    await w.call('baskets.submit', { id: d.id })
    await w.settle()
    const done = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(done.state).toBe('submitted')
    const placed = suite.sandbox.control.listOrdersRaw().filter((o) => o.id === done.orderId)
    expect(placed).toHaveLength(1)
    expect(done.basketId).toBe(done.orderId)
    expect(placed[0]!.line_items.map((l) => [l.product, l.quantity])).toEqual([
      [a!.id, 2],
      [b!.id, 2],
    ])
    // The marker found the basket while it was needed; the order carries the user's own name.
    expect(placed[0]!.name).toBe('Site survey')
    expect(sameSubmission(w, d.id, done.orderId)).toHaveLength(1)
    expect(w.outbox.at(-1)).toEqual({ queued: 0, sending: 0, needsReview: 0, rejected: 0 })
  })

  it('sends the product picked among those sharing a SKU by its id: the order has that product, not the SKU\'s other one', async () => {
    const w = await world()
    const picked = SHOWCASE.ambiguousIds[1]
    const d = await w.call<DraftView>('baskets.create', { doc: { name: 'Racks', ...shipTo } })
    await w.call('baskets.addLine', { draftId: d.id, sku: SHOWCASE.ambiguousSku, productId: picked, quantity: 3 })
    await w.call('baskets.submit', { id: d.id })
    await w.settle()
    const done = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(done.state).toBe('submitted')
    const placed = suite.sandbox.control.listOrdersRaw().find((o) => o.id === done.orderId)
    expect(placed?.line_items.map((l) => [l.product, l.product_code, l.quantity])).toEqual([[picked, SHOWCASE.ambiguousSku, 3]])
  })

  it('holds a basket whose prices went up for review (old vs new per line) and submits once accepted', async () => {
    const w = await world()
    const [, , a, b] = plain()
    const d = await draftWith(w, [a!, b!])
    suite.sandbox.control.raisePrices([a!.id], 10)
    await w.call('baskets.submit', { id: d.id })
    await w.settle()
    const held = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(held.state).toBe('needs_review')
    expect(w.outbox.at(-1)).toMatchObject({ needsReview: 1 })
    const [first, second] = held.review!
    expect(first).toMatchObject({ sku: a!.product_code, increased: true, estimate: a!.price })
    expect(first!.service).toBeCloseTo(a!.price * 1.1, 1)
    expect(second).toMatchObject({ sku: b!.product_code, increased: false })
    expect(suite.sandbox.control.listOrdersRaw().filter((o) => o.id === held.basketId)).toHaveLength(0)

    await w.call('baskets.acceptPrices', { id: d.id })
    await w.settle()
    const done = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(done.state).toBe('submitted')
    expect(done.orderId).toBe(held.basketId)
    const order = suite.sandbox.control.listOrdersRaw().find((o) => o.id === done.orderId)!
    expect(order.line_items[0]!.price).toBeCloseTo(first!.service, 2)
  })

  it('after a review, editing and submitting again updates the same service basket', async () => {
    const w = await world()
    const [, , , , a, b] = plain()
    const d = await draftWith(w, [a!, b!])
    suite.sandbox.control.raisePrices([a!.id], 25)
    await w.call('baskets.submit', { id: d.id })
    await w.settle()
    const held = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(held.state).toBe('needs_review')
    await w.call('baskets.editAgain', { id: d.id })
    await w.call('baskets.removeLine', { id: d.id, key: held.doc.line_items[0]!.key })
    await w.call('baskets.submit', { id: d.id })
    await w.settle()
    const done = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(done.state).toBe('submitted')
    expect(done.orderId).toBe(held.basketId)
    const all = sameSubmission(w, d.id, done.orderId)
    expect(all).toHaveLength(1)
    expect(all[0]!.line_items.map((l) => l.product)).toEqual([b!.id])
  })

  it('a rejected draft shows the service\'s message on the field it names, does not block the others, and can be fixed and sent again', async () => {
    const w = await world()
    const [a, b, c] = plain().slice(6)
    const bad = await draftWith(w, [a!])
    await w.call('baskets.importLines', { id: bad.id, rows: [{ sku: 'NO-SUCH-SKU-1', quantity: 1 }] })
    const good = await draftWith(w, [b!])
    await w.call('baskets.submit', { id: bad.id })
    await w.call('baskets.submit', { id: good.id })
    await w.settle()

    const rejected = await w.call<DraftView>('baskets.get', { id: bad.id })
    expect(rejected.state).toBe('rejected')
    expect(rejected.error?.message).toBeTruthy()
    expect(rejected.fields['line_items.1.product_code']).toMatch(/NO-SUCH-SKU-1/)
    // What kind of refusal it was crosses to the window, which words it.
    expect(rejected.error?.refusal).toEqual({ kind: 'validation', status: 422 })
    expect((await w.call<DraftView>('baskets.get', { id: good.id })).state).toBe('submitted')
    expect(w.outbox.at(-1)).toMatchObject({ rejected: 1, queued: 0 })

    await w.call('baskets.removeLine', { id: bad.id, key: rejected.doc.line_items[1]!.key })
    await w.call('baskets.addLine', { draftId: bad.id, productId: c!.id, quantity: 1 })
    await w.call('baskets.submit', { id: bad.id })
    await w.settle()
    const fixed = await w.call<DraftView>('baskets.get', { id: bad.id })
    expect(fixed.state).toBe('submitted')
    const placed = suite.sandbox.control.listOrdersRaw().filter((o) => o.id === fixed.orderId)
    expect(placed[0]!.line_items.map((l) => l.product)).toEqual([a!.id, c!.id])
  })

  it('queues while the service is down and sends when it is reachable again, saying it sent it (once)', async () => {
    const w = await world()
    const [a] = plain().slice(10)
    const d = await draftWith(w, [a!])
    const sent = () => w.events.filter((e) => e.event === 'outbox.sent').map((e) => e.payload)
    await suite.sandbox.control.pause()
    try {
      await w.call('baskets.submit', { id: d.id })
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 10))
        w.clock.advance(500)
      }
      const waiting = await w.call<DraftView>('baskets.get', { id: d.id })
      expect(waiting.state).toBe('queued')
      expect(w.outbox.at(-1)).toMatchObject({ queued: 1 })
      expect(sent()).toEqual([])
    } finally {
      await suite.sandbox.control.resume()
    }
    await w.settle()
    const placed = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(placed.state).toBe('submitted')
    expect(sent()).toEqual([{ draftId: d.id, title: 'Site survey', orderId: placed.orderId }])
  })

  it('a clock set back 3 hours while a draft waits to be retried does not make it wait 3 hours more', async () => {
    const w = await world()
    const [a] = plain().slice(12)
    const d = await draftWith(w, [a!])
    await suite.sandbox.control.pause()
    try {
      await w.call('baskets.submit', { id: d.id })
      await waitQueued(w, d.id)
      w.clock.jump(-3 * 3_600_000)
    } finally {
      await suite.sandbox.control.resume()
    }
    // settle() lets a few minutes pass at most: the retry's wait counts from now, not from 3 h ahead.
    await w.settle()
    const sent = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(sent.state).toBe('submitted')
    expect(sameSubmission(w, d.id, sent.orderId)).toHaveLength(1)
  })

  it('"Work offline on this" copies a service basket into a draft; submitting it updates and places that same basket', async () => {
    const w = await world()
    const [a, b] = plain().slice(14)
    const client = clientFor(suite.sandbox)
    const created = await client.call('createBasket', { body: { name: 'Showroom refit', ...shipTo, line_items: [{ product: a!.id, quantity: 3 }] } })
    await client.close()
    const page = await w.call<{ items: { id: number }[] }>('baskets.serverList', { sort_by: '-name' })
    expect(page.items.some((x) => x.id === created.id)).toBe(true)

    const draft = await w.call<DraftView>('baskets.workOffline', { id: created.id })
    expect(draft.sourceBasketId).toBe(created.id)
    expect(draft.doc.name).toBe('Showroom refit')
    expect(draft.doc.line_items.map((l) => [l.product, l.quantity])).toEqual([[a!.id, 3]])
    await w.call('baskets.addLine', { draftId: draft.id, productId: b!.id, quantity: 1 })
    await w.call('baskets.submit', { id: draft.id })
    await w.settle()
    const done = await w.call<DraftView>('baskets.get', { id: draft.id })
    expect(done.state).toBe('submitted')
    expect(done.orderId).toBe(created.id)
    const order = suite.sandbox.control.listOrdersRaw().find((o) => o.id === created.id)!
    expect(order.line_items.map((l) => [l.product, l.quantity])).toEqual([
      [a!.id, 3],
      [b!.id, 1],
    ])
    expect(suite.sandbox.control.listBasketsRaw().some((x) => x.id === created.id)).toBe(false)
  })

  it('renaming a service basket keeps its submission marker, and a name without one stays without', async () => {
    const w = await world()
    const [a] = plain().slice(20)
    const client = clientFor(suite.sandbox)
    const marked = await client.call('createBasket', { body: { name: markedName('Old name', 'abcdefghij'), ...shipTo, line_items: [{ product: a!.id, quantity: 1 }] } })
    const plainBasket = await client.call('createBasket', { body: { name: 'Plain', ...shipTo, line_items: [{ product: a!.id, quantity: 1 }] } })
    await client.close()
    const renamed = await w.call<{ name: string }>('baskets.serverSave', { id: marked.id, patch: { name: 'New name' } })
    expect(renamed.name).toBe(markedName('New name', 'abcdefghij'))
    const long = await w.call<{ name: string }>('baskets.serverSave', { id: marked.id, patch: { name: 'x'.repeat(300) } })
    expect(markerOf(long.name)).toBe('abcdefghij')
    expect(long.name.length).toBeLessThanOrEqual(255)
    expect((await w.call<{ name: string }>('baskets.serverSave', { id: plainBasket.id, patch: { name: 'Still plain' } })).name).toBe('Still plain')
  })

  it('saving a service basket keeps its shipping and finance addresses as the service has them', async () => {
    const w = await world()
    const [a] = plain().slice(22)
    const country = (shipTo.shipping_address as { country_code: number }).country_code
    const registered = { name: 'Head office', company_name: 'Globex Ltd', addr_line_1: '1 Mill Lane', city: 'York', postal_code: 'YO1 7HH', country_code: country }
    const trading = { addr_line_1: '9 Quay St', addr_line_2: 'Unit 4', city: 'Bristol', region: 'Avon', postal_code: 'BS1 4AA', country_code: country }
    const client = clientFor(suite.sandbox)
    const created = await client.call('createBasket', {
      body: {
        name: 'Financed',
        ...shipTo,
        line_items: [{ product: a!.id, quantity: 1 }],
        payment_type: 'FINANCE',
        finance: { target: 'SELF', company_name: 'Globex Ltd', registered_address: registered, trading_addresses: [trading] },
      },
    })
    await client.close()
    await w.call('baskets.serverSave', { id: created.id, patch: { name: 'Financed, renamed' } })
    const held = suite.sandbox.control.listBasketsRaw().find((x) => x.id === created.id)!
    expect(held.name).toBe('Financed, renamed')
    expect(held.shipping_address).toMatchObject(shipTo.shipping_address as object)
    expect(held.finance?.registered_address).toEqual(registered)
    expect(held.finance?.trading_addresses).toEqual([trading])
  })

  it('a basket for a descendant organisation is placed for that organisation (after reviewing its prices), once', async () => {
    const w = await world()
    const orgs = await w.call<{ id: number; parent?: number | null }[]>('connection.organisations')
    const child = orgs.find((o) => o.id !== suite.sandbox.demo.organisationId)
    expect(child).toBeDefined()
    const [a] = plain().slice(12)
    const d = await draftWith(w, [a!])
    await w.call('baskets.setOrganisation', { id: d.id, organisation: child!.id })
    // The catalogue holds our own organisation's prices; the descendant may pay more, which is reviewed.
    const done = await submitAcceptingPrices(w, d.id)
    expect(done.state).toBe('submitted')
    const placed = sameSubmission(w, d.id, done.orderId)
    expect(placed).toHaveLength(1)
    expect(placed[0]!.organisation).toBe(child!.id)
  })

  it('goes on with the new session when the profile is saved while a draft is being sent: placed once, never shown as failed or offline', async () => {
    const w = await world()
    const profile = (await w.call<{ profile: { id: string } }>('connection.status')).profile
    const [a] = plain().slice(20)
    const d = await draftWith(w, [a!])
    // The draft's error as the outbox records it, read at each change (a success clears it again).
    const errors: string[] = []
    const drafts = new DatabaseSync(join(w.core.context.connection.require().profileDir, 'baskets.db'), { readOnly: true })
    w.core.onEvent((event, payload) => {
      if (event !== 'baskets.changed' || (payload as { draftId: string | null }).draftId !== d.id) return
      const row = drafts.prepare('SELECT error FROM drafts WHERE id = ?').get(d.id) as { error: string | null }
      if (row.error) errors.push(row.error)
    })
    suite.sandbox.control.injectFault({ kind: 'latency', ms: 300, match: { method: 'POST', path: '^/baskets$' } })
    await w.call('baskets.submit', { id: d.id })
    await until(() => suite.sandbox.control.requestLog().some((r) => r.method === 'POST' && r.path === '/baskets' && r.status === 0), 'the basket\'s creation under way')
    // The new session starts once the basket's creation is answered; the old client takes no more.
    await w.call('connection.save', { id: profile.id, name: 'Renamed', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId })
    await w.settle()

    const done = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(done).toMatchObject({ state: 'submitted', error: null })
    expect(sameSubmission(w, d.id, done.orderId)).toHaveLength(1)
    drafts.close()
    expect(errors).toEqual([])
    expect(w.events.filter((e) => e.event === 'system.online').map((e) => (e.payload as { online: boolean }).online)).toEqual([true])
  })

  it('after the active profile is edited to another account, sends the drafts typed since with that account, for its organisation', async () => {
    const w = await world()
    const purchaser = suite.sandbox.clients.find((c) => !c.admin && c.organisationId !== suite.sandbox.demo.organisationId)!
    const profile = (await w.call<{ profile: { id: string } }>('connection.status')).profile
    await w.call('connection.save', { id: profile.id, name: 'Branch', baseUrl: suite.sandbox.baseUrl, clientId: purchaser.clientId, clientSecret: purchaser.clientSecret })
    const [a] = plain().slice(16)
    const d = await draftWith(w, [a!])
    expect(d.organisation).toBe(purchaser.organisationId)
    const done = await submitAcceptingPrices(w, d.id)
    expect(done.state).toBe('submitted')
    const placed = sameSubmission(w, d.id, done.orderId)
    expect(placed).toHaveLength(1)
    expect(placed[0]!.organisation).toBe(purchaser.organisationId)
  })

  it('after the active profile is edited to another service, sends none of the drafts queued for the old one: they come back to be checked, lines intact', async () => {
    const w = await world()
    const profile = (await w.call<{ profile: { id: string } }>('connection.status')).profile
    try {
      const [a, b] = plain().slice(24)
      const d = await draftWith(w, [a!, b!])
      // Queued while the old service cannot be reached: it waits in the outbox.
      await suite.sandbox.control.pause()
      await w.call('baskets.submit', { id: d.id })
      await waitQueued(w, d.id)
      const held = { baskets: other.control.listBasketsRaw(), orders: other.control.listOrdersRaw() }

      await w.call('connection.save', { id: profile.id, name: 'Head office', baseUrl: other.baseUrl, clientId: other.demo.clientId, clientSecret: other.demo.clientSecret })
      await w.settle()

      const back = await w.call<DraftView>('baskets.get', { id: d.id })
      expect(back).toMatchObject({ state: 'draft', basketId: null, orderId: null, error: { code: 'other_service', service: suite.sandbox.baseUrl } })
      expect(back.doc).toEqual(d.doc)
      expect({ baskets: other.control.listBasketsRaw(), orders: other.control.listOrdersRaw() }).toEqual(held)
    } finally {
      await suite.sandbox.control.resume()
    }
  })

  it('refuses to submit a draft copied from the old service\'s basket after the profile is edited to another service; once used with this service, submitting creates a new basket there', async () => {
    const w = await world()
    const profile = (await w.call<{ profile: { id: string } }>('connection.status')).profile
    const [a] = plain().slice(30)
    // A basket open on the old service, copied to work on offline.
    const client = clientFor(suite.sandbox)
    const open = await client.call('createBasket', { body: { name: 'Warehouse racks', ...shipTo, line_items: [{ product: a!.id, quantity: 3 }] } })
    await client.close()
    const copy = await w.call<DraftView>('baskets.workOffline', { id: open.id })
    expect(copy.sourceBasketId).toBe(open.id)
    await w.call('connection.save', { id: profile.id, name: 'Head office', baseUrl: other.baseUrl, clientId: other.demo.clientId, clientSecret: other.demo.clientSecret })
    await w.settle()
    const held = { baskets: other.control.listBasketsRaw(), orders: other.control.listOrdersRaw() }

    await expect(w.call('baskets.submit', { id: copy.id })).rejects.toMatchObject({ code: 'conflict' })
    await w.settle()
    const refused = await w.call<DraftView>('baskets.get', { id: copy.id })
    expect(refused).toMatchObject({ state: 'draft', error: { code: 'other_service', service: suite.sandbox.baseUrl } })
    expect(refused.doc).toEqual(copy.doc)
    expect({ baskets: other.control.listBasketsRaw(), orders: other.control.listOrdersRaw() }).toEqual(held)

    // Used with this service: its lines are typed again from this service's catalogue, its organisation chosen again, and it is sent as a new basket.
    const { draft: stamped } = await w.call<{ draft: DraftView }>('baskets.useWithService', { id: copy.id })
    expect(stamped).toMatchObject({ state: 'draft', sourceBasketId: null, basketId: null, error: null, organisation: null })
    await w.call('baskets.setOrganisation', { id: copy.id, organisation: other.demo.organisationId })
    const otherClient = clientFor(other)
    const [p] = plainProducts((await serviceCatalogue(otherClient)).products)
    await otherClient.close()
    const ref = await w.call<{ countries: { id: number }[]; shippingTypes: { id: number }[] }>('baskets.referenceData')
    const line = stamped.doc.line_items[0]!
    await w.call('baskets.updateLine', { id: copy.id, key: line.key, patch: { product: p!.id, product_code: p!.product_code } })
    await w.call('baskets.update', { id: copy.id, patch: { shipping_address: { ...stamped.doc.shipping_address, country_code: ref.countries[0]!.id }, shipping_type: ref.shippingTypes[0]!.id } })
    await w.call('baskets.submit', { id: copy.id })
    await w.settle()
    const sent = await w.call<DraftView>('baskets.get', { id: copy.id })
    expect(sent.basketId).not.toBeNull()
    // Ids are each service's own (a new basket here may well have the old one's number): what
    // counts is that it is a basket of this service that was not there before the submit.
    const created = other.control.listBasketsRaw().concat(other.control.listOrdersRaw()).filter((b) => b.id === sent.basketId)
    expect(created).toHaveLength(1)
    expect(held.baskets.some((b) => b.id === sent.basketId)).toBe(false)
  })

  it('after the active profile is edited to another API client at the same service, sends the drafts queued before', async () => {
    const w = await world()
    const purchaser = suite.sandbox.clients.find((c) => !c.admin && c.organisationId === suite.sandbox.demo.organisationId && c.clientId !== suite.sandbox.demo.clientId)
    const creds = purchaser ?? suite.sandbox.demo
    const profile = (await w.call<{ profile: { id: string } }>('connection.status')).profile
    const [a] = plain().slice(28)
    const d = await draftWith(w, [a!])
    await suite.sandbox.control.pause()
    try {
      await w.call('baskets.submit', { id: d.id })
      await waitQueued(w, d.id)
      await w.call('connection.save', { id: profile.id, name: 'Head office', baseUrl: suite.sandbox.baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret })
    } finally {
      await suite.sandbox.control.resume()
    }
    await w.settle()
    if ((await w.call<DraftView>('baskets.get', { id: d.id })).state === 'needs_review') {
      await w.call('baskets.acceptPrices', { id: d.id })
      await w.settle()
    }
    const done = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(done.state).toBe('submitted')
    expect(sameSubmission(w, d.id, done.orderId)).toHaveLength(1)
  })
  it('a draft an earlier version queued, its basket created with the marker in the name, is placed under the user\'s own name', async () => {
    const w = await world()
    const [a] = plain().slice(30)
    const d = await draftWith(w, [a!], { name: 'Acme Q4 refresh' })
    const client = clientFor(suite.sandbox)
    const legacy = await client.call('createBasket', { body: { name: markedName('Acme Q4 refresh', 'qqqqqqqqq2'), ...shipTo, line_items: [{ product: a!.id, quantity: 2 }] } })
    await client.close()
    await suite.sandbox.control.pause()
    try {
      await w.call('baskets.submit', { id: d.id })
      await waitQueued(w, d.id)
      // The row as an earlier version left it: the basket made, its name marked, the price check next.
      const db = new DatabaseSync(join(w.core.context.connection.require().profileDir, 'baskets.db'))
      db.prepare("UPDATE drafts SET marker = 'qqqqqqqqq2', basket_id = ?, step = 'price', in_flight = NULL WHERE id = ?").run(legacy.id, d.id)
      db.close()
    } finally {
      await suite.sandbox.control.resume()
    }
    await w.settle()
    const done = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(done).toMatchObject({ state: 'submitted', orderId: legacy.id })
    const placed = sameSubmission(w, d.id, done.orderId)
    expect(placed.map((o) => [o.id, o.name])).toEqual([[legacy.id, 'Acme Q4 refresh']])
  })

  it('orders placed with a marked name by an earlier version show the user\'s name only, in the list and the detail', async () => {
    const w = await world()
    const [a] = plain().slice(32)
    const client = clientFor(suite.sandbox)
    const basket = await client.call('createBasket', { body: { name: markedName('Dunmore stock', 'rrrrrrrrr3'), ...shipTo, line_items: [{ product: a!.id, quantity: 1 }] } })
    await client.call('submitBasket', { params: { id: basket.id } })
    await client.close()
    // Placed outside the app: "Check now" brings it into the local orders index.
    await w.call('orders.pollNow')
    const list = await w.call<{ rows: { id: number; name?: string | null }[] }>('orders.list', { filters: OrderFilters.parse({}), page: 1, perPage: 100 })
    expect(list.rows.find((r) => r.id === basket.id)?.name).toBe('Dunmore stock')
    expect(list.rows.every((r) => markerOf(r.name) === null)).toBe(true)
    const detail = await w.call<{ order: Order }>('orders.get', { id: basket.id })
    expect(detail.order.name).toBe('Dunmore stock')
  })
})

describe('a queued draft whose shipping type no longer delivers to its address', () => {
  /** Shipping type 1 (UK Standard Next Day Delivery) delivers to the United Kingdom (1) only; these tests move it to Ireland (2) for a while. */
  const UK_ONLY = 1
  const COLLECTION = 7
  const restoreUkOnly = () => suite.sandbox.control.setShippingCountries(UK_ONLY, [1], false)
  const basketCreates = () => suite.sandbox.control.requestLog().filter((r) => r.method === 'POST' && r.path === '/baskets').length

  it('the service refuses it on shipping_type: it alone is rejected, nothing lost, while the rest of the outbox submits', async () => {
    const w = await world()
    const [a, b] = plain().slice(12)
    const unfit = await draftWith(w, [a!], { shipping_type: UK_ONLY })
    const fine = await draftWith(w, [b!], { shipping_type: COLLECTION })
    // The app's lists still say type 1 delivers to the United Kingdom; the service has changed it.
    suite.sandbox.control.setShippingCountries(UK_ONLY, [2], false)
    try {
      await w.call('baskets.submit', { id: unfit.id })
      await w.call('baskets.submit', { id: fine.id })
      await w.settle()
      const refused = await w.call<DraftView>('baskets.get', { id: unfit.id })
      expect(refused.state).toBe('rejected')
      expect(refused.fields.shipping_type).toBe('UK Standard Next Day Delivery does not deliver to United Kingdom')
      expect(refused.doc.line_items.map((l) => l.product)).toEqual([a!.id])
      expect(refused.doc.shipping_type).toBe(UK_ONLY)
      expect((await w.call<DraftView>('baskets.get', { id: fine.id })).state).toBe('submitted')
      expect(w.outbox.at(-1)).toMatchObject({ rejected: 1, queued: 0, sending: 0 })
    } finally {
      restoreUkOnly()
    }
  })

  it('once the app has seen the new list, it holds the draft back before sending, in words of its own, and sends the others', async () => {
    const w = await world()
    const [a, b] = plain().slice(14)
    const unfit = await draftWith(w, [a!], { shipping_type: UK_ONLY })
    const fine = await draftWith(w, [b!], { shipping_type: COLLECTION })
    await suite.sandbox.control.pause()
    try {
      await w.call('baskets.submit', { id: unfit.id })
      await w.call('baskets.submit', { id: fine.id })
      await waitQueued(w, unfit.id)
      await waitQueued(w, fine.id)
      suite.sandbox.control.setShippingCountries(UK_ONLY, [2], false)
    } finally {
      await suite.sandbox.control.resume()
    }
    try {
      suite.sandbox.control.clearRequestLog()
      // The editor reads the lists again: the app learns the change before the outbox goes on.
      await w.call('baskets.referenceData')
      await w.settle()
      const held = await w.call<DraftView>('baskets.get', { id: unfit.id })
      expect(held.state).toBe('rejected')
      expect(held.error).toEqual({ message: 'UK Standard Next Day Delivery does not deliver to United Kingdom: choose another shipping type.', code: 'shipping_type' })
      expect(held.fieldCodes.shipping_type).toEqual({ key: 'shippingTypeNotForCountry', params: { type: 'UK Standard Next Day Delivery', country: 'United Kingdom' } })
      expect((await w.call<DraftView>('baskets.get', { id: fine.id })).state).toBe('submitted')
      expect(basketCreates()).toBe(1)

      // Fixed by the user, it goes.
      await w.call('baskets.update', { id: unfit.id, patch: { shipping_type: COLLECTION } })
      await w.call('baskets.submit', { id: unfit.id })
      await w.settle()
      expect((await w.call<DraftView>('baskets.get', { id: unfit.id })).state).toBe('submitted')
    } finally {
      restoreUkOnly()
    }
  })
})

describe('the queue view\'s Retry', () => {
  it('sends a draft waiting out its backoff now, and refuses a draft that is not waiting', async () => {
    const w = await world()
    const [a] = plain().slice(16)
    const d = await draftWith(w, [a!])
    // The service asks to come back in an hour.
    suite.sandbox.control.injectFault({ kind: 'status', status: 429, retryAfterSeconds: 3600, times: 1, match: { method: 'POST', path: '^/baskets$' } })
    await w.call('baskets.submit', { id: d.id })
    await waitQueued(w, d.id)
    // Past the grace period a create that may have been sent is waited for, well before the hour.
    w.clock.advance(60_000)
    await new Promise((r) => setTimeout(r, 20))
    expect((await w.call<DraftView>('baskets.get', { id: d.id })).state).toBe('queued')
    await w.call('baskets.retry', { id: d.id })
    await until(async () => (await w.call<DraftView>('baskets.get', { id: d.id })).state === 'submitted', 'the draft placed')
    expect((await w.fail('baskets.retry', { id: d.id })).code).toBe('conflict')
  })
})

/** The connected profile: a basket's alert names it, drafts and orders being each profile's own. */
const profileOf = async (w: CoreUnderTest) => (await w.call<ConnectionStatus>('connection.status')).profile!.id

describe('a basket sent while the window is closed to the tray', () => {
  /*
   * The notifier the core is given here records what it is asked to show (tests/support/core): the
   * shell's, which shows it with the Electron runtime, cannot run here. Only the alerts of baskets
   * sent are read (the order watcher runs too).
   */
  const sentAlerts = (w: World) => w.alerts.filter((a) => /^baskets?-sent-/.test(a.id))

  it('is a desktop alert in the rep\'s language once the service is back, naming the basket and its order, a click opening the order', async () => {
    let inSight = true
    const w = await world({ windowInSight: () => inSight })
    await w.call('system.setLanguage', { language: 'de' })
    const [a] = plain().slice(30)
    const d = await draftWith(w, [a!], { purchase_order_number: 'PO-4711' })
    await suite.sandbox.control.pause()
    try {
      await w.call('baskets.submit', { id: d.id })
      await waitQueued(w, d.id)
      // The rep closes the window; the app goes on in the tray.
      inSight = false
    } finally {
      await suite.sandbox.control.resume()
    }
    await w.settle()
    const placed = await w.call<DraftView>('baskets.get', { id: d.id })
    expect(placed.state).toBe('submitted')
    expect(sentAlerts(w)).toEqual([
      { id: `basket-sent-${placed.orderId}`, title: 'Warenkorb „Site survey“ übermittelt', body: `Bestellung ${placed.orderId} · Bestellnummer PO-4711`, target: { kind: 'order', orderId: placed.orderId, profileId: await profileOf(w) } },
    ])
    // The window told too, for when it is opened again.
    expect(w.events.filter((e) => e.event === 'outbox.sent').map((e) => e.payload)).toEqual([{ draftId: d.id, title: 'Site survey', orderId: placed.orderId }])

    // The window in sight: it says so itself, no desktop alert.
    inSight = true
    const again = await draftWith(w, [a!])
    expect((await submitAcceptingPrices(w, again.id)).state).toBe('submitted')
    expect(sentAlerts(w)).toHaveLength(1)
  })

  it('is one alert for the baskets going out together when the rep goes back online, a click opening those orders', async () => {
    const w = await world({ windowInSight: () => false })
    const items = plain().slice(32, 35)
    const drafts = [
      await draftWith(w, [items[0]!], { name: 'Clinic restock' }),
      await draftWith(w, [items[1]!], { name: '', purchase_order_number: 'PO-88' }),
      await draftWith(w, [items[2]!], { name: 'Branch rollout' }),
    ]
    await w.call('system.setWorkOffline', { on: true })
    for (const d of drafts) await w.call('baskets.submit', { id: d.id })
    // Held back by "Work offline": queued, nothing sent, nothing said.
    await until(async () => (await w.call<OutboxCounts>('baskets.outbox')).queued === 3, 'the three baskets waiting in the outbox')
    expect(sentAlerts(w)).toEqual([])
    await w.call('system.setWorkOffline', { on: false })
    await w.settle()
    const orders = await Promise.all(drafts.map(async (d) => (await w.call<DraftView>('baskets.get', { id: d.id })).orderId!))
    expect(orders.every((id) => id > 0)).toBe(true)
    expect(sentAlerts(w)).toHaveLength(1)
    const [alert] = sentAlerts(w)
    expect(alert!.title).toBe('3 baskets sent as orders')
    // Each on its line (in the order they went out, which the parallel sending decides).
    expect(alert!.body.split('\n').sort()).toEqual([`“Branch rollout”: order ${orders[2]}`, `“Clinic restock”: order ${orders[0]}`, `“PO-88”: order ${orders[1]}`].sort())
    expect(alert!.target).toEqual({ kind: 'orders', orderIds: expect.arrayContaining(orders), profileId: await profileOf(w) })
  })

  it('is not shown while the rep has paused alerts', async () => {
    const w = await world({ windowInSight: () => false })
    await w.call('orders.setAlertPrefs', { statuses: ['SHIPPED'], paused: true, pausedUntil: null })
    const [a] = plain().slice(36)
    const d = await draftWith(w, [a!])
    expect((await submitAcceptingPrices(w, d.id)).state).toBe('submitted')
    expect(sentAlerts(w)).toEqual([])
  })
})

describe('a basket the outbox cannot send while the window is closed to the tray', () => {
  /* The recording notifier of the suite again (see the baskets sent above); only these alerts are read. */
  const unsentAlerts = (w: Pick<CoreUnderTest, 'alerts'>) => w.alerts.filter((a) => /^baskets?-unsent-/.test(a.id))

  it('held for the service\'s higher prices is one desktop alert in the rep\'s language, saying what to do, a click opening its draft', async () => {
    let inSight = false
    const w = await world({ windowInSight: () => inSight })
    await w.call('system.setLanguage', { language: 'fr' })
    const [a] = plain().slice(40)
    const d = await draftWith(w, [a!], { name: 'Clinique Nord' })
    suite.sandbox.control.raisePrices([a!.id], 10)
    await w.call('baskets.submit', { id: d.id })
    await w.settle()
    expect((await w.call<DraftView>('baskets.get', { id: d.id })).state).toBe('needs_review')
    expect(unsentAlerts(w)).toEqual([
      {
        id: `basket-unsent-review-${d.id}`,
        title: 'Prix modifiés dans le panier «\u202fClinique Nord\u202f»',
        body: 'Vérifiez les prix du service\u202f: acceptez-les pour le soumettre, ou modifiez le panier.',
        target: { kind: 'draft', draftId: d.id, profileId: await profileOf(w) },
      },
    ])

    // Held again while the rep looks at the window: the window shows it, no desktop alert.
    inSight = true
    const b = await draftWith(w, [a!])
    suite.sandbox.control.raisePrices([a!.id], 10)
    await w.call('baskets.submit', { id: b.id })
    await w.settle()
    expect((await w.call<DraftView>('baskets.get', { id: b.id })).state).toBe('needs_review')
    expect(unsentAlerts(w)).toHaveLength(1)
  })

  it('is one alert for the baskets held in one pass, a line each, a click opening the outbox', async () => {
    const w = await world({ windowInSight: () => false })
    const [a, b] = plain().slice(42)
    const drafts = [await draftWith(w, [a!], { name: 'Clinic restock' }), await draftWith(w, [b!], { name: '', purchase_order_number: '' })]
    suite.sandbox.control.raisePrices([a!.id, b!.id], 10)
    await w.call('system.setWorkOffline', { on: true })
    for (const d of drafts) await w.call('baskets.submit', { id: d.id })
    await until(async () => (await w.call<OutboxCounts>('baskets.outbox')).queued === 2, 'the two baskets waiting in the outbox')
    await w.call('system.setWorkOffline', { on: false })
    await w.settle()
    expect(unsentAlerts(w)).toHaveLength(1)
    const [alert] = unsentAlerts(w)
    expect(alert!.title).toBe('2 baskets not sent')
    expect(alert!.body.split('\n').sort()).toEqual(['Untitled basket: new prices to check', '“Clinic restock”: new prices to check'])
    expect(alert!.target).toEqual({ kind: 'outbox', profileId: await profileOf(w) })
  })

  it('refused by the service is one desktop alert saying why and what to do, a click opening its draft; the basket sent with it is its own alert', async () => {
    const w = await world({ windowInSight: () => false })
    await w.call('system.setLanguage', { language: 'de' })
    const [a, b] = plain().slice(46)
    const bad = await draftWith(w, [a!], { name: 'Praxis Süd' })
    await w.call('baskets.importLines', { id: bad.id, rows: [{ sku: 'NO-SUCH-SKU-2', quantity: 1 }] })
    const good = await draftWith(w, [b!], { name: 'Lager Nord' })
    await w.call('system.setWorkOffline', { on: true })
    for (const d of [bad, good]) await w.call('baskets.submit', { id: d.id })
    await until(async () => (await w.call<OutboxCounts>('baskets.outbox')).queued === 2, 'the two baskets waiting in the outbox')
    await w.call('system.setWorkOffline', { on: false })
    await w.settle()
    expect((await w.call<DraftView>('baskets.get', { id: bad.id })).state).toBe('rejected')
    expect(unsentAlerts(w)).toEqual([
      {
        id: `basket-unsent-refused-${bad.id}`,
        title: 'Warenkorb „Praxis Süd“ abgelehnt',
        body: 'Der Dienst hat einige Angaben nicht angenommen.\nDer Dienst sagte: „Unknown SKU NO-SUCH-SKU-2“\nKorrigieren Sie ihn und senden Sie ihn erneut.',
        target: { kind: 'draft', draftId: bad.id, profileId: await profileOf(w) },
      },
    ])
    const placed = await w.call<DraftView>('baskets.get', { id: good.id })
    expect(w.alerts.filter((x) => x.id.startsWith('basket-sent-')).map((x) => x.title)).toEqual(['Warenkorb „Lager Nord“ übermittelt'])
    expect(placed.state).toBe('submitted')
  })

  it('held back by the app before sending (its shipping type no longer delivers there) is the same alert, in the rep\'s words', async () => {
    const UK_ONLY = 1
    const w = await world({ windowInSight: () => false })
    const [a] = plain().slice(48)
    const d = await draftWith(w, [a!], { name: 'Dock stock', shipping_type: UK_ONLY })
    await suite.sandbox.control.pause()
    try {
      await w.call('baskets.submit', { id: d.id })
      await waitQueued(w, d.id)
      suite.sandbox.control.setShippingCountries(UK_ONLY, [2], false)
    } finally {
      await suite.sandbox.control.resume()
    }
    try {
      // The editor reads the lists again: the app learns the change before the outbox goes on.
      await w.call('baskets.referenceData')
      await w.settle()
      expect((await w.call<DraftView>('baskets.get', { id: d.id })).error?.code).toBe('shipping_type')
      expect(unsentAlerts(w).map((x) => [x.title, x.body])).toEqual([['Basket “Dock stock” refused', 'The shipping type does not deliver to the shipping address.\nCorrect it and send it again.']])
    } finally {
      suite.sandbox.control.setShippingCountries(UK_ONLY, [1], false)
    }
  })

  it('is one alert for a basket refused and one held in the same pass, each line saying what it needs', async () => {
    const w = await world({ windowInSight: () => false })
    const [a, b] = plain().slice(50)
    const bad = await draftWith(w, [a!], { name: 'Clinic restock' })
    await w.call('baskets.importLines', { id: bad.id, rows: [{ sku: 'NO-SUCH-SKU-3', quantity: 1 }] })
    const pricey = await draftWith(w, [b!], { name: 'Branch rollout' })
    suite.sandbox.control.raisePrices([b!.id], 10)
    await w.call('system.setWorkOffline', { on: true })
    for (const d of [bad, pricey]) await w.call('baskets.submit', { id: d.id })
    await until(async () => (await w.call<OutboxCounts>('baskets.outbox')).queued === 2, 'the two baskets waiting in the outbox')
    await w.call('system.setWorkOffline', { on: false })
    await w.settle()
    expect(unsentAlerts(w)).toHaveLength(1)
    const [alert] = unsentAlerts(w)
    expect(alert!.title).toBe('2 baskets not sent')
    expect(alert!.body.split('\n').sort()).toEqual(['“Branch rollout”: new prices to check', '“Clinic restock”: refused, to correct'])
    expect(alert!.target).toEqual({ kind: 'outbox', profileId: await profileOf(w) })
  })

  it('failing while the service is down is one alert once it has failed for a while, not one per retry nor again after a restart; sent when the service is back', async () => {
    const w = await world({ windowInSight: () => false })
    const [a] = plain().slice(52)
    const d = await draftWith(w, [a!], { name: 'Ward supplies' })
    const failedCreates = () => suite.sandbox.control.requestLog().filter((r) => r.method === 'POST' && r.path === '/baskets' && r.status === 503).length
    const before = failedCreates()
    /** Lets the outbox's retries come (minutes of its clock) until `done`. */
    const retriesUntil = async (done: () => boolean, what: string, t: CoreUnderTest = w) => {
      for (let i = 0; i < 400 && !done(); i++) {
        await new Promise((r) => setTimeout(r, 10))
        t.clock.advance(15_000)
      }
      if (!done()) throw new Error(`never: ${what}`)
    }
    // The service answers every new basket with 503 Service Unavailable.
    suite.sandbox.control.injectFault({ kind: 'status', status: 503, match: { method: 'POST', path: '^/baskets$' } })
    await w.call('baskets.submit', { id: d.id })
    await waitQueued(w, d.id)
    // A failed try or two is the outbox's to retry: nothing said yet.
    expect(unsentAlerts(w)).toEqual([])
    await retriesUntil(() => unsentAlerts(w).length > 0, 'the alert')
    expect(unsentAlerts(w)).toEqual([
      {
        id: `basket-unsent-failing-${d.id}`,
        title: 'Basket “Ward supplies” not sent yet',
        body: 'The service is unavailable; the app keeps trying and will send it when it can.',
        target: { kind: 'outbox', profileId: await profileOf(w) },
      },
    ])
    expect(failedCreates() - before).toBeGreaterThan(2)
    // Five more retries, every one failing: still the one alert.
    const said = failedCreates()
    await retriesUntil(() => failedCreates() >= said + 5, 'five more retries')
    // Still in the outbox (waiting, or being tried again).
    expect(['queued', 'sending']).toContain((await w.call<DraftView>('baskets.get', { id: d.id })).state)
    expect(unsentAlerts(w)).toHaveLength(1)

    // The app restarted (still in the tray), the service still down: the rep was told already.
    await w.core.stop()
    const again = await suite.start({ dataDir: w.dataDir, windowInSight: () => false })
    const restarted = failedCreates()
    await retriesUntil(() => failedCreates() >= restarted + 12, 'a dozen retries after the restart', again)
    expect(unsentAlerts(again)).toEqual([])

    suite.sandbox.control.clearFaults()
    await until(async () => {
      again.clock.advance(15_000)
      return (await again.call<DraftView>('baskets.get', { id: d.id })).state === 'submitted'
    }, 'the basket placed once the service is back')
    await until(() => again.alerts.some((x) => x.id.startsWith('basket-sent-')), 'the alert of the basket sent')
    expect(again.alerts.filter((x) => x.id.startsWith('basket-sent-')).map((x) => x.title)).toEqual(['Basket “Ward supplies” sent'])
    expect(unsentAlerts(again)).toEqual([])
  })

  it('failing with the service asking to wait an hour (429, Retry-After: 3600) is one alert before that hour, not after 11 tries (11 hours), nor again after an hour more or a restart', async () => {
    const w = await world({ windowInSight: () => false })
    const [a] = plain().slice(53)
    const d = await draftWith(w, [a!], { name: 'Night shift' })
    const limited = () => suite.sandbox.control.requestLog().filter((r) => r.method === 'POST' && r.path === '/baskets' && r.status === 429).length
    const before = limited()
    suite.sandbox.control.injectFault({ kind: 'status', status: 429, retryAfterSeconds: 3600, match: { method: 'POST', path: '^/baskets$' } })
    try {
      await w.call('baskets.submit', { id: d.id })
      await until(() => limited() > before, 'the first try answered 429')
      // A few minutes of the outbox's clock, far less than the hour it was asked to wait.
      for (let i = 0; i < 50 && !unsentAlerts(w).length; i++) {
        await new Promise((r) => setTimeout(r, 10))
        w.clock.advance(5_000)
      }
      expect(unsentAlerts(w).map((x) => [x.id, x.title])).toEqual([[`basket-unsent-failing-${d.id}`, 'Basket “Night shift” not sent yet']])
      expect(limited() - before).toBe(1)

      // An hour on, the next try refused again: the rep was told already.
      const tried = limited()
      for (let i = 0; i < 400 && limited() === tried; i++) {
        await new Promise((r) => setTimeout(r, 10))
        w.clock.advance(60_000)
      }
      expect(limited()).toBe(tried + 1)
      expect(unsentAlerts(w)).toHaveLength(1)

      // Restarted, another hour of refusals: not said again.
      await w.core.stop()
      const again = await suite.start({ dataDir: w.dataDir, windowInSight: () => false })
      const restarted = limited()
      for (let i = 0; i < 400 && limited() === restarted; i++) {
        await new Promise((r) => setTimeout(r, 10))
        again.clock.advance(60_000)
      }
      expect(limited()).toBeGreaterThan(restarted)
      expect(unsentAlerts(again)).toEqual([])
    } finally {
      suite.sandbox.control.clearFaults()
    }
  })

  it('is not shown while the rep has paused alerts', async () => {
    const w = await world({ windowInSight: () => false })
    await w.call('orders.setAlertPrefs', { statuses: ['SHIPPED'], paused: true, pausedUntil: null })
    const [a] = plain().slice(44)
    const d = await draftWith(w, [a!])
    suite.sandbox.control.raisePrices([a!.id], 10)
    await w.call('baskets.submit', { id: d.id })
    await w.settle()
    expect((await w.call<DraftView>('baskets.get', { id: d.id })).state).toBe('needs_review')
    expect(unsentAlerts(w)).toEqual([])
  })
})
