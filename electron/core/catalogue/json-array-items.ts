const QUOTE = 34
const BACKSLASH = 92
const COMMA = 44
const OPEN_BRACE = 123
const OPEN_BRACKET = 91
const CLOSE_BRACE = 125
const CLOSE_BRACKET = 93

/**
 * Where each element of a JSON array is in its text, without parsing the array: [start, end) of
 * element i at [2i] and [2i + 1]. A product is read from its stored page by slicing and parsing only
 * it; the bounds of a page are found once and kept while its products are being read. Null when
 * the text is not an array. Expects text that JSON.parse accepts.
 */
export function jsonArrayBounds(text: string): number[] | null {
  const bounds: number[] = []
  let depth = 0
  let start = -1
  let last = -1
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c <= 32) continue
    if (depth === 0) {
      if (c !== OPEN_BRACKET) return null
      depth = 1
      continue
    }
    if (depth === 1 && start < 0 && c !== COMMA && c !== CLOSE_BRACKET) start = i
    if (c === QUOTE) {
      i = closingQuote(text, i)
      if (i < 0) return null
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--
      if (depth === 0) {
        if (start >= 0) bounds.push(start, last + 1)
        return bounds
      }
    } else if (c === COMMA && depth === 1) {
      bounds.push(start, last + 1)
      start = -1
      continue
    }
    last = i
  }
  return null
}

/** Index of the quote closing the string that opens at `open` (skipping escaped quotes). */
function closingQuote(text: string, open: number): number {
  let j = open
  for (;;) {
    j = text.indexOf('"', j + 1)
    if (j < 0) return -1
    let backslashes = 0
    for (let k = j - 1; text.charCodeAt(k) === BACKSLASH; k--) backslashes++
    if (backslashes % 2 === 0) return j
  }
}
