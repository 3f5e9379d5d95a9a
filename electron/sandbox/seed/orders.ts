import type { LineItemRequest, OrderStatus, Product } from '../../../shared/api'
import { loadProduct } from '../domain/catalogue'
import { buildOrderDoc, checkOrderBody, placeOrderDoc, type Actor, type BasketInput } from '../domain/orders'
import { reserveOrderId, saveOrder } from '../domain/order-store'
import { listAddresses } from '../domain/organisations'
import { applyTransition } from '../domain/workflow'
import type { SandboxState } from '../state'
import type { PlannedUser } from './people'
import type { Random } from './random'
import { ORGANISATIONS } from './reference-data'

const DAY = 86_400_000
const HOUR = 3_600_000

/** Share of each status in the seeded history, and the path that leads there. */
const TARGETS: [OrderStatus, number, OrderStatus[]][] = [
  ['COMPLETE', 34, ['PROCESSING', 'ACCEPTED', 'SHIPPED', 'COMPLETE']],
  ['SHIPPED', 9, ['PROCESSING', 'ACCEPTED', 'SHIPPED']],
  ['PART_SHIPPED', 6, ['PROCESSING', 'ACCEPTED', 'PART_SHIPPED']],
  ['ACCEPTED', 8, ['PROCESSING', 'ACCEPTED']],
  ['PROCESSING', 7, ['PROCESSING']],
  ['CREATED', 6, []],
  ['ATTENTION_REQUIRED', 7, ['PROCESSING', 'ATTENTION_REQUIRED']],
  ['FAILED', 5, ['PROCESSING', 'FAILED']],
  ['CANCELLED', 10, ['CANCELLED']],
  ['PENDING_AUTHORISATION', 8, []],
]
const TARGET_TOTAL = TARGETS.reduce((s, [, w]) => s + w, 0)

function pickTarget(rng: Random): [OrderStatus, number, OrderStatus[]] {
  let r = rng.next() * TARGET_TOTAL
  for (const t of TARGETS) if ((r -= t[1]) < 0) return t
  return TARGETS[0]!
}

/** A valid line for a product: kind data for subscriptions, partner fields when needed. */
function lineFor(p: Product, rng: Random, domain: string): LineItemRequest {
  const plan = p.rate_plans.find((r) => r.default)
  const line: LineItemRequest = { product: p.id, quantity: plan ? rng.int(plan.min_quantity, Math.min(plan.max_quantity, 25)) : rng.int(1, 12) }
  if (p.subscription_type === 'SUBSCRIPTION_KIND_STORAGE') line.storage_order = { team_name: `Team ${rng.int(1, 99)}`, admin_email: `it@${domain}` }
  if (p.subscription_type === 'SUBSCRIPTION_KIND_BACKUP') line.backup_order = { tenant_name: `tenant-${rng.hex(3)}`, admin_email: `it@${domain}` }
  if (p.subscription_type === 'SUBSCRIPTION_KIND_MEETING') line.meeting_order = { end_user_name: 'Office Manager', end_user_company: domain, end_user_email: `office@${domain}` }
  if (p.provisioning.length && rng.chance(0.5)) {
    const prov = rng.pick(p.provisioning)
    line.prov_product = prov.id
    if (prov.partner) Object.assign(line, { prov_organisation: rng.int(1000, 9999), prov_group: rng.int(1, 50), prov_site: rng.int(1, 500) })
  }
  if (p.maintenance.length && rng.chance(0.4)) line.maintenance_product = rng.pick(p.maintenance).id
  return line
}

/**
 * Historic orders in every status (with shipments, units, serials) and a few baskets per
 * organisation, built with the same code paths as the API, dated in the year before the seed epoch.
 */
export function seedOrders(state: SandboxState, rng: Random, count: number, people: PlannedUser[], epoch: number): void {
  const r = rng.fork('orders')
  const productCount = state.store.get<{ n: number }>('SELECT count(*) AS n FROM products')!.n
  if (!state.store.get("SELECT 1 AS x FROM sqlite_sequence WHERE name = 'orders'")) state.store.run("INSERT INTO sqlite_sequence (name, seq) VALUES ('orders', 10000)")
  const orgs = ORGANISATIONS
  const buyers = new Map(orgs.map((o) => [o.id, people.filter((u) => u.organisation === o.id && u.client)]))
  const addresses = new Map(orgs.map((o) => [o.id, listAddresses(state.store, o.id)]))
  const products = new Map<number, Product>()
  const product = (id: number) => {
    let p = products.get(id)
    if (!p) products.set(id, (p = loadProduct(state, id)!))
    return p
  }
  const bodyFor = (orgId: number, when: number, n: number): BasketInput => {
    const org = orgs.find((o) => o.id === orgId)!
    const lines = Array.from({ length: r.int(1, 4) }, () => lineFor(product(r.int(1, productCount)), r, org.domain))
    const address = addresses.get(orgId)![0]!
    const { name: _label, ...shipTo } = address
    const finance = r.chance(0.1)
    return {
      name: `${org.name.split(' ')[0]} order ${n}`,
      purchase_order_number: `PO-${new Date(when).getUTCFullYear()}-${String(n).padStart(5, '0')}`,
      shipping_address: shipTo,
      shipping_type: r.int(1, 4),
      part_ship: r.chance(0.8),
      payment_type: finance ? 'FINANCE' : 'ON_ACCOUNT',
      finance: finance ? { target: 'SELF', company_name: org.name, email_address: `finance@${org.domain}`, term_length: 36 } : undefined,
      line_items: lines,
      organisation: orgId,
    }
  }
  state.store.transaction(() => {
    for (let i = 0; i < count; i++) {
      const org = orgs[i % orgs.length]!
      const buyer = r.pick(buyers.get(org.id)!)
      const when = epoch - r.int(1, 365) * DAY + r.int(8 * HOUR, 18 * HOUR) - 12 * HOUR
      const actor: Actor = { userId: buyer.id, organisation: org.id, visible: [org.id], ip: '10.0.0.' + (1 + (i % 250)), now: when }
      const checked = checkOrderBody(state, actor, bodyFor(org.id, when, i + 1))
      const date = state.clock.iso(when)
      const id = reserveOrderId(state.store, org.id, date)
      const doc = buildOrderDoc(state, checked, { id, status: 'DRAFT', date })
      placeOrderDoc(state, actor, doc)
      // The first orders cover every status, so even a tiny seed has all of them.
      const [target, , path] = i < TARGETS.length ? TARGETS[i]! : pickTarget(r)
      // Without manual authorisation (the default) such an order is simply CREATED.
      if (target === 'PENDING_AUTHORISATION' && state.options.manualAuthorisation) {
        doc.manual_authorisation = true
        doc.status = 'PENDING_AUTHORISATION'
      } else doc.status = 'CREATED'
      let at = when
      for (const step of path) applyTransition(state, doc, step, (at += r.int(1, 72) * HOUR))
      // Seeded open orders get their due times from the simulator when it first runs.
      saveOrder(state.store, doc, { nextAt: null })
    }
    for (const org of orgs) {
      for (let n = 1; n <= 2; n++) {
        const buyer = buyers.get(org.id)![n - 1]!
        const when = epoch - r.int(0, 20) * DAY
        const actor: Actor = { userId: buyer.id, organisation: org.id, visible: [org.id], ip: '10.0.0.1', now: when }
        const checked = checkOrderBody(state, actor, { ...bodyFor(org.id, when, n), name: `${org.name} basket ${n}` })
        const date = state.clock.iso(when)
        const id = reserveOrderId(state.store, org.id, date)
        saveOrder(state.store, buildOrderDoc(state, checked, { id, status: 'DRAFT', date }), { createdBy: buyer.id })
      }
    }
  })
}
