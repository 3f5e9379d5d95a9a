import { describe, expect, it, onTestFinished } from 'vitest'
import type { CatalogueSearchInput, CatalogueSearchResult, FacetCounts } from '../../../shared/model/catalogue-search'
import type { Facet } from '../../../shared/model/product'
import { syncedCatalogue } from '../../../tests/support/core/catalogue-rig'
import { FacetCounter } from './facet-counts'

const world = syncedCatalogue({ products: 900, orders: 0, speed: 0 })

const total = async (input: CatalogueSearchInput) => (await world.rig.call<CatalogueSearchResult>('catalogue.search', { ...input, limit: 1 })).total
const counts = (input: { query: string; vendor?: number[]; type?: number[] }) => world.rig.call<NonNullable<FacetCounts>>('catalogue.facetCounts', input)
const byId = (list: { id: number; count: number }[]) => Object.fromEntries(list.map((f) => [f.id, f.count]))

/** What the list would total for each facet value: search asked with that value chosen. */
async function listed(facets: Facet[], input: CatalogueSearchInput, key: 'vendor' | 'type'): Promise<Record<number, number>> {
  const out: Record<number, number> = {}
  for (const f of facets) {
    const n = await total({ ...input, [key]: [f.id] })
    if (n) out[f.id] = n
  }
  return out
}

describe('vendor and type counts beside the filters', () => {
  it('count what the query matches, not the whole catalogue: each vendor as many as the list shows with it chosen', async () => {
    const { vendors, types } = await world.rig.call<{ vendors: Facet[]; types: Facet[] }>('catalogue.facets')
    const found = await counts({ query: 'cable' })
    const matched = await total({ query: 'cable' })
    expect(matched).toBeGreaterThan(0)
    expect(matched).toBeLessThan(900)
    expect(byId(found.vendors)).toEqual(await listed(vendors, { query: 'cable' }, 'vendor'))
    expect(byId(found.types)).toEqual(await listed(types, { query: 'cable' }, 'type'))
    expect(found.vendors.reduce((n, v) => n + v.count, 0)).toBe(matched)
  })

  it("count each facet under the other's filter, and leave its own aside: the vendors not chosen say what choosing them adds", async () => {
    const { vendors, types } = await world.rig.call<{ vendors: Facet[]; types: Facet[] }>('catalogue.facets')
    const first = await counts({ query: 'switch' })
    // The vendor and the type with most switches: others then have some of that type too.
    const most = (list: { id: number; count: number }[]) => [...list].sort((a, b) => b.count - a.count)[0]!.id
    const [vendor, type] = [most(first.vendors), most(first.types)]
    const filtered = await counts({ query: 'switch', vendor: [vendor!], type: [type!] })
    // Vendors under the type filter (and not their own); types under the vendor filter.
    expect(byId(filtered.vendors)).toEqual(await listed(vendors, { query: 'switch', type: [type!] }, 'vendor'))
    expect(byId(filtered.types)).toEqual(await listed(types, { query: 'switch', vendor: [vendor!] }, 'type'))
    expect(filtered.vendors.length).toBeGreaterThan(1)
  })

  it('are counted in steps: a search asked meanwhile is answered before the counts, which count what the list shows', async () => {
    FacetCounter.testStep = 100
    onTestFinished(() => (FacetCounter.testStep = undefined))
    const order: string[] = []
    const counting = world.rig.call<NonNullable<FacetCounts>>('catalogue.facetCounts', { query: 'rack mount' }).then((c) => (order.push('counts'), c))
    const searching = world.rig.call<CatalogueSearchResult>('catalogue.search', { query: 'cable', limit: 5 }).then((r) => (order.push('search'), r))
    const [stepped, found] = await Promise.all([counting, searching])
    expect(found.total).toBeGreaterThan(0)
    expect(order).toEqual(['search', 'counts'])
    expect(stepped.vendors.reduce((n, v) => n + v.count, 0)).toBe(await total({ query: 'rack mount' }))
    expect((await counts({ query: '' })).vendors.reduce((n, v) => n + v.count, 0)).toBe(900)
  })

  it('with nothing typed, are the whole catalogue’s (the stored counts), and with a typo, count what the list shows instead', async () => {
    const { vendors, types } = await world.rig.call<{ vendors: Facet[]; types: Facet[] }>('catalogue.facets')
    const all = await counts({ query: '' })
    expect(byId(all.vendors)).toEqual(byId(vendors))
    expect(byId(all.types)).toEqual(byId(types))
    // "swtich": nothing matches as typed; the list shows the switches it means, and the counts count those.
    const typo = await world.rig.call<CatalogueSearchResult>('catalogue.search', { query: 'swtich', limit: 1 })
    expect(typo.matchKinds.similar).toBeGreaterThan(0)
    expect((await counts({ query: 'swtich' })).vendors.reduce((n, v) => n + v.count, 0)).toBe(typo.total)
  })
})
