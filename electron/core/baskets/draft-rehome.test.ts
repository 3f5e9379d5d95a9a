import { describe, expect, it } from 'vitest'
import type { Product } from '../../../shared/api'
import type { DraftDocInput } from '../../../shared/model/draft'
import type { DraftView, Rechoose } from '../../../shared/model/draft-view'
import type { SyncOutcome } from '../../../shared/model/catalogue-sync'
import type { ConnectionStatus } from '../../../shared/model/connection'
import { SHOWCASE } from '../../sandbox/seed/catalogue'
import { startSandbox } from '../../sandbox'
import { clientFor, plainProducts, serviceCatalogue } from '../../../tests/chaos/support/outbox-world'
import { connect, coreSuite } from '../../../tests/support/core/core-suite'
import { until } from '../../../tests/support/core/until'

/** "Use with this service": a draft of one service made the other's, on real sandboxes and a real baskets.db. */
const suite = coreSuite({ testMode: true, products: 50, orders: 0, speed: 0 })

async function productsOf(sandbox: Parameters<typeof clientFor>[0]): Promise<Product[]> {
  const client = clientFor(sandbox)
  try {
    return (await serviceCatalogue(client)).products
  } finally {
    await client.close()
  }
}

describe('a draft used with another service', () => {
  it('keeps what was typed, finds each product again by SKU there, and leaves every other id of the old service to choose again', async () => {
    const other = await startSandbox({ testMode: true, products: 50, orders: 0, speed: 0, seed: 7 })
    const t = await suite.start()
    try {
      const profile = await connect(t, suite.sandbox)
      // On the new service: a product whose SKU it has once, under an id that is another product there.
      const otherProducts = await productsOf(other)
      const there = plainProducts(otherProducts).filter((p) => p.id > 18)
      const found = there.at(-1)!
      const elsewhere = there[0]!
      expect(found.id).not.toBe(elsewhere.id)
      const storagePlan = (await productsOf(suite.sandbox)).find((p) => p.id === SHOWCASE.storage.id)!.rate_plans[0]!.id
      const defaultPlanThere = (sku: string) => {
        const plans = otherProducts.find((p) => p.product_code === sku)!.rate_plans
        return (plans.find((p) => p.default) ?? plans[0]!).id
      }
      const meetingData = { end_user_name: 'Ann Lee', end_user_company: 'Harbour Logistics', end_user_email: 'ann@harbour.example' }

      const typed: DraftDocInput = {
        name: 'Warehouse racks',
        purchase_order_number: 'PO-7781',
        end_user: 'Harbour Logistics',
        ship_instructions: 'Gate 4, ask for Sam',
        provisioning_instructions: 'Call before noon',
        shipping_address: { company_name: 'Harbour Logistics', recipient_name: 'Goods In', addr_line_1: '2 Dock Road', city: 'Hull', postal_code: 'HU1 1AA', country_code: 1 },
        shipping_type: 1,
        line_items: [
          { key: 'found', product: elsewhere.id, product_code: found.product_code, product_name: 'Rack kit (old name)', quantity: 4, markup: 12.5 },
          { key: 'gone', product: 20, product_code: 'ONLY-ON-THE-OLD-SERVICE', product_name: 'Discontinued bracket', quantity: 2 },
          { key: 'shared', product: SHOWCASE.ambiguousIds[0], product_code: SHOWCASE.ambiguousSku, product_name: 'Fluxnet Universal Rack Mount Kit', quantity: 1 },
          { key: 'firewall', product: SHOWCASE.firewall.id, product_code: SHOWCASE.firewall.sku, quantity: 3, prov_product: SHOWCASE.partnerProvisioning.id, prov_organisation: 501, prov_group: 502, prov_site: 503, maintenance_product: SHOWCASE.maintenance3y.id },
          { key: 'storage', product: SHOWCASE.storage.id, product_code: SHOWCASE.storage.sku, quantity: 5, selected_rate_plan: storagePlan, storage_order: { team_name: 'Ops', admin_email: 'ops@example.com' } },
          // Storage data left on a meeting line (it was another product once): nothing this service should get.
          { key: 'meeting', product: SHOWCASE.meeting.id, product_code: SHOWCASE.meeting.sku, quantity: 10, meeting_order: meetingData, storage_order: { team_name: 'Stale', admin_email: 'stale@example.com' } },
        ],
      }
      const draft = await t.call<DraftView>('baskets.create', { organisation: suite.sandbox.demo.organisationId, doc: typed })
      expect(draft.organisation).toBe(suite.sandbox.demo.organisationId)

      // The profile now connects to the other service, whose catalogue is on this computer.
      await t.call('connection.save', { id: profile, name: 'Test', baseUrl: other.baseUrl, clientId: other.demo.clientId, clientSecret: other.demo.clientSecret })
      await until(async () => (await t.call<ConnectionStatus>('connection.status')).online, 'online with the other service')
      // (A sync of the old service under way when the profile changed ends cancelled: sync again.)
      await until(async () => (await t.call<SyncOutcome>('catalogue.sync')).outcome === 'completed', 'the other service’s catalogue on this computer')
      await expect(t.call('baskets.submit', { id: draft.id })).rejects.toMatchObject({ code: 'conflict' })
      const held = { baskets: other.control.listBasketsRaw(), orders: other.control.listOrdersRaw() }

      const { draft: moved, rechoose } = await t.call<{ draft: DraftView; rechoose: Rechoose }>('baskets.useWithService', { id: draft.id })
      expect(rechoose).toEqual({ organisation: true, shippingType: true, countries: 1, products: ['gone', 'shared'], options: ['firewall', 'storage'], noCatalogue: false })
      expect(moved).toMatchObject({ state: 'draft', error: null, organisation: null })

      // What was typed stays: the header text, the address as typed, the quantities and the line's own text.
      const { doc } = moved
      expect(doc).toMatchObject({ name: typed.name, purchase_order_number: typed.purchase_order_number, end_user: typed.end_user, ship_instructions: typed.ship_instructions, provisioning_instructions: typed.provisioning_instructions })
      expect(doc.shipping_address).toEqual({ ...typed.shipping_address, country_code: null })
      expect(doc.line_items.map((l) => [l.key, l.quantity])).toEqual(typed.line_items!.map((l) => [l.key, l.quantity]))
      const byKey = new Map(doc.line_items.map((l) => [l.key, l]))

      // Found once by SKU: the new service's product, under its current name.
      expect(byKey.get('found')).toMatchObject({ product: found.id, product_code: found.product_code, product_name: found.name, markup: 12.5 })
      expect(byKey.get('found')!.unmatched).toBeUndefined()
      // Not there, or there more than once: no product, the line still showing what it was, and marked.
      expect(byKey.get('gone')).toMatchObject({ product: null, product_code: 'ONLY-ON-THE-OLD-SERVICE', product_name: 'Discontinued bracket', unmatched: 'unknown' })
      expect(byKey.get('shared')).toMatchObject({ product: null, product_code: SHOWCASE.ambiguousSku, product_name: 'Fluxnet Universal Rack Mount Kit', unmatched: 'ambiguous' })
      // The choices among the old product's options are gone; a product found again is as if chosen
      // here afresh: this service's default rate plan, and only the subscription data of its kind.
      for (const k of ['prov_product', 'prov_organisation', 'prov_group', 'prov_site', 'maintenance_product'] as const) expect(byKey.get('firewall')![k]).toBeUndefined()
      expect(byKey.get('storage')!.selected_rate_plan).toBe(defaultPlanThere(SHOWCASE.storage.sku))
      expect(byKey.get('storage')!.storage_order).toEqual({ team_name: 'Ops', admin_email: 'ops@example.com' })
      expect(byKey.get('meeting')).toMatchObject({ selected_rate_plan: defaultPlanThere(SHOWCASE.meeting.sku), meeting_order: meetingData })
      expect(byKey.get('meeting')).not.toHaveProperty('storage_order')
      expect(doc.shipping_type).toBeNull()

      // What is to be chosen again shows on its field.
      expect(moved.fields).toMatchObject({
        organisation: expect.any(String),
        'shipping_address.country_code': expect.any(String),
        shipping_type: expect.any(String),
        'line_items.1.product_code': expect.any(String),
        'line_items.2.product_code': expect.any(String),
      })
      expect(moved.fields).not.toHaveProperty(['line_items.4.selected_rate_plan'])
      expect(moved.fields).not.toHaveProperty(['line_items.5.selected_rate_plan'])
      expect(moved.valid).toBe(false)

      // Nothing goes to the new service like this, and a second click takes nothing chosen since.
      await expect(t.call('baskets.submit', { id: draft.id })).rejects.toMatchObject({ code: 'invalid_input', fields: { organisation: expect.any(String) } })
      expect({ baskets: other.control.listBasketsRaw(), orders: other.control.listOrdersRaw() }).toEqual(held)
      await t.call('baskets.setOrganisation', { id: draft.id, organisation: other.demo.organisationId })
      const again = await t.call<{ draft: DraftView; rechoose: Rechoose }>('baskets.useWithService', { id: draft.id })
      expect(again.draft.organisation).toBe(other.demo.organisationId)
      expect(again.draft.doc).toEqual(doc)
      // Choosing one of the products that share the SKU settles that line.
      const chosen = await t.call<DraftView>('baskets.updateLine', { id: draft.id, key: 'shared', patch: { product: SHOWCASE.ambiguousIds[1] } })
      expect(chosen.doc.line_items[2]!.unmatched).toBeUndefined()
      expect(chosen.fields).not.toHaveProperty(['line_items.2.product_code'])
    } finally {
      await other.close()
    }
  })
})
