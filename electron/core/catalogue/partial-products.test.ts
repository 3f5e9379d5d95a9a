import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../shared/api'
import type { CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import type { CatalogueStatus, SyncOutcome } from '../../../shared/model/catalogue-sync'
import { startSandbox, type Sandbox } from '../../sandbox'
import { catalogueRig, type CatalogueRig } from '../../../tests/support/core/catalogue-rig'

/**
 * Issue 14: a product the service sends in a shape the app does not expect is kept, as far as it
 * can be read, and marked; only a row without an id is left out, and counted.
 */
const PRODUCTS = 250
const PER_PAGE = 100

let sandbox: Sandbox
let rig: CatalogueRig
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: PRODUCTS, orders: 0, speed: 0 })
})
afterEach(async () => {
  sandbox.control.clearFaults()
  await rig?.close()
})
afterAll(() => sandbox.close())

describe('a sync meeting products of an unexpected shape', () => {
  it('keeps the readable ones, marked and searchable, and leaves out only the one without an id', async () => {
    const page1 = { method: 'GET', path: '^/products$', query: '(^|&)page=1(&|$)' }
    // Rows 1-3 of page 1: a price that is not a number, a vendor that is an object; row 1 has no id either.
    sandbox.control.injectFault({ kind: 'reshape', match: page1, rows: 3, set: { price: 'call us', vendor: { id: 3 } } })
    sandbox.control.injectFault({ kind: 'reshape', match: page1, rows: 1, unset: ['id'] })
    rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2 })
    await rig.connect(sandbox)

    expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS - 1, invalid: 1 })
    const status = await rig.call<CatalogueStatus>('catalogue.status')
    expect(status).toMatchObject({ products: PRODUCTS - 1, lastInvalid: 1, partialProducts: 2 })

    const browse = await rig.call<CatalogueSearchResult>('catalogue.search', { sort: 'relevance', limit: 3 })
    const [first, second, third] = browse.items
    expect(first).toMatchObject({ partial: true, price: 0, vendor: null })
    expect(second).toMatchObject({ partial: true })
    expect(third!.partial).toBeUndefined()
    expect(first!.name).not.toBe('')

    // Found by SKU and by name like any product.
    const bySku = await rig.call<CatalogueSearchResult>('catalogue.search', { query: first!.product_code })
    expect(bySku.items[0]).toMatchObject({ id: first!.id, partial: true, match: 'exact' })
    const byName = await rig.call<CatalogueSearchResult>('catalogue.search', { query: first!.name })
    expect(byName.items.map((p) => p.id)).toContain(first!.id)

    // Its page opens with what could be read.
    const product = await rig.call<Product>('catalogue.product', { id: first!.id })
    expect(product).toMatchObject({ id: first!.id, name: first!.name, product_code: first!.product_code, price: 0 })
  })

  it('reads a price the service sends as the decimal it spells ("12.50") as that price, in the list and on the product\u2019s page', async () => {
    const page1 = { method: 'GET', path: '^/products$', query: '(^|&)page=1(&|$)' }
    sandbox.control.injectFault({ kind: 'reshape', match: page1, rows: 1, set: { price: '12.50', rrp: '15' } })
    rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2 })
    await rig.connect(sandbox)

    expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS, invalid: 0 })
    const browse = await rig.call<CatalogueSearchResult>('catalogue.search', { sort: 'relevance', limit: 1 })
    const first = browse.items[0]!
    expect(first).toMatchObject({ price: 12.5, rrp: 15 })
    // Read whole: not marked as partly read.
    expect(first.partial).toBeUndefined()
    expect(await rig.call<CatalogueStatus>('catalogue.status')).toMatchObject({ partialProducts: 0 })
    const product = await rig.call<Product>('catalogue.product', { id: first.id })
    expect(product).toMatchObject({ id: first.id, price: 12.5, rrp: 15 })
  })

  it('reads numbers sent as text inside a product (a related product\u2019s price, a rate plan\u2019s cost) as those numbers, and keeps text that is no number marked', async () => {
    const related = (price: unknown) => [{ id: 2, sku: 'PROV-PARTNER-SITE', name: 'Partner-site provisioning', price, partner: true }]
    const charge = { id: 1, name: 'Seat', charge_type: 'recurring', charge_model: 'per_unit', rate_plan_charge_costs: [{ id: 1, currency: 'GBP', charge_cost_price: '3.50' }] }
    const plan = { id: 1, name: 'Monthly', term_length: '1', billing_frequency: 'monthly', renewal_term_length: 1, default: true, min_quantity: 1, max_quantity: 300, rate_plan_charges: [charge] }
    const products = { method: 'GET', path: '^/products$' }
    sandbox.control.injectFault({ kind: 'reshape', match: products, ids: [5], set: { provisioning: related('40.00'), rate_plans: [plan] } })
    sandbox.control.injectFault({ kind: 'reshape', match: products, ids: [6], set: { provisioning: related('abc') } })
    rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2 })
    await rig.connect(sandbox)

    expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS, invalid: 0 })
    // Only the product whose nested price is no number is marked as partly read.
    expect(await rig.call<CatalogueStatus>('catalogue.status')).toMatchObject({ partialProducts: 1 })
    const bySku = async (sku: string) => (await rig.call<CatalogueSearchResult>('catalogue.search', { query: sku })).items.find((p) => p.product_code === sku)!
    expect((await bySku('SW-24P-POE')).partial).toBeUndefined()
    expect((await bySku('AP-WIFI6-IN')).partial).toBe(true)

    const product = await rig.call<Product>('catalogue.product', { id: 5 })
    expect(product.provisioning[0]).toMatchObject({ price: 40 })
    expect(product.rate_plans[0]).toMatchObject({ term_length: 1, rate_plan_charges: [{ rate_plan_charge_costs: [{ charge_cost_price: 3.5 }] }] })
  })

  it('reads a list the service sends as null (a product without rate plans) as not set, in the list as on the product\u2019s page', async () => {
    sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/products$' }, ids: [5], set: { rate_plans: null, maintenance: null } })
    rig = catalogueRig({ perPage: PER_PAGE, concurrency: 2 })
    await rig.connect(sandbox)

    expect(await rig.call<SyncOutcome>('catalogue.sync')).toMatchObject({ outcome: 'completed', products: PRODUCTS, invalid: 0 })
    expect(await rig.call<CatalogueStatus>('catalogue.status')).toMatchObject({ partialProducts: 0 })
    const product = await rig.call<Product>('catalogue.product', { id: 5 })
    expect(product).toMatchObject({ product_code: 'SW-24P-POE', rate_plans: [], maintenance: [] })
  })
})
