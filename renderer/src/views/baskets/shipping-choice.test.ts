import { describe, expect, it } from 'vitest'
import type { ShippingType } from '../../../../shared/api'
import { shippingDroppedBy, shippingOptions } from './shipping-choice'

const types: ShippingType[] = [
  { id: 1, name: 'UK Next Day', countries: [1], exclude_countries: false },
  { id: 5, name: 'Road Freight', countries: [2, 3], exclude_countries: false },
  { id: 6, name: 'International', countries: [1], exclude_countries: true },
  { id: 7, name: 'Collection', countries: [], exclude_countries: false },
]
const ids = (l: ShippingType[]) => l.map((t) => t.id)

describe('shipping choice in the draft editor', () => {
  it('offers the types that deliver to the country, all of them with no country yet', () => {
    expect(ids(shippingOptions(types, 1, null))).toEqual([1, 7])
    expect(ids(shippingOptions(types, 3, null))).toEqual([5, 6, 7])
    expect(ids(shippingOptions(types, null, null))).toEqual([1, 5, 6, 7])
  })
  it('keeps the chosen type in view even where it does not deliver', () => {
    expect(ids(shippingOptions(types, 3, 1))).toEqual([1, 5, 6, 7])
  })
  it('names the chosen type an address change rules out, and only that', () => {
    expect(shippingDroppedBy(types, 1, 3)?.name).toBe('UK Next Day')
    expect(shippingDroppedBy(types, 1, 1)).toBeNull()
    expect(shippingDroppedBy(types, 7, 3)).toBeNull()
    expect(shippingDroppedBy(types, null, 3)).toBeNull()
    expect(shippingDroppedBy(types, 6, 1)?.name).toBe('International')
  })
})
