const QUOTE = 34
const BACKSLASH = 92
const OPEN_BRACE = 123
const OPEN_BRACKET = 91
const CLOSE_BRACE = 125
const CLOSE_BRACKET = 93

/**
 * The source text of each element of a JSON array of objects, without parsing it (the page is
 * parsed once, for validation; storing each product's own text spares re-serialising 100,000 of
 * them). Null when the text is not an array whose elements are all objects or arrays: the caller
 * then serialises the parsed values instead. Expects text that JSON.parse accepted.
 */
export function jsonArrayItems(text: string): string[] | null {
  const items: string[] = []
  let depth = 0
  let start = -1
  let scalars = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      if (depth === 1) scalars = true
      i = closingQuote(text, i)
      if (i < 0) return null
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === 1) start = i
      depth++
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--
      if (depth === 1) items.push(text.slice(start, i + 1))
    } else if (depth === 1 && c > 32 && c !== 44) {
      // A number, true, false or null directly in the array.
      scalars = true
    }
  }
  return scalars ? null : items
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
