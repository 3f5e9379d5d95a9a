import { describe, expect, it } from 'vitest'
import { typedQuantity } from './typed-quantity'

describe('a typed quantity', () => {
  it('reads thousands grouped as the language groups them, never as a small number', () => {
    expect(typedQuantity('2.000', 'de')).toBe(2000)
    expect(typedQuantity('2,000', 'en-GB')).toBe(2000)
    expect(typedQuantity('2 000', 'fr')).toBe(2000)
    expect(typedQuantity('2\u202f000', 'fr')).toBe(2000)
    expect(typedQuantity('1.000.000', 'de')).toBe(1_000_000)
    expect(typedQuantity('12', 'de')).toBe(12)
    expect(typedQuantity('-1', 'en-GB')).toBe(-1)
  })

  it('calls anything else not a whole number: a decimal in either notation, a badly grouped number, words', () => {
    for (const [text, locale] of [['1.5', 'en-GB'], ['1,5', 'de'], ['1.5', 'de'], ['2,000', 'de'], ['12.34', 'de'], ['abc', 'en-GB'], ['1e3', 'en-GB']] as const) {
      expect(typedQuantity(text, locale), `${text} in ${locale}`).toBeNull()
    }
    expect(typedQuantity('  ', 'en-GB')).toBe('')
  })
})
