import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TEXT_WORKER_SOURCE } from './sync-worker-source'
import { indexText } from './search-text'

/** The rule as first written: a space after every letter followed by a digit, and after every digit followed by a letter. */
const reference = (text: string) => text.replace(/\p{L}(?=\p{N})|\p{N}(?=\p{L})/gu, '$& ')

describe('indexText', () => {
  it('splits letters from digits, and nothing else', () => {
    expect(indexText('SW8776 Cat6A 10GbE x')).toBe('SW 8776 Cat 6 A 10 GbE x')
    expect(indexText('²Ω ٣ab 𝐀1𝐁')).toBe(reference('²Ω ٣ab 𝐀1𝐁'))
  })

  it('agrees with the letter/digit rule on any text, astral letters and digits included', () => {
    const char = fc.constantFrom('a', 'Z', 'é', '7', '0', '²', '٣', '𝐀', '𝟙', ' ', '-', '.', '\n', '\u0301')
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(char, { maxLength: 30 }).map((c) => c.join(''))), (text) => {
        expect(indexText(text)).toBe(reference(text))
      }),
      { numRuns: 2000 },
    )
  })

  it('is the very function the sync worker runs', () => {
    expect(TEXT_WORKER_SOURCE).toContain(String(indexText))
  })
})
