import { describe, expect, it } from 'vitest'
import { recordSuite } from '../../tests/support/sandbox/record-suite'

/**
 * Paging as the public record describes it (spec 4.2 and 8; service-conventions.md "Lists"), each
 * fact checked by a client written only from the record (plain fetch over real HTTP).
 */
// More than 1000 products, so the default and the largest page are visible.
const rec = recordSuite({ products: 1010, orders: 150, speed: 0, testMode: true })

type Row = Record<string, unknown> & { id: number }

/** Every list operation of the record: the known paths and the resource-style ones of service-conventions.md. */
const LISTS = ['/organisations', '/organisations/1/addresses', '/users', '/product_groups', '/products', '/baskets', '/orders', '/country_codes', '/shipping_types']

const totals = (res: { headers: Headers }) => ({ count: res.headers.get('x-total-count'), pages: res.headers.get('x-total-pages') })

describe('paging: page starts at 1, per_page defaults to 1000 and is never above 1000', () => {
  it('every list response carries X-Total-Count and X-Total-Pages', async () => {
    for (const path of LISTS) {
      const res = await rec.api.get<Row[]>(path)
      expect(res.status, path).toBe(200)
      expect(Array.isArray(res.body), path).toBe(true)
      const { count, pages } = totals(res)
      expect(count, path).toMatch(/^\d+$/)
      expect(pages, path).toMatch(/^\d+$/)
      expect(res.body.length, path).toBe(Math.min(Number(count), 1000))
    }
  })

  it('pages every list operation by page and per_page (spec 4.2: "pagination used by every list operation")', async () => {
    for (const path of LISTS) {
      const everything = (await rec.api.get<Row[]>(path)).body
      expect(everything.length, path).toBeGreaterThanOrEqual(2)
      const first = await rec.api.get<Row[]>(path, { per_page: 1 })
      const second = await rec.api.get<Row[]>(path, { per_page: 1, page: 2 })
      expect(first.body.map((r) => r.id), path).toEqual([everything[0]!.id])
      expect(second.body.map((r) => r.id), path).toEqual([everything[1]!.id])
      const count = Number(first.headers.get('x-total-count'))
      expect(totals(second), path).toEqual({ count: String(count), pages: String(count) })
      // Walking the pages by X-Total-Pages gives every row once.
      if (count <= 200) expect((await rec.api.all<Row>(path, {}, 1)).map((r) => r.id), path).toEqual(everything.map((r) => r.id))
    }
  })

  it('serves 1000 rows by default, with the rest on page 2', async () => {
    const res = await rec.api.get<Row[]>('/products')
    expect(res.body).toHaveLength(1000)
    expect(totals(res)).toEqual({ count: '1010', pages: '2' })
    expect((await rec.api.get<Row[]>('/products', { page: 2 })).body).toHaveLength(10)
  })

  it('never serves more than 1000 rows: per_page=5000 answers a page of 1000, and the totals count pages of 1000', async () => {
    const res = await rec.api.get<Row[]>('/products', { per_page: 5000 })
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1000)
    expect(totals(res)).toEqual({ count: '1010', pages: '2' })
    const second = await rec.api.get<Row[]>('/products', { per_page: 5000, page: 2 })
    expect(second.body.map((r) => r.id)).toEqual((await rec.api.get<Row[]>('/products', { page: 2 })).body.map((r) => r.id))
    expect((await rec.api.get<Row[]>('/orders', { per_page: 1001 })).status).toBe(200)
  })

  it('pages start at 1: page=1 is the first page, and a page before it (page=0) is read as the first', async () => {
    const first = (await rec.api.get<Row[]>('/orders', { per_page: 10 })).body.map((r) => r.id)
    expect((await rec.api.get<Row[]>('/orders', { per_page: 10, page: 1 })).body.map((r) => r.id)).toEqual(first)
    const zero = await rec.api.get<Row[]>('/orders', { per_page: 10, page: 0 })
    expect(zero.status).toBe(200)
    expect(zero.body.map((r) => r.id)).toEqual(first)
  })

  it('an empty page or per_page is its default, as an empty filter is no filter (page=&per_page=)', async () => {
    const first = (await rec.api.get<Row[]>('/products')).body.map((r) => r.id)
    for (const q of ['page=&per_page=', 'page=', 'per_page=', 'page=&per_page=&text=']) {
      const res = await rec.api.get<Row[]>('/products', q)
      expect(res.status, q).toBe(200)
      expect(res.body.map((r) => r.id), q).toEqual(first)
      expect(totals(res), q).toEqual({ count: '1010', pages: '2' })
    }
  })

  it('a page past the end, however far, is an empty page with the totals', async () => {
    for (const path of ['/products', '/orders', '/users', '/product_groups', '/country_codes']) {
      const count = (await rec.api.get<Row[]>(path, { per_page: 10 })).headers.get('x-total-count')
      for (const page of ['99999', '9007199254740993', '99999999999999999999']) {
        const res = await rec.api.get<Row[]>(path, `per_page=10&page=${page}`)
        expect(res.status, `${path} page=${page}`).toBe(200)
        expect(res.body, `${path} page=${page}`).toEqual([])
        expect(res.headers.get('x-total-count'), `${path} page=${page}`).toBe(count)
      }
    }
  })
})

describe('paging with each sort_by of spec 4.2', () => {
  it('walking the pages of a sorted list 7 at a time gives every row exactly once, in the order of pages of 1000', async () => {
    for (const [path, sorts] of [
      ['/orders', ['-date', '+date', '-total', '+total']],
      ['/users', ['-name', '+name', '-email_address', '+email_address']],
      ['/products', ['-popularity', '+price', '-name']],
    ] as const) {
      for (const sort_by of sorts) {
        const whole = (await rec.api.all<Row>(path, { sort_by })).map((r) => r.id)
        const walked = (await rec.api.all<Row>(path, { sort_by }, 7)).map((r) => r.id)
        expect(walked, `${path} ${sort_by}`).toEqual(whole)
        expect(new Set(walked).size, `${path} ${sort_by}`).toBe(walked.length)
      }
    }
  })
})

describe('the totals headers on a HEAD of a list (standard HTTP: HEAD answers GET\u2019s headers)', () => {
  it('carries the X-Total-Count and X-Total-Pages the GET carries, without a body', async () => {
    const get = await rec.api.get<Row[]>('/orders', { per_page: 7, status: 'COMPLETE' })
    const head = await rec.api.send<unknown>('HEAD', '/orders?per_page=7&status=COMPLETE')
    expect(head.status).toBe(200)
    expect(head.body).toBeUndefined()
    expect(totals(head)).toEqual(totals(get))
  })
})

describe('page and per_page are integers (spec 4.2); the sandbox README: a value not written as one is a 400', () => {
  it('refuses hexadecimal, exponent and decimal spellings, naming the parameter, as it refuses text; digits are read', async () => {
    for (const [name, value] of [['page', '0x2'], ['per_page', '1e3'], ['per_page', '0b11'], ['page', '2.5'], ['per_page', '10.0'], ['page', 'two']] as const) {
      const res = await rec.api.get<{ errors?: { field: string }[] }>('/orders', `${name}=${value}`)
      expect(res.status, `${name}=${value}`).toBe(400)
      expect(res.body.errors?.map((e) => e.field), `${name}=${value}`).toEqual([name])
    }
    for (const id of ['organisation', 'vendor']) {
      const path = id === 'vendor' ? '/products' : '/orders'
      expect((await rec.api.get(path, `${id}=0x5`)).status, `${id}=0x5`).toBe(400)
    }
    const second = await rec.api.get<Row[]>('/orders', 'page=+2&per_page=007')
    expect(second.status).toBe(200)
    expect(second.body.map((r) => r.id)).toEqual((await rec.api.get<Row[]>('/orders', { page: 2, per_page: 7 })).body.map((r) => r.id))
  })
})
