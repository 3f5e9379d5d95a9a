import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CurrentUser, Order, ORDER_STATUSES } from '../../shared/api'
import { SHOWCASE, startSandbox, type Sandbox } from '.'
import { TestClient } from '../../tests/support/sandbox/test-client'

/** The sandbox as the real service's public record describes it (service-conventions.md, issue 14). */
describe('sandbox defaults follow the public record', () => {
  let sb: Sandbox
  let api: TestClient
  beforeAll(async () => {
    sb = await startSandbox({ products: 60, orders: 120, speed: 0, testMode: true })
    api = new TestClient(sb)
  })
  afterAll(() => sb.close())

  it('serves the nine documented statuses and DRAFT baskets, never PENDING_AUTHORISATION, which stays a filter value', async () => {
    const statuses = new Set(sb.control.listOrdersRaw().map((o) => o.status))
    expect(statuses).toEqual(new Set(ORDER_STATUSES.filter((s) => s !== 'DRAFT' && s !== 'PENDING_AUTHORISATION')))
    expect(new Set(sb.control.listBasketsRaw().map((b) => b.status))).toEqual(new Set(['DRAFT']))
    const filtered = await api.get<Order[]>('/orders', { query: { status: 'PENDING_AUTHORISATION' } })
    expect(filtered.status).toBe(200)
    expect(filtered.body).toEqual([])
  })

  it('places an order over the organisation’s authorisation limit as CREATED', async () => {
    const echo = new TestClient(sb, sb.clients.find((c) => c.organisationId === 10 && !c.admin)!)
    const big = await echo.post<Order>('/orders', { shipping_address: { company_name: 'Echo', addr_line_1: '1 Road', city: 'Harrogate', postal_code: 'HG1 1BA', country_code: 1 }, shipping_type: 1, line_items: [{ product: SHOWCASE.switch.id, quantity: 20 }] })
    expect(big.status).toBe(201)
    expect(big.body).toMatchObject({ status: 'CREATED', manual_authorisation: false })
  })

  it('names the user’s currency by its code unless asked for ids', async () => {
    expect(CurrentUser.parse((await api.get('/whoami')).body).currency).toBe('GBP')
  })

  it('reshapes answers on request: an extra field, a null where a string belongs, an unknown status', async () => {
    sb.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/orders$' }, rows: 2, set: { x_loyalty_tier: { level: 3 }, 'line_items.0.name': null, status: 'ON_HOLD' } })
    const rows = (await api.get<Record<string, unknown>[]>('/orders', { query: { per_page: 5 } })).body
    sb.control.clearFaults()
    expect(rows).toHaveLength(5)
    expect(rows.map((r) => r.status).slice(0, 2)).toEqual(['ON_HOLD', 'ON_HOLD'])
    expect(rows[2]!.status).not.toBe('ON_HOLD')
    expect(rows[0]!.x_loyalty_tier).toEqual({ level: 3 })
    expect((rows[0]!.line_items as { name: unknown }[])[0]!.name).toBeNull()
    // By id: the same orders are odd on whichever page or in whichever order they come.
    const ids = rows.slice(3, 5).map((r) => r.id as number)
    sb.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/orders$' }, ids, set: { status: 'ON_HOLD' } })
    const oldestFirst: Record<string, unknown>[] = []
    for (const page of [1, 2]) oldestFirst.push(...(await api.get<Record<string, unknown>[]>('/orders', { query: { page, per_page: 100, sort_by: '+date' } })).body)
    sb.control.clearFaults()
    expect(oldestFirst.filter((r) => r.status === 'ON_HOLD').map((r) => r.id).sort()).toEqual([...ids].sort())
    sb.control.injectFault({ kind: 'reshape', match: { path: '^/whoami$' }, unset: ['name'] })
    expect((await api.get<Record<string, unknown>>('/whoami')).body).not.toHaveProperty('name')
    sb.control.clearFaults()
  })
})

describe('sandbox options for what the public record leaves open', () => {
  let sb: Sandbox
  beforeAll(async () => {
    sb = await startSandbox({ products: 60, orders: 40, speed: 0, whoamiCurrency: 'id', manualAuthorisation: true })
  })
  afterAll(() => sb.close())

  it('whoamiCurrency id: the currency is an integer id, as the public sample says', async () => {
    const me = CurrentUser.parse((await new TestClient(sb).get('/whoami')).body)
    expect(me.currency).toBe(1)
  })

  it('manualAuthorisation: orders over the limit wait in PENDING_AUTHORISATION', async () => {
    expect(sb.control.listOrdersRaw().some((o) => o.status === 'PENDING_AUTHORISATION')).toBe(true)
  })
})
