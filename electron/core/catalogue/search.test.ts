import { beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../shared/api'
import type { CatalogueSearchInput, CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import type { ProductSummary } from '../../../shared/model/product'
import { SHOWCASE } from '../../sandbox'
import { catalogueRig, syncedCatalogue } from '../../../tests/support/core/catalogue-rig'

const PRODUCTS = 900

const world = syncedCatalogue({ testMode: true, products: PRODUCTS, orders: 0, speed: 0 })
let all: Product[]
beforeAll(async () => {
  all = await Promise.all(Array.from({ length: PRODUCTS }, (_, i) => world.rig.call<Product>('catalogue.product', { id: i + 1 })))
})

const search = (input: CatalogueSearchInput) => world.rig.call<CatalogueSearchResult>('catalogue.search', input)
const byId = (id: number) => all.find((p) => p.id === id)!

describe('search ranking', () => {
  it('puts an exact SKU above the products whose names match its words, and answers a scanned SKU with just that product', async () => {
    // As words, "sw 24p poe" matches the names "… 24-Port PoE+ Gigabit Switch" (and the showcase switch itself).
    const words = await search({ query: 'sw 24p poe', limit: 200 })
    expect(words.items.length).toBeGreaterThan(1)
    expect(words.items.every((p) => p.match === 'text')).toBe(true)
    const named = words.items.filter((p) => p.id !== SHOWCASE.switch.id).map((p) => p.id)
    expect(named.length).toBeGreaterThan(0)

    // As a SKU, the product with that SKU comes first; the name matches do not outrank it.
    const res = await search({ query: 'sw-24p-poe', limit: 200 })
    expect(res.source).toBe('local')
    expect(res.items[0]).toMatchObject({ id: SHOWCASE.switch.id, match: 'exact', product_code: SHOWCASE.switch.sku })
    expect(res.items.filter((p) => p.match === 'exact')).toHaveLength(1)
    expect(res.matchKinds.exact).toBe(1)
    expect(new Set(res.items.map((p) => p.id)).size).toBe(res.items.length)
  })

  it('lists text matches after SKU prefixes without repeating them', async () => {
    const res = await search({ query: 'sw', limit: 500 })
    const kinds = res.items.map((p) => p.match)
    expect(kinds.indexOf('text')).toBeGreaterThan(kinds.lastIndexOf('prefix'))
    expect(res.items.find((p) => p.match === 'prefix')?.id).toBe(SHOWCASE.switch.id)
    expect(res.items.filter((p) => p.id === SHOWCASE.switch.id)).toHaveLength(1)
    expect(res.total).toBe(res.matchKinds.exact + res.matchKinds.prefix + res.matchKinds.text)
  })

  it('finds with a word typed as one what the catalogue writes as two: "wifi" finds "Wi-Fi"', async () => {
    const hyphenated = await search({ query: 'wi-fi', limit: 500 })
    expect(hyphenated.total).toBeGreaterThan(0)
    const typed = await search({ query: 'wifi', limit: 500 })
    const found = new Set(typed.items.map((p) => p.id))
    expect(hyphenated.items.filter((p) => !found.has(p.id)).map((p) => p.name)).toEqual([])
    // And still as the last word being typed, beside another.
    const withMore = await search({ query: 'wifi access', limit: 500 })
    expect(withMore.total).toBe((await search({ query: 'wi-fi access', limit: 500 })).total)
  })

  it('shows every vendor’s product for a SKU they share', async () => {
    const res = await search({ query: SHOWCASE.ambiguousSku })
    const exact = res.items.filter((p) => p.match === 'exact')
    expect(exact.map((p) => p.id).sort()).toEqual([...SHOWCASE.ambiguousIds])
    expect(exact.map((p) => p.vendor).sort()).toEqual(SHOWCASE.ambiguousIds.map((id) => byId(id).vendor).sort())
  })

  it('ranks SKU prefixes (in SKU order) above products that only match by name', async () => {
    const res = await search({ query: 'prov', limit: 500 })
    const kinds = res.items.map((p) => p.match)
    const prefixes = res.items.filter((p) => p.match === 'prefix')
    expect(prefixes.map((p) => p.product_code)).toEqual(['PROV-CLOUD-STD', 'PROV-PARTNER-SITE'])
    expect(kinds.slice(0, 2)).toEqual(['prefix', 'prefix'])
    const text = res.items.slice(2)
    expect(text.length).toBeGreaterThan(0)
    expect(text.every((p) => p.match === 'text' && /provisioning/i.test(byId(p.id).name))).toBe(true)
    expect(res.total).toBe(res.items.length)
  })

  it('ranks name and SKU matches above description-only matches, each most popular first', async () => {
    const res = await search({ query: 'Backup', limit: 500 })
    const inName = res.items.map((p) => /backup/i.test(p.name))
    const firstDescriptionOnly = inName.indexOf(false)
    expect(firstDescriptionOnly).toBeGreaterThan(0)
    expect(inName.slice(firstDescriptionOnly).every((x) => !x)).toBe(true)
    // Description-only matches really match in a description (routers list "Integrated 4G LTE backup").
    for (const p of res.items.slice(firstDescriptionOnly)) {
      const d = byId(p.id)
      expect(`${d.description} ${d.detailed_description} ${d.featured_description}`).toMatch(/backup/i)
    }
    expect(res.matchKinds).toEqual({ exact: 0, prefix: 0, text: res.total })
  })

  it('matches words as the user types: the last word as a prefix, accents and case ignored', async () => {
    const done = await search({ query: 'nimbus gigab' })
    expect(done.total).toBeGreaterThan(0)
    for (const p of done.items) {
      const d = byId(p.id)
      const text = `${d.name} ${d.description} ${d.detailed_description} ${d.featured_description}`.toLowerCase()
      expect(text).toMatch(/nimbus/)
      expect(text).toMatch(/gigab/)
    }
    expect((await search({ query: 'NÏMBUS GIGABIT' })).total).toBe(done.total)
    // Model numbers are matched whole, also when written together with letters in the query.
    const model = byId(SHOWCASE.switch.id + 100).name.match(/\b(\d{3,4})\b/)?.[1]
    if (model) expect((await search({ query: model, limit: 500 })).items.map((p) => p.id)).toContain(SHOWCASE.switch.id + 100)
  })

  it('treats query syntax as plain words', async () => {
    for (const query of ['"', 'NOT', 'a OR b', '{name}: x', '*', 'near(', "'; DROP TABLE product; --"]) {
      const res = await search({ query })
      expect(res.source).toBe('local')
    }
    expect((await search({ query: SHOWCASE.switch.sku })).items[0]?.id).toBe(SHOWCASE.switch.id)
  })
})

describe('filters, sorts and paging', () => {
  it('filters by vendor and type, with -1 selecting products that have none', async () => {
    const vendor = byId(SHOWCASE.switch.id).vendor!
    const v = await search({ query: '', vendor: [vendor], limit: 500 })
    expect(v.total).toBe(all.filter((p) => p.vendor === vendor).length)
    expect(v.items.every((p) => p.vendor === vendor)).toBe(true)

    const none = await search({ query: '', vendor: [-1], limit: 500 })
    expect(none.total).toBe(all.filter((p) => p.vendor == null).length)
    expect(none.items.map((p) => p.id)).toContain(SHOWCASE.unbranded.id)

    const types = await search({ query: '', type: [-1, byId(SHOWCASE.switch.id).type!], limit: 500 })
    expect(types.total).toBe(all.filter((p) => p.type == null || p.type === byId(SHOWCASE.switch.id).type).length)

    const both = await search({ query: 'switch', vendor: [vendor], limit: 500 })
    expect(both.items.length).toBeGreaterThan(0)
    expect(both.items.every((p) => p.vendor === vendor)).toBe(true)
    expect(both.total).toBe(both.items.length)
  })

  it('sorts by popularity, name and price', async () => {
    const check = async (sort: CatalogueSearchInput['sort'], key: (p: ProductSummary) => number | string, dir: 1 | -1) => {
      const res = await search({ query: '', sort, limit: 500 })
      const keys = res.items.map(key)
      const sorted = [...keys].sort((a, b) => (a < b ? -dir : a > b ? dir : 0))
      expect(keys).toEqual(sorted)
    }
    await check('+price', (p) => p.price, 1)
    await check('-price', (p) => p.price, -1)
    await check('+name', (p) => p.name.toLowerCase(), 1)
    await check('-name', (p) => p.name.toLowerCase(), -1)
    // Popularity follows the service's own -popularity order: the showcase products lead it.
    const popular = await search({ query: '', sort: '-popularity', limit: 5 })
    expect(popular.items.map((p) => p.id)).toEqual([1, 2, 3, 4, 5])
    // With a query, a chosen sort orders each match group.
    const priced = await search({ query: 'switch', sort: '+price', limit: 500 })
    const text = priced.items.filter((p) => p.match === 'text').map((p) => p.price)
    expect(text.slice(0, 20)).toEqual([...text.slice(0, 20)].sort((a, b) => a - b))
  })

  it('pages through a large result with offset and limit, across match groups, with the same total', async () => {
    const whole = await search({ query: 'prov', limit: 500 })
    const paged: ProductSummary[] = []
    for (let offset = 0; offset < whole.total; offset += 7) {
      const page = await search({ query: 'prov', offset, limit: 7 })
      expect(page.total).toBe(whole.total)
      paged.push(...page.items)
    }
    expect(paged).toEqual(whole.items)
    const browse = await search({ query: '', offset: PRODUCTS - 3, limit: 50 })
    expect(browse.items).toHaveLength(3)
    expect(browse.total).toBe(PRODUCTS)
  })
})

describe('offline', () => {
  it('searches, looks up SKUs and opens products with the service stopped', async () => {
    await world.sandbox.control.pause()
    try {
      await world.rig.ctx.connection.probe()
      expect(world.rig.ctx.connection.online).toBe(false)
      const res = await search({ query: SHOWCASE.router.sku })
      expect(res).toMatchObject({ source: 'local', items: [expect.objectContaining({ id: SHOWCASE.router.id, match: 'exact' })] })
      expect(res.pricesAsOf).not.toBeNull()
      expect((await world.rig.call<ProductSummary[]>('catalogue.lookupSku', { sku: 'rtr-branch-4g' }))[0]?.id).toBe(SHOWCASE.router.id)
      expect((await world.rig.call<Product>('catalogue.product', { id: SHOWCASE.router.id })).name).toBe(byId(SHOWCASE.router.id).name)
      expect((await search({ query: 'firewall' })).total).toBeGreaterThan(0)
      expect((await world.rig.fail('catalogue.product', { id: 999_999 })).code).toBe('not_found')
      // Many products named at once (a product group's), in the order asked, unknown ones left out.
      const named = await world.rig.call<ProductSummary[]>('catalogue.summaries', { ids: [SHOWCASE.router.id, 999_999, SHOWCASE.switch.id] })
      expect(named.map((p) => [p.id, p.product_code])).toEqual([
        [SHOWCASE.router.id, SHOWCASE.router.sku],
        [SHOWCASE.switch.id, SHOWCASE.switch.sku],
      ])
    } finally {
      await world.sandbox.control.resume()
      await world.rig.ctx.connection.probe()
    }
  })
})

describe('before the first sync', () => {
  it('falls back to the service’s own text search while online, and says so', async () => {
    const fresh = catalogueRig()
    try {
      await fresh.connect(world.sandbox)
      const res = await fresh.call<CatalogueSearchResult>('catalogue.search', { query: 'firewall', limit: 10 })
      expect(res.source).toBe('service')
      expect(res.items.length).toBeGreaterThan(0)
      expect(res.pricesAsOf).toBeNull()
      const amb = await fresh.call<ProductSummary[]>('catalogue.lookupSku', { sku: SHOWCASE.ambiguousSku })
      expect(amb.map((p) => p.id).sort()).toEqual([...SHOWCASE.ambiguousIds])
      expect((await fresh.call<Product>('catalogue.product', { id: SHOWCASE.switch.id })).product_code).toBe(SHOWCASE.switch.sku)

      // Offline with nothing stored: an empty local answer, not an error.
      await world.sandbox.control.pause()
      const offline = await fresh.call<CatalogueSearchResult>('catalogue.search', { query: 'firewall' })
      expect(offline).toMatchObject({ source: 'local', total: 0, items: [] })
    } finally {
      await world.sandbox.control.resume()
      await fresh.close()
    }
  })
})
