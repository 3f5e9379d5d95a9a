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
}

/**
 * The query box as FTS5 syntax, every word required. The last word may still be being typed: from
 * three letters on it matches the words it starts (spelled out when there are few; numbers and
 * shorter words are matched whole). Quoting keeps user text from being syntax.
 */
export function ftsQuery(text: string, opts: FtsQueryOptions = {}): string | null {
  const words = indexText(text.toLowerCase()).split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 24)
  if (!words.length) return null
  const last = words.length - 1
  return words
    .map((w, i) => {
      if (i < last || opts.prefix === false || w.length < 3 || /\p{N}/u.test(w)) return `"${w}"`
      const spelled = opts.wordsStarting?.(w)
      if (spelled && spelled.length > 0 && spelled.length <= MAX_EXPANSION) return `(${spelled.map((t) => `"${t.replaceAll('"', '""')}"`).join(' OR ')})`
      return `"${w}"*`
    })
    .join(' AND ')
}

export { MAX_EXPANSION }
