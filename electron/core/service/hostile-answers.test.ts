import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SHOWCASE, startSandbox, type Fault, type Sandbox } from '../../sandbox'
import { systemClock, type Logger } from '../platform/services'
import { ServiceClient, type ServiceClientTuning } from './client'
import { ServiceError } from './service-error'

/**
 * The real client against the sandbox's hostile answers: each ends with the error a user is shown
 * (its code), and the client keeps working afterwards. Bounds are the defaults of body-reader.ts,
 * except the body deadline, shortened so the slow and trickling answers end quickly.
 */
let sb: Sandbox
const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} }
const clients: ServiceClient[] = []

function client(tuning: ServiceClientTuning = {}): ServiceClient {
  const c = new ServiceClient({ baseUrl: sb.baseUrl, clientId: sb.demo.clientId, secret: async () => sb.demo.clientSecret }, { clock: systemClock, log: quiet, ...tuning })
  clients.push(c)
  return c
}

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ServiceError)
  return err as ServiceError
}

const onProducts = (f: Fault) => sb.control.injectFault({ ...f, times: 1, match: { method: 'GET', path: '^/products$' } } as Fault)
const products = (c: ServiceClient) => c.list('listProducts', { query: { per_page: 50 } })

beforeAll(async () => {
  sb = await startSandbox({ products: 300, orders: 20, speed: 0, testMode: true })
})
afterEach(async () => {
  sb.control.clearFaults()
  for (const c of clients.splice(0)) await c.close()
})
afterAll(() => sb.close())

describe('compressed answers', () => {
  it('asks for br and gzip when told to (always, away from this computer) and reads the same rows with fewer bytes', async () => {
    sb.control.clearRequestLog()
    const plain = await products(client())
    const packed = await products(client({ compression: true }))
    expect(packed.items).toEqual(plain.items)
    const [a, b] = sb.control.requestLog().filter((r) => r.path === '/products')
    expect(b!.bytes * 5).toBeLessThan(a!.bytes)
  })

  it('answers a repeated poll from its copy when the service says 304 Not Modified', async () => {
    const c = client({ compression: true })
    const query = { status: ['PROCESSING', 'CREATED'], per_page: 1000 }
    const first = await c.raw('listOrders', { query, revalidate: true })
    sb.control.clearRequestLog()
    const again = await c.raw('listOrders', { query, revalidate: true })
    expect(again.text).toBe(first.text)
    expect(sb.control.requestLog().map((r) => [r.path, r.status])).toEqual([['/orders', 304]])
  })
})

describe('hostile answers', () => {
  it('refuses a 500 MB answer by its Content-Length, before reading it', async () => {
    onProducts({ kind: 'hugeBody' })
    const err = await failure(products(client()))
    expect(err.code).toBe('too_large')
    expect(err.message).toMatch(/500 MB, more than the 16 MB/)
    expect((await products(client())).items).toHaveLength(50)
  })

  it('stops reading a 500 MB answer without a length at the size bound', async () => {
    onProducts({ kind: 'hugeBody', declareLength: false })
    const err = await failure(products(client()))
    expect(err.code).toBe('too_large')
  })

  it('stops an endless answer at the size bound, and a trickling one at the body deadline', async () => {
    onProducts({ kind: 'endless' })
    expect((await failure(products(client()))).code).toBe('too_large')
    onProducts({ kind: 'endless', bytesPerSecond: 200 })
    const err = await failure(products(client({ bodyLimits: { deadlineMs: 1500 } })))
    expect(err.code).toBe('timeout')
    expect(err.message).toMatch(/did not finish within 1.5 s/)
  })

  it('gives up a 1 byte/s answer at the body deadline; a write answered so is reported as perhaps done', async () => {
    onProducts({ kind: 'slow', bytesPerSecond: 1 })
    expect((await failure(products(client({ bodyLimits: { deadlineMs: 1500 } })))).code).toBe('timeout')

    sb.control.injectFault({ kind: 'slow', bytesPerSecond: 1, times: 1, match: { method: 'POST', path: '^/baskets$' } })
    const c = client({ bodyLimits: { deadlineMs: 1500 } })
    const err = await failure(c.call('createBasket', { body: { name: 'slow answer', line_items: [{ product: SHOWCASE.licence.id, quantity: 1 }] } }))
    expect(err.code).toBe('timeout')
    expect(err.mayHaveApplied).toBe(true)
    expect(sb.control.listBasketsRaw().filter((b) => b.name === 'slow answer')).toHaveLength(1)
  })

  it.each(['gzip', 'br'] as const)('refuses a %s decompression bomb at the decoded size bound', async (encoding) => {
    onProducts({ kind: 'bomb', encoding })
    const err = await failure(products(client()))
    expect(err.code).toBe('too_large')
    expect(err.message).toMatch(/decompression bomb/)
  })

  it('refuses JSON nested 100,000 deep before anything parses it', async () => {
    onProducts({ kind: 'deepJson' })
    const err = await failure(products(client()))
    expect(err.code).toBe('bad_response')
    expect(err.message).toMatch(/more than 64 levels/)
  })

  // A portal's 200 page cannot be told from a base URL that points at a website: both are named.
  it.each([
    [200, 'bad_response'],
    [302, 'captive_portal'],
    [511, 'captive_portal'],
  ] as const)('says a captive portal (%s) wants a sign-in, also for the token request', async (status, code) => {
    onProducts({ kind: 'captivePortal', status })
    expect((await failure(products(client()))).code).toBe(code)
    sb.control.injectFault({ kind: 'captivePortal', status, times: 1, match: { path: '^/oauth/create_token$' } })
    const err = await failure(client().authenticate())
    expect(err.code).toBe(code)
    expect(err.message).toMatch(/sign in to the network/i)
  })
})
