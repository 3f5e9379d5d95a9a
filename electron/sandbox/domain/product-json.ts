/**
 * Products are stored as serialized JSON with markers where the answer depends on the request: a
 * price (per organisation, and raised by buy_price_increased) and the sandbox's base URL (the port
 * changes between runs of a persisted database). Serving a page splices strings; nothing is re-serialized.
 */
export const BASE_MARKER = '@@base'
const PRICE_PREFIX = '@@p:'
const MARKERS = /"@@p:(\d+)"|@@base/g

/** Stored in place of a price: the JSON string `"@@p:<productId>"`. */
export function priceMarker(productId: number): string {
  return `${PRICE_PREFIX}${productId}`
}

/** Replaces every marker in (one or many concatenated) stored product documents. */
export function spliceProducts(docs: string, priceOf: (productId: number) => number, baseUrl: string): string {
  return docs.replace(MARKERS, (_m, id: string | undefined) => (id === undefined ? baseUrl : String(priceOf(Number(id)))))
}
