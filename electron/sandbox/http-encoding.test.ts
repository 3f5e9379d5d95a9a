import { request } from 'undici'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '.'
import { createTokenFor } from '../../tests/support/sandbox/test-client'
import { negotiate } from './http-encoding'

let sb: Sandbox
let token: string
beforeAll(async () => {
  sb = await startSandbox({ products: 200, orders: 20, speed: 0 })
  token = await createTokenFor(sb.baseUrl, sb.demo)
})
afterAll(() => sb.close())

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await request(`${sb.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } })
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) }
}

describe('compression and conditional requests, as a production server answers', () => {
  it('compresses with br when offered, else gzip, else not at all; the decoded answer is the same', async () => {
    const plain = await get('/products?per_page=100')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i)
    const br = await get('/products?per_page=100', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength)
    expect(br.body.byteLength * 5).toBeLessThan(plain.body.byteLength)
    const gz = await get('/products?per_page=100', { 'accept-encoding': 'gzip, br;q=0' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
  })

  it('answers HEAD with the headers GET sends, its ETag included, and If-None-Match on HEAD with 304', async () => {
    const got = await get('/orders?per_page=50', { 'accept-encoding': 'br' })
    const head = await request(`${sb.baseUrl}/orders?per_page=50`, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' } })
    await head.body.dump()
    expect(head.statusCode).toBe(200)
    expect(head.headers.etag).toBe(got.headers.etag)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.headers['content-length']).toBe(got.headers['content-length'])
    const again = await request(`${sb.baseUrl}/orders?per_page=50`, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'if-none-match': String(got.headers.etag) } })
    await again.body.dump()
    expect(again.statusCode).toBe(304)
  })

  it('sends small answers as they are', async () => {
    const small = await get('/whoami', { 'accept-encoding': 'br, gzip' })
    expect(small.body.byteLength).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('answers If-None-Match with 304 and no body while the list is unchanged', async () => {
    const first = await get('/orders?per_page=50', { 'accept-encoding': 'br' })
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\/"/)
    const again = await get('/orders?per_page=50', { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.byteLength).toBe(0)
    // An order of that page changes: the next revalidation gets the whole new list.
    const listed = JSON.parse(brotliDecompressSync(first.body).toString()) as { id: number; status: string }[]
    sb.control.transition(listed[0]!.id, listed[0]!.status === 'FAILED' ? 'CANCELLED' : 'FAILED')
    const changed = await get('/orders?per_page=50', { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('answers a products page asked with its ETag 304, with its list headers, until anything is written', async () => {
    const first = await get('/products?per_page=50&page=2', { 'accept-encoding': 'br' })
    const etag = String(first.headers.etag)
    // The same validator however it travels: the body's, not its encoding's.
    expect((await get('/products?per_page=50&page=2')).headers.etag).toBe(etag)
    const again = await get('/products?per_page=50&page=2', { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.byteLength).toBe(0)
    expect(again.headers).toMatchObject({ etag, 'x-total-count': first.headers['x-total-count'], 'x-total-pages': first.headers['x-total-pages'] })
    // Another page or another query is not this one.
    expect((await get('/products?per_page=50&page=3', { 'if-none-match': etag })).status).toBe(200)
    // A product of the page costs more now: the page, and a new ETag.
    const listed = JSON.parse(brotliDecompressSync(first.body).toString()) as { id: number; price: number }[]
    sb.control.raisePrices([listed[0]!.id], 10)
    const changed = await get('/products?per_page=50&page=2', { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect((JSON.parse(changed.body.toString()) as { price: number }[])[0]!.price).toBeCloseTo(listed[0]!.price * 1.1, 2)
    // A write elsewhere (an order moves) leaves the page as it is: built again, the same ETag, 304.
    const newEtag = String(changed.headers.etag)
    const order = (JSON.parse((await get('/orders?per_page=1')).body.toString()) as { id: number; status: string }[])[0]!
    sb.control.transition(order.id, order.status === 'FAILED' ? 'CANCELLED' : 'FAILED')
    expect((await get('/products?per_page=50&page=2', { 'if-none-match': newEtag })).status).toBe(304)
  })

  it('negotiates by q-values', () => {
    expect(negotiate('gzip;q=1, br;q=0.5')).toBe('gzip')
    expect(negotiate('identity')).toBeNull()
    expect(negotiate('*')).toBe('br')
    expect(negotiate('br;q=0, *;q=0.1')).toBe('gzip')
    expect(negotiate(undefined)).toBeNull()
  })
})
