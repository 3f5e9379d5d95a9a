import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHOWCASE, startSandbox, type Sandbox } from '.'

/**
 * A client written the way the service's public sample code is (service-conventions.md), with plain
 * fetch and nothing of ours: a host-only base URL plus the API path, a token by client_secret_post,
 * a basket of SKUs, the shipping type chosen for the address's country from GET /shipping_types,
 * an order placed directly with a body like a basket's, then followed with GET /orders/{id}. It
 * must run against the sandbox unchanged.
 */
let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox({ products: 40, orders: 0, speed: 0 })
})
afterAll(() => sb.close())

// ---- the sample-style client -----------------------------------------------------------------

interface SampleConfig {
  baseUrl: string
  apiPath: string
  clientId: string
  clientSecret: string
}

interface ShippingTypeItem {
  id: number
  name: string
  countries: number[]
  exclude_countries: boolean
}

class SampleClient {
  private token = ''
  constructor(private readonly config: SampleConfig) {}

  async authenticate(): Promise<void> {
    const res = await fetch(`${this.config.baseUrl}${this.config.apiPath}/oauth/create_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.config.clientId, client_secret: this.config.clientSecret, grant_type: 'client_credentials' }),
    })
    if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`)
    const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number }
    this.token = body.access_token
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.config.baseUrl}${this.config.apiPath}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as T }
  }

  /** The sample's rule: an empty list is any country; otherwise the list is where it may go, or where not with exclude_countries. */
  async shippingTypeFor(countryId: number): Promise<ShippingTypeItem | undefined> {
    const { body } = await this.request<ShippingTypeItem[]>('GET', '/shipping_types')
    return body.find((t) => t.countries.length === 0 || (t.exclude_countries ? !t.countries.includes(countryId) : t.countries.includes(countryId)))
  }
}

// ---- the run ---------------------------------------------------------------------------------

describe('a client written from the public sample code', () => {
  it('signs in, builds a basket by SKU with a shipping type chosen by country, places an order directly and follows it', async () => {
    const client = new SampleClient({ baseUrl: sb.url, apiPath: '/api/v1', clientId: sb.demo.clientId, clientSecret: sb.demo.clientSecret })
    await client.authenticate()

    const me = await client.request<{ id: number; organisation: number }>('GET', '/whoami')
    expect(me.status).toBe(200)
    expect(me.body.organisation).toBe(sb.demo.organisationId)

    const countries = (await client.request<{ id: number; iso_code: string; name: string }[]>('GET', '/country_codes')).body
    const byIso = (iso: string) => countries.find((c) => c.iso_code === iso)!.id
    const address = (country: number) => ({
      company_name: 'Sample Co',
      recipient_name: 'Goods In',
      addr_line_1: '1 Sample Street',
      city: 'London',
      postal_code: 'EC1A 1BB',
      country_code: country,
    })

    const ukType = (await client.shippingTypeFor(byIso('GB')))!
    expect(ukType.name).toBe('UK Standard Next Day Delivery')
    const basket = await client.request<{ id: number; status: string; shipping_type: number; line_items: { product: number; prov_product: number; quantity: number }[] }>('POST', '/baskets', {
      purchase_order_number: 'PO-SAMPLE-0001',
      shipping_address: address(byIso('GB')),
      shipping_type: ukType.id,
      provisioning_instructions: 'Please pre-configure VLAN 20',
      line_items: [{ product_code: SHOWCASE.switch.sku, quantity: 2, prov_product_code: SHOWCASE.provisioning.sku }],
      name: 'Sample basket',
    })
    expect(basket.status, JSON.stringify(basket.body)).toBe(201)
    expect(basket.body).toMatchObject({ status: 'DRAFT', shipping_type: ukType.id })
    expect(basket.body.line_items[0]).toMatchObject({ product: SHOWCASE.switch.id, prov_product: SHOWCASE.provisioning.id, quantity: 2 })

    // Abroad, the same rule picks a type that delivers there, and the order goes straight in.
    const frType = (await client.shippingTypeFor(byIso('FR')))!
    expect(frType.name).toBe('European Road Freight')
    const order = await client.request<{ id: number; status: string }>('POST', '/orders', {
      purchase_order_number: 'PO-SAMPLE-0002',
      shipping_address: address(byIso('FR')),
      shipping_type: frType.id,
      provisioning_instructions: '',
      line_items: [{ product_code: SHOWCASE.accessPoint.sku, quantity: 1, prov_product_code: SHOWCASE.provisioning.sku }],
      name: 'Sample order',
    })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    expect(order.body.status).toBe('CREATED')

    const followed = await client.request<{ id: number; status: string; shipping_type: number; purchase_order_number: string }>('GET', `/orders/${order.body.id}`)
    expect(followed.status).toBe(200)
    expect(followed.body).toMatchObject({ id: order.body.id, status: 'CREATED', shipping_type: frType.id, purchase_order_number: 'PO-SAMPLE-0002' })
  })

  it('is told why when the shipping type it sends does not deliver to the address', async () => {
    const client = new SampleClient({ baseUrl: sb.url, apiPath: '/api/v1', clientId: sb.demo.clientId, clientSecret: sb.demo.clientSecret })
    await client.authenticate()
    const res = await client.request<{ errors: { field: string; message: string }[] }>('POST', '/orders', {
      shipping_address: { addr_line_1: '3 Rue de Lyon', city: 'Paris', postal_code: '75012', country_code: 3 },
      shipping_type: 1,
      line_items: [{ product_code: SHOWCASE.router.sku, quantity: 1 }],
      name: 'Wrong way',
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual([{ field: 'shipping_type', message: 'UK Standard Next Day Delivery does not deliver to France' }])
  })

  it('bad credentials are answered as OAuth invalid_client', async () => {
    const res = await fetch(`${sb.url}/api/v1/oauth/create_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: sb.demo.clientId, client_secret: 'not-the-secret', grant_type: 'client_credentials' }),
    })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client')
  })
})
