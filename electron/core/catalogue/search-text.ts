/**
 * How text meets the full-text index. Runs of letters and runs of digits are indexed as separate
 * words ("SW8776" → "sw 8776", "Cat6A" → "cat 6 a"), in the documents and in the query alike: the
 * vocabulary then holds words and numbers instead of one distinct term per model code, so a typed
 * prefix expands to a handful of terms rather than thousands.
 *
 * Self-contained (no module-level names): the sync's text worker runs this very function from its
 * source text, over 100,000 products' descriptions. Digit runs are the rare part of a text, so they
 * are found first and only their neighbours looked at (ASCII by code, other characters against the
 * Unicode classes): several times faster than testing every letter.
 */
export function indexText(text: string): string {
  let letter: RegExp | undefined
  return text.replace(/\p{N}+/gu, (run: string, at: number) => {
    const end = at + run.length
    let before = false
    if (at > 0) {
      const code = text.charCodeAt(at - 1)
      if (code < 128) before = (code | 32) >= 97 && (code | 32) <= 122
      else {
        // The character before may be the second half of a surrogate pair.
        const pair = code >= 0xdc00 && code <= 0xdfff && at >= 2 && text.charCodeAt(at - 2) >= 0xd800 && text.charCodeAt(at - 2) <= 0xdbff
        before = (letter ??= /^\p{L}$/u).test(String.fromCodePoint(text.codePointAt(pair ? at - 2 : at - 1)!))
      }
    }
    let after = false
    if (end < text.length) {
      const code = text.charCodeAt(end)
      if (code < 128) after = (code | 32) >= 97 && (code | 32) <= 122
      else after = (letter ??= /^\p{L}$/u).test(String.fromCodePoint(text.codePointAt(end)!))
    }
    return (before ? ' ' : '') + run + (after ? ' ' : '')
  })
}

/** Most words a typed prefix is spelled out as; beyond that it stays a prefix query. */
const MAX_EXPANSION = 32

interface FtsQueryOptions {
  /** Whether the last word may be a prefix (off for SKU-shaped queries, whose parts are whole). */
  prefix?: boolean
  /** The indexed words starting with a prefix (up to MAX_EXPANSION + 1 of them). */
  wordsStarting?: (prefix: string) => string[]
  /** How many products an indexed word is in (0 if none): a word typed as one may be written as two ("wifi", "Wi-Fi"). */
  wordDocs?: (word: string) => number
}

/** Most ways a word typed as one is read as two. */
const MAX_SPLITS = 2
/** Two halves of one written word ("Wi-Fi") are found in about as many products as each other. */
const SPLIT_DOCS_RATIO = 0.5

/**
 * A word the catalogue may write as two ("wifi" for "Wi-Fi"): both halves (two letters at least)
 * required, where both are indexed words found in about as many products as each other, as the
 * two halves of one written word are ("stand" is not read as "st" and "and"). The index keeps no
 * positions, so the halves are required, not as a phrase.
 */
function splitReadings(word: string, wordDocs: ((w: string) => number) | undefined): string[] {
  if (!wordDocs || word.length < 4 || /\p{N}/u.test(word)) return []
  const out: string[] = []
  for (let i = 2; i <= word.length - 2 && out.length < MAX_SPLITS; i++) {
    const [a, b] = [word.slice(0, i), word.slice(i)]
    const [da, db] = [wordDocs(a), wordDocs(b)]
    if (da > 0 && db > 0 && Math.min(da, db) / Math.max(da, db) >= SPLIT_DOCS_RATIO) out.push(`("${a}" AND "${b}")`)
  }
  return out
}

/**
 * The query box as FTS5 syntax, every word required. The last word may still be being typed: from
 * three letters on it matches the words it starts (spelled out when there are few; numbers and
 * shorter words are matched whole). A word may also match as the two words the catalogue writes it
 * as ("wifi" finds "Wi-Fi"). Quoting keeps user text from being syntax.
 */
export function ftsQuery(text: string, opts: FtsQueryOptions = {}): string | null {
  const words = indexText(text.toLowerCase()).split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 24)
  if (!words.length) return null
  const last = words.length - 1
  const asTyped = (w: string, i: number): string => {
    if (i < last || opts.prefix === false || w.length < 3 || /\p{N}/u.test(w)) return `"${w}"`
    const spelled = opts.wordsStarting?.(w)
    if (spelled && spelled.length > 0 && spelled.length <= MAX_EXPANSION) return `(${spelled.map((t) => `"${t.replaceAll('"', '""')}"`).join(' OR ')})`
    return `"${w}"*`
  }
  return words
    .map((w, i) => {
      const split = splitReadings(w, opts.wordDocs)
      return split.length ? `(${asTyped(w, i)} OR ${split.join(' OR ')})` : asTyped(w, i)
    })
    .join(' AND ')
}

export { MAX_EXPANSION }
