import { describe, expect, it } from 'vitest'
import type { CatalogueSearchInput, CatalogueSearchResult } from '../../../shared/model/catalogue-search'
import { SHOWCASE } from '../../sandbox'
import { syncedCatalogue } from '../../../tests/support/core/catalogue-rig'
import { oneEditApart } from './similar-search'

const world = syncedCatalogue({ testMode: true, products: 400, orders: 0, speed: 0 })

const search = (input: CatalogueSearchInput) => world.rig.call<CatalogueSearchResult>('catalogue.search', input)

describe('typo-tolerant search', () => {
  it('finds the switches for "swtich" (two letters swapped), marked as a corrected match', async () => {
    const right = await search({ query: 'switch', limit: 500 })
    expect(right.total).toBeGreaterThan(0)
    const typo = await search({ query: 'swtich', limit: 500 })
    expect(typo.total).toBe(right.total)
    expect(typo.items.every((p) => p.match === 'similar')).toBe(true)
    expect(typo.items.map((p) => p.id).sort()).toEqual(right.items.map((p) => p.id).sort())
    expect(typo.matchKinds.similar).toBe(typo.total)
  })

  it('corrects a dropped, an added and a changed letter, also beside correct words', async () => {
    // The showcase switch is the "Arcwave Nimbus 24-Port PoE+ Gigabit Switch".
    const word = 'gigabit'
    for (const typo of [word.slice(0, 2) + word.slice(3), word.slice(0, 3) + 'x' + word.slice(3), word.slice(0, 2) + 'q' + word.slice(3)]) {
      const res = await search({ query: `${typo}`, limit: 500 })
      expect(res.items.map((p) => p.id), typo).toContain(SHOWCASE.switch.id)
    }
    const both = await search({ query: 'gigabit swtich', limit: 500 })
    expect(both.total).toBeGreaterThan(0)
    expect(both.items.every((p) => /gigabit/i.test(p.name) && /switch/i.test(p.name))).toBe(true)
  })

  it('leaves found queries alone: exact SKU and prefix matches are not joined by near words', async () => {
    const exact = await search({ query: SHOWCASE.switch.sku })
    expect(exact.items[0]).toMatchObject({ id: SHOWCASE.switch.id, match: 'exact' })
    expect(exact.items.some((p) => p.match === 'similar')).toBe(false)
    const prefix = await search({ query: 'swi' })
    expect(prefix.items.some((p) => p.match === 'similar')).toBe(false)
  })

  it('still finds nothing for words nowhere near the catalogue, and keeps the filters', async () => {
    expect((await search({ query: 'qwzxv' })).total).toBe(0)
    const filtered = await search({ query: 'swtich', vendor: [99_999] })
    expect(filtered.total).toBe(0)
  })

  it('counts one edit: a swap, a letter more or less or changed, and no more', () => {
    expect(oneEditApart('swtich', 'switch')).toBe(true)
    expect(oneEditApart('swich', 'switch')).toBe(true)
    expect(oneEditApart('switchh', 'switch')).toBe(true)
    expect(oneEditApart('swatch', 'switch')).toBe(true)
    expect(oneEditApart('swtihc', 'switch')).toBe(false)
    expect(oneEditApart('router', 'switch')).toBe(false)
  })
})
