import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TEXT_WORKER_SOURCE } from './sync-worker-source'
import { ftsQuery, indexText } from './search-text'

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

describe('ftsQuery: a word typed as one, written as two', () => {
  // Products each word is in: "wi" and "fi" come together (Wi-Fi); "st" and "and" do not.
  const docs = new Map([['wi', 150], ['fi', 154], ['wifi', 1], ['st', 40], ['and', 9000], ['stand', 12]])
  const wordDocs = (w: string) => docs.get(w) ?? 0

  it('also reads "wifi" as "wi" and "fi" when both are words found in about as many products', () => {
    expect(ftsQuery('wifi router', { wordDocs })).toBe('("wifi" OR ("wi" AND "fi")) AND "router"*')
    expect(ftsQuery('wifi', { wordDocs, prefix: false })).toBe('("wifi" OR ("wi" AND "fi"))')
  })

  it('leaves alone a word whose halves are not found together, a word no two words make, numbers and short words', () => {
    expect(ftsQuery('stand', { wordDocs, prefix: false })).toBe('"stand"')
    expect(ftsQuery('router', { wordDocs, prefix: false })).toBe('"router"')
    expect(ftsQuery('abc', { wordDocs, prefix: false })).toBe('"abc"')
    expect(ftsQuery('1234', { wordDocs })).toBe('"1234"')
  })
})
