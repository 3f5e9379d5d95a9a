import { describe, expect, it } from 'vitest'
import { recordSuite } from '../../tests/support/sandbox/record-suite'

/**
 * How a client written from the public record may spell list parameters; where the record is silent
 * the sandbox is tolerant, as a real server would be, each fact checked by a client written only
 * from the record (plain fetch over real HTTP).
 */
const rec = recordSuite({ products: 200, orders: 150, speed: 0, testMode: true })

type Row = Record<string, unknown> & { id: number }

describe('spellings a client written from the record may use', () => {
  const ids = (res: { body: Row[] }) => res.body.map((r) => r.id)

  it('an array parameter as status[]=A&status[]=B, status[0]=A&status[1]=B or status=A,B means status=A&status=B', async () => {
    const want = ids(await rec.api.get<Row[]>('/orders', 'status=FAILED&status=CANCELLED'))
    expect(want.length).toBeGreaterThan(0)
    for (const q of ['status[]=FAILED&status[]=CANCELLED', 'status%5B%5D=FAILED&status%5B%5D=CANCELLED', 'status[0]=FAILED&status[1]=CANCELLED', 'status=FAILED,CANCELLED', 'status=FAILED%2CCANCELLED']) {
      const res = await rec.api.get<Row[]>('/orders', q)
      expect(res.status, q).toBe(200)
      expect(ids(res), q).toEqual(want)
    }
    const orgs = ids(await rec.api.get<Row[]>('/users', 'organisation=5&organisation=10'))
    for (const q of ['organisation[]=5&organisation[]=10', 'organisation=5,10', 'organisation[0]=5&organisation[1]=10']) expect(ids(await rec.api.get<Row[]>('/users', q)), q).toEqual(orgs)
  })

  it('sort_by as one value, as sort_by[]=, as several in order, with + encoded, unencoded or comma-separated', async () => {
    const byTotalDesc = ids(await rec.api.get<Row[]>('/orders', 'sort_by=-total&per_page=20'))
    const byDateAsc = ids(await rec.api.get<Row[]>('/orders', 'sort_by=%2Bdate&per_page=20'))
    expect(ids(await rec.api.get<Row[]>('/orders', 'sort_by[]=-total&per_page=20'))).toEqual(byTotalDesc)
    expect(ids(await rec.api.get<Row[]>('/orders', 'sort_by=+date&per_page=20'))).toEqual(byDateAsc)
    expect(ids(await rec.api.get<Row[]>('/orders', 'sort_by[]=%2Bdate&per_page=20'))).toEqual(byDateAsc)
    const twoKeys = ids(await rec.api.get<Row[]>('/products', 'sort_by=-price&sort_by=%2Bname&per_page=50'))
    for (const q of ['sort_by[]=-price&sort_by[]=%2Bname&per_page=50', 'sort_by=-price,%2Bname&per_page=50', 'sort_by=-price,+name&per_page=50']) {
      const res = await rec.api.get<Row[]>('/products', q)
      expect(res.status, q).toBe(200)
      expect(ids(res), q).toEqual(twoKeys)
    }
  })

  it('an empty filter value is no filter', async () => {
    const all = ids(await rec.api.get<Row[]>('/orders', 'per_page=30'))
    for (const q of ['status=&per_page=30', 'organisation=&per_page=30', 'text=&per_page=30', 'payment_type=&per_page=30']) {
      const res = await rec.api.get<Row[]>('/orders', q)
      expect(res.status, q).toBe(200)
      expect(ids(res), q).toEqual(all)
    }
    expect((await rec.api.get<Row[]>('/products', 'vendor=&type=')).body).toHaveLength(200)
    expect((await rec.api.get<Row[]>('/orders', 'sort_by=&per_page=30')).body.map((r) => r.id)).toEqual(all)
  })

  it('a boolean filter as true/false in any case, or 1/0', async () => {
    const unverified = ids(await rec.api.get<Row[]>('/users', 'verified=false'))
    expect(unverified.length).toBeGreaterThan(0)
    expect(ids(await rec.api.get<Row[]>('/users', 'verified=0'))).toEqual(unverified)
    expect(ids(await rec.api.get<Row[]>('/users', 'verified=1'))).toEqual(ids(await rec.api.get<Row[]>('/users', 'verified=true')))
    // Python writes its booleans True and False.
    expect(ids(await rec.api.get<Row[]>('/users', 'verified=False'))).toEqual(unverified)
    expect(ids(await rec.api.get<Row[]>('/users', 'verified=TRUE'))).toEqual(ids(await rec.api.get<Row[]>('/users', 'verified=true')))
  })

  it('a path with a trailing slash is the same resource, as most servers treat it', async () => {
    const plain = await rec.api.get<Row[]>('/orders', 'per_page=5')
    const slashed = await rec.api.get<Row[]>('/orders/', 'per_page=5')
    expect(slashed.status).toBe(200)
    expect(ids(slashed)).toEqual(ids(plain))
    const one = await rec.api.get<Row>(`/orders/${ids(plain)[0]}/`)
    expect(one.status).toBe(200)
    expect(one.body.id).toBe(ids(plain)[0])
  })

  it('a doubled slash is the same resource, as a base URL ending in / joined with /orders gives', async () => {
    const plain = await rec.api.get<Row[]>('/orders', 'per_page=5')
    const doubled = await rec.api.get<Row[]>('//orders', 'per_page=5')
    expect(doubled.status).toBe(200)
    expect(ids(doubled)).toEqual(ids(plain))
    expect(doubled.headers.get('x-total-count')).toBe(plain.headers.get('x-total-count'))
    const one = await rec.api.get<Row>(`//orders//${ids(plain)[0]}`)
    expect(one.status).toBe(200)
    expect(one.body.id).toBe(ids(plain)[0])
    const token = await fetch(`${rec.sb.url}/api/v1//oauth/create_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: rec.sb.demo.clientId, client_secret: rec.sb.demo.clientSecret, grant_type: 'client_credentials' }),
    })
    expect(token.status).toBe(200)
  })
})
