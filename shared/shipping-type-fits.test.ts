import { describe, expect, it } from 'vitest'
import { ShippingType } from './api'
import { shippingTypeFits } from './shipping-type-fits'

describe('shippingTypeFits', () => {
  it('an empty country list fits every country', () => {
    expect(shippingTypeFits({ countries: [], exclude_countries: false }, 7)).toBe(true)
    expect(shippingTypeFits({ countries: [], exclude_countries: true }, 7)).toBe(true)
  })
  it('a list is where the type is valid', () => {
    const uk = { countries: [1], exclude_countries: false }
    expect(shippingTypeFits(uk, 1)).toBe(true)
    expect(shippingTypeFits(uk, 3)).toBe(false)
  })
  it('with exclude_countries the list is where the type is not valid', () => {
    const abroad = { countries: [1], exclude_countries: true }
    expect(shippingTypeFits(abroad, 1)).toBe(false)
    expect(shippingTypeFits(abroad, 3)).toBe(true)
  })
  it('no country chosen yet rules nothing out', () => {
    expect(shippingTypeFits({ countries: [1], exclude_countries: false }, null)).toBe(true)
  })
  it('a type without the fields (or with nulls) is read as valid everywhere', () => {
    expect(shippingTypeFits(ShippingType.parse({ id: 3, name: 'Courier', countries: null, exclude_countries: null }), 12)).toBe(true)
    expect(shippingTypeFits(ShippingType.parse({ id: 4, name: 'Post' }), 12)).toBe(true)
  })
})
