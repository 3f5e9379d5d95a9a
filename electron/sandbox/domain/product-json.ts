/**
 * Products are stored as serialized JSON with markers where the answer depends on the request: a
 * price (per organisation, and raised by buy_price_increased) and the sandbox's base URL (the port
 * changes between runs of a persisted database). Serving a page splices strings; nothing is re-serialized.
 */
export const BASE_MARKER = '@@base'
const PRICE_PREFIX = '@@p:'

/** Stored in place of a price: the JSON string `"@@p:<productId>"`. */
export function priceMarker(productId: number): string {
  return `${PRICE_PREFIX}${productId}`
}

/**
 * Appends a stored document to `parts` with every marker replaced. An indexOf scan for '@@' is
 * several times faster than a regular expression with a callback, and appending the pieces of a
 * whole page to one array joined once avoids copying the 1.5 MB page several times.
 */
export function spliceInto(parts: string[], doc: string, priceOf: (productId: number) => number, baseUrl: string): void {
  let from = 0
  for (let at = doc.indexOf('@@', from); at !== -1; at = doc.indexOf('@@', from)) {
    if (doc.startsWith(BASE_MARKER, at)) {
      parts.push(doc.slice(from, at), baseUrl)
      from = at + BASE_MARKER.length
    } else if (doc.startsWith(PRICE_PREFIX, at) && doc.charCodeAt(at - 1) === QUOTE) {
      // `"@@p:123"` becomes the bare number 123 (quotes dropped).
      const end = doc.indexOf('"', at)
      parts.push(doc.slice(from, at - 1), String(priceOf(Number(doc.slice(at + PRICE_PREFIX.length, end)))))
      from = end + 1
    } else {
      parts.push(doc.slice(from, at + 2))
      from = at + 2
    }
  }
  parts.push(doc.slice(from))
}

/** One document (or several already joined) with its markers replaced. */
export function spliceProducts(docs: string, priceOf: (productId: number) => number, baseUrl: string): string {
  const parts: string[] = []
  spliceInto(parts, docs, priceOf, baseUrl)
  return parts.join('')
}

const QUOTE = 34
