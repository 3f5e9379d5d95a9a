const QUOTE = 34
const BACKSLASH = 92
const COMMA = 44
const OPEN_BRACE = 123
const OPEN_BRACKET = 91
const CLOSE_BRACE = 125
const CLOSE_BRACKET = 93

/**
 * The source text of element `index` of a JSON array, without parsing the array: a product is
 * read from its stored page by scanning up to it and parsing only it. Null when the array has no
 * such element. Expects text that JSON.parse accepts.
 */
export function jsonArrayItem(text: string, index: number): string | null {
  let depth = 0
  let element = 0
  let start = -1
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c <= 32) continue
    if (depth === 1 && start < 0 && c !== COMMA && c !== CLOSE_BRACKET) start = i
    if (c === QUOTE) {
      i = closingQuote(text, i)
      if (i < 0) return null
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--
      if (depth === 0) return element === index && start >= 0 ? text.slice(start, i).trim() : null
    } else if (c === COMMA && depth === 1) {
      if (element === index) return text.slice(start, i).trim()
      element++
      start = -1
    }
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
