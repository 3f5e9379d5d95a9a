import { describe, expect, it } from 'vitest'
import { typedAmount } from './typed-amount'

describe('an amount as the rep types it', () => {
  it('is read with the language’s decimal mark and digit grouping', () => {
    expect(typedAmount('1.500,50', 'de-DE')).toBe(1500.5)
    expect(typedAmount('1500,5', 'de-DE')).toBe(1500.5)
    expect(typedAmount('1 500,50', 'fr-FR')).toBe(1500.5)
    expect(typedAmount('1\u202f500,50', 'fr-FR')).toBe(1500.5)
    expect(typedAmount('1,500.50', 'en-GB')).toBe(1500.5)
    expect(typedAmount('1500', 'it-IT')).toBe(1500)
    expect(typedAmount(',5', 'nl-NL')).toBe(0.5)
    expect(typedAmount('  ', 'de-DE')).toBe('')
  })

  it('is not guessed from a mark the language does not use, nor from what is no amount', () => {
    // "1500.50" in German could be a grouped number cut short or an English decimal: refused.
    for (const [text, locale] of [
      ['1500.50', 'de-DE'],
      ['1,5,0', 'de-DE'],
      ['1,500,50', 'en-GB'],
      ['12a', 'en-GB'],
      ['-5', 'en-GB'],
      ['1.5.', 'en-GB'],
    ] as const)
      expect(typedAmount(text, locale), `${text} in ${locale}`).toBeNull()
  })
})
