import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Basket, Order, Organisation, ProductGroupListItem, UserListItem } from '../../shared/api'
import { startSandbox, type Sandbox } from '.'
import { TestClient } from '../../tests/support/sandbox/test-client'

/**
 * Tenant isolation: every seeded organisation's clients against every other organisation's
 * resources. A resource outside the caller's own organisation and descendants must answer 404
 * (never its content), writes included, and never appear in a list.
 */
let sb: Sandbox
let root: TestClient
const orgIds: number[] = []
const parent = new Map<number, number | null>()
const owned = { users: new Map<number, number>(), baskets: new Map<number, Basket>(), orders: new Map<number, Order>(), groups: new Map<number, number>() }

beforeAll(async () => {
  sb = await startSandbox({ products: 60, orders: 140, speed: 0 })
  root = new TestClient(sb)
  for (const o of (await root.get<Organisation[]>('/organisations')).body) {
    orgIds.push(o.id)
    parent.set(o.id, o.parent ?? null)
  }
  for (const u of (await root.get<UserListItem[]>('/users')).body) if (!owned.users.has(u.organisation)) owned.users.set(u.organisation, u.id)
  for (const b of sb.control.listBasketsRaw()) if (!owned.baskets.has(b.organisation)) owned.baskets.set(b.organisation, b)
  for (const o of sb.control.listOrdersRaw()) if (!owned.orders.has(o.organisation)) owned.orders.set(o.organisation, o)
  for (const g of (await root.get<ProductGroupListItem[]>('/product_groups')).body) {
    const full = (await root.get<{ organisation: number }>(`/product_groups/${g.id}`)).body
    owned.groups.set(g.id, full.organisation)
  }
})
afterAll(() => sb.close())

/** X sees Y when Y is X or a descendant of X. */
function sees(x: number, y: number): boolean {
  for (let o: number | null | undefined = y; o; o = parent.get(o)) if (o === x) return true
  return false
}

describe('tenant isolation matrix', () => {
  it('seeds a tree at least five deep with resources in every organisation', () => {
    expect(orgIds.length).toBeGreaterThanOrEqual(10)
    const depth = (id: number): number => (parent.get(id) ? 1 + depth(parent.get(id)!) : 0)
    expect(Math.max(...orgIds.map(depth))).toBeGreaterThanOrEqual(4)
    for (const id of orgIds) {
      expect(owned.users.has(id), `users of ${id}`).toBe(true)
      expect(owned.baskets.has(id), `baskets of ${id}`).toBe(true)
      expect(owned.orders.has(id), `orders of ${id}`).toBe(true)
    }
  })

  it('answers 404 (and no content) for every other tenant\u2019s resources, with zero leaks', async () => {
    const leaks: string[] = []
    let checked = 0
    for (const creds of sb.clients.filter((c) => c.admin)) {
      const x = creds.organisationId
      const api = new TestClient(sb, creds)
      for (const y of orgIds) {
        const visible = sees(x, y)
        const basket = owned.baskets.get(y)!
        const order = owned.orders.get(y)!
        const userId = owned.users.get(y)!
        const probes: [string, string, unknown?][] = [
          ['GET', `/organisations/${y}/addresses`],
          ['GET', `/users/${userId}`],
          ['GET', `/baskets/${basket.id}`],
          ['GET', `/orders/${order.id}`],
        ]
        if (!visible) {
          probes.push(
            ['PUT', `/users/${userId}`, { name: 'Hijack', email_address: `hijack${x}.${y}@evil.example`, organisation: x }],
            ['PUT', `/baskets/${basket.id}`, { name: 'Hijack' }],
            ['POST', `/baskets/${basket.id}/line_items`, { product: 5, quantity: 1 }],
            ['POST', `/baskets/${basket.id}/submit`],
            ['POST', `/orders/${order.id}/cancel`],
            ['POST', `/orders/${order.id}/resubmit`],
          )
        }
        for (const [method, path, body] of probes) {
          const res = await api.call(method, path, { body })
          checked++
          const ok = visible ? res.status === 200 : res.status === 404
          if (!ok) leaks.push(`org ${x} ${method} ${path} (owner ${y}) -> ${res.status}`)
          if (!visible && (res.text.includes(basket.name ?? '\u0000') || res.text.includes(`"id":${order.id},`))) leaks.push(`org ${x} ${method} ${path}: content in body`)
        }
      }
      for (const [groupId, owner] of owned.groups) {
        const res = await api.get(`/product_groups/${groupId}`)
        const put = sees(x, owner) ? undefined : await api.put(`/product_groups/${groupId}`, { name: 'Hijack' })
        checked++
        if (res.status !== (sees(x, owner) ? 200 : 404) || (put && put.status !== 404)) leaks.push(`org ${x} product group ${groupId} (owner ${owner}) -> ${res.status}/${put?.status}`)
      }
    }
    expect(leaks).toEqual([])
    expect(checked).toBeGreaterThan(1000)
    // Nothing was changed by the refused writes.
    for (const b of sb.control.listBasketsRaw()) expect(b.name).not.toBe('Hijack')
  })

  it('lists only the caller\u2019s organisation and descendants, for admins and non-admins', async () => {
    const leaks: string[] = []
    for (const creds of sb.clients) {
      const x = creds.organisationId
      const api = new TestClient(sb, creds)
      const outside = orgIds.filter((y) => !sees(x, y))
      const orders = (await api.get<Order[]>('/orders')).body
      if (orders.some((o) => !sees(x, o.organisation))) leaks.push(`org ${x}: /orders`)
      if (outside.length && (await api.get<Order[]>('/orders', { query: { organisation: outside } })).body.length) leaks.push(`org ${x}: /orders?organisation=outside`)
      const baskets = (await api.get<Basket[]>('/baskets')).body
      if (baskets.some((b) => b.organisation !== x)) leaks.push(`org ${x}: /baskets`)
      const orgs = (await api.get<Organisation[]>('/organisations')).body
      if (orgs.some((o) => !sees(x, o.id)) || orgs.length !== orgIds.filter((y) => sees(x, y)).length) leaks.push(`org ${x}: /organisations`)
      const groups = (await api.get<ProductGroupListItem[]>('/product_groups')).body
      if (groups.some((g) => !sees(x, owned.groups.get(g.id)!))) leaks.push(`org ${x}: /product_groups`)
      if (creds.admin) {
        const users = (await api.get<UserListItem[]>('/users')).body
        if (users.some((u) => !sees(x, u.organisation))) leaks.push(`org ${x}: /users`)
        if (outside.length && (await api.get<UserListItem[]>('/users', { query: { organisation: outside } })).body.length) leaks.push(`org ${x}: /users?organisation=outside`)
      }
    }
    expect(leaks).toEqual([])
  })
})
