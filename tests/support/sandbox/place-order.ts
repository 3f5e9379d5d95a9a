import type { BasketBody, CountryCode, LineItemRequest, Order } from '../../../shared/api'
import type { TestClient } from './test-client'

/**
 * TESTS ONLY — an order placed over HTTP, as another client of the service would: `lines`, shipping
 * type 1, an address in Leeds in the first country the service lists, and whatever else `fields`
 * gives (a name, a purchase order number, an address of its own). Throws unless it was placed.
 */
export async function placeOrder(client: TestClient, lines: LineItemRequest[], fields: Omit<BasketBody, 'line_items'> = {}): Promise<Order> {
  const shipping_address = fields.shipping_address ?? { addr_line_1: '1 High St', city: 'Leeds', postal_code: 'LS1 1AA', country_code: await firstCountry(client) }
  const res = await client.post<Order>('/orders', { shipping_type: 1, ...fields, shipping_address, line_items: lines })
  if (res.status !== 201) throw new Error(`the order was not placed (${res.status}): ${res.text}`)
  return res.body
}

async function firstCountry(client: TestClient): Promise<number> {
  return (await client.get<CountryCode[]>('/country_codes', { query: { per_page: 1000 } })).body[0]!.id
}
