/**
 * How text meets the full-text index. Runs of letters and runs of digits are indexed as separate
 * words ("SW8776" → "sw 8776", "Cat6A" → "cat 6 a"), in the documents and in the query alike: the
 * vocabulary then holds words and numbers instead of one distinct term per model code, so a typed
 * prefix expands to a handful of terms rather than thousands.
 */
const BOUNDARY = /(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu

export function indexText(text: string): string {
  return text.replace(BOUNDARY, ' ')
}

/**
 * The query box as FTS5 syntax, every word required. Only the last word is a prefix (it may still
 * be being typed), and only when it is two letters or more: numbers are matched whole. Quoting
 * keeps user text from being syntax.
 */
export function ftsQuery(text: string): string | null {
  const words = indexText(text.toLowerCase()).split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 24)
  if (!words.length) return null
  return words.map((w, i) => (i === words.length - 1 && w.length >= 2 && !/\p{N}/u.test(w) ? `"${w}"*` : `"${w}"`)).join(' ')
}
