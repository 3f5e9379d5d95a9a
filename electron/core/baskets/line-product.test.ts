import { describe, expect, it } from 'vitest'
import type { Product } from '../../../shared/api'
import type { DraftView } from '../../../shared/model/draft-view'
import type { SyncOutcome } from '../../../shared/model/catalogue-sync'
import { SHOWCASE } from '../../sandbox/seed/catalogue'
import { connect, coreSuite, type CoreUnderTest } from '../../../tests/support/core/core-suite'
import { until } from '../../../tests/support/core/until'
import { toBasketBody } from './basket-body'

/** Choosing the product of a line that has none, on a real core with the sandbox's catalogue on this computer. */
const suite = coreSuite({ testMode: true, products: 50, orders: 0, speed: 0 })

async function withCatalogue(): Promise<CoreUnderTest> {
  const t = await suite.start()
  await connect(t, suite.sandbox)
  await until(async () => (await t.call<SyncOutcome>('catalogue.sync')).outcome === 'completed', 'the catalogue on this computer')
  return t
}

describe('choosing the product of a line', () => {
  it('settles a line left without one: the catalogue’s SKU, name and price, the quantity and markup kept, ids chosen for no product gone', async () => {
    const t = await withCatalogue()
    const [rackKit, firewall] = await Promise.all([SHOWCASE.ambiguousIds[1], SHOWCASE.firewall.id].map((id) => t.call<Product>('catalogue.product', { id })))
    const draft = await t.call<DraftView>('baskets.create', {
      doc: {
        line_items: [
          // Left by "use with this service": the SKU is there under two vendors.
          { key: 'shared', product: null, product_code: SHOWCASE.ambiguousSku, product_name: 'Rack kit (old name)', quantity: 3, markup: 12.5, unmatched: 'ambiguous' },
          // Added by SKU for the service to check, with option ids that belong to no product.
          { key: 'typed', product: null, product_code: 'FW-TYPO', quantity: 2, prov_product: SHOWCASE.partnerProvisioning.id, prov_site: 77, maintenance_product: SHOWCASE.maintenance3y.id },
        ],
      },
    })
    expect(draft.fields).toHaveProperty(['line_items.0.product_code'])

    const chosen = await t.call<DraftView>('baskets.updateLine', { id: draft.id, key: 'shared', patch: { product: rackKit!.id } })
    expect(chosen.doc.line_items[0]).toEqual({
      key: 'shared',
      product: rackKit!.id,
      product_code: rackKit!.product_code,
      product_name: rackKit!.name,
      quantity: 3,
      markup: 12.5,
      estimate: { unit: rackKit!.price, asOf: expect.any(String) },
    })
    expect(chosen.fields).not.toHaveProperty(['line_items.0.product_code'])
    expect(chosen.products[String(rackKit!.id)]).toMatchObject({ name: rackKit!.name })

    const typed = await t.call<DraftView>('baskets.updateLine', { id: draft.id, key: 'typed', patch: { product: firewall!.id } })
    const line = typed.doc.line_items[1]!
    expect(line).toMatchObject({ product: firewall!.id, product_code: firewall!.product_code, product_name: firewall!.name, quantity: 2 })
    for (const k of ['prov_product', 'prov_site', 'maintenance_product'] as const) expect(line[k]).toBeUndefined()
    // Priced as the product alone: the setup and maintenance were never chosen for it.
    expect(line.estimate?.unit).toBe(firewall!.price)
    expect(typed.estimate.total).toBeCloseTo(3 * rackKit!.price + 2 * firewall!.price, 2)
  })

  it('gives a subscription its default rate plan and blank ordering data, and keeps an out-of-limits quantity for validation to mark', async () => {
    const t = await withCatalogue()
    const storage = await t.call<Product>('catalogue.product', { id: SHOWCASE.storage.id })
    const plan = storage.rate_plans.find((p) => p.default) ?? storage.rate_plans[0]!
    const draft = await t.call<DraftView>('baskets.create', { doc: { line_items: [{ key: 'sub', product: null, product_code: 'GONE-1', quantity: plan.max_quantity + 1, unmatched: 'unknown' }] } })
    const chosen = await t.call<DraftView>('baskets.updateLine', { id: draft.id, key: 'sub', patch: { product: storage.id } })
    expect(chosen.doc.line_items[0]).toMatchObject({ selected_rate_plan: plan.id, storage_order: { team_name: '', admin_email: '' }, quantity: plan.max_quantity + 1 })
    expect(chosen.fields).toMatchObject({ 'line_items.0.quantity': expect.any(String), 'line_items.0.storage_order.team_name': expect.any(String) })
    expect(chosen.fields).not.toHaveProperty(['line_items.0.selected_rate_plan'])
  })

  it('keeps the subscription data typed for a product of the same kind, and drops data of another kind so the service never gets it', async () => {
    const t = await withCatalogue()
    const [storage, meeting, firewall] = await Promise.all([SHOWCASE.storage.id, SHOWCASE.meeting.id, SHOWCASE.firewall.id].map((id) => t.call<Product>('catalogue.product', { id })))
    const typedStorage = { team_name: 'Ops', admin_email: 'ops@example.com' }
    const draft = await t.call<DraftView>('baskets.create', {
      doc: { line_items: [{ key: 'sub', product: storage!.id, product_code: storage!.product_code, quantity: 5, storage_order: typedStorage, backup_order: { tenant_name: 'Old', admin_email: 'old@example.com' } }] },
    })

    // Another storage product: what was typed for storage stays, the backup data goes.
    const addOn = await t.call<DraftView>('baskets.updateLine', { id: draft.id, key: 'sub', patch: { product: SHOWCASE.storageAddOn.id } })
    expect(addOn.doc.line_items[0]!.storage_order).toEqual(typedStorage)
    expect(addOn.doc.line_items[0]!.backup_order).toBeUndefined()

    // A meeting product: blank meeting data to fill in, and nothing of the storage team is sent.
    const met = await t.call<DraftView>('baskets.updateLine', { id: draft.id, key: 'sub', patch: { product: meeting!.id } })
    const line = met.doc.line_items[0]!
    expect(line.meeting_order).toEqual({ end_user_name: '', end_user_company: '', end_user_email: '' })
    expect(line.storage_order).toBeUndefined()
    expect(toBasketBody(met.doc, null, null).line_items?.[0]).not.toHaveProperty('storage_order')
    expect(met.fields).toHaveProperty(['line_items.0.meeting_order.end_user_name'])

    // A product that is no subscription: no subscription data at all.
    const plain = await t.call<DraftView>('baskets.updateLine', { id: draft.id, key: 'sub', patch: { product: firewall!.id } })
    expect(plain.doc.line_items[0]).not.toHaveProperty('meeting_order')
    expect(toBasketBody(plain.doc, null, null).line_items?.[0]).toEqual({ product: firewall!.id, quantity: 5 })
  })

  it('refuses a product the catalogue on this computer does not have, and leaves the line as it was', async () => {
    const t = await withCatalogue()
    const draft = await t.call<DraftView>('baskets.create', { doc: { line_items: [{ key: 'gone', product: null, product_code: 'GONE-1', quantity: 1, unmatched: 'unknown' }] } })
    expect(await t.fail('baskets.updateLine', { id: draft.id, key: 'gone', patch: { product: 987_654 } })).toMatchObject({ code: 'not_found' })
    expect((await t.call<DraftView>('baskets.get', { id: draft.id })).doc).toEqual(draft.doc)
  })
})
