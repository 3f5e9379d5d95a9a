import type { z } from 'zod'
import type { FieldError, Paging, ProductGroup, ProductGroupBody, ProductGroupListItem } from '../../../shared/api'
import { invalid, notFound } from '../errors'
import { pageOf } from '../lists'
import type { SandboxState } from '../state'
import { recordAudit } from './audit'
import { productExists, productTypeExists, vendorExists } from './catalogue'
import type { Actor } from './orders'

type Body = z.output<typeof ProductGroupBody>

/** Product groups belong to the organisation that made them (extra field `organisation`) and follow tenant visibility. */
export type StoredGroup = ProductGroup & { organisation: number }

export function listGroups(state: SandboxState, visible: readonly number[], p: Paging): { items: ProductGroupListItem[]; total: number } {
  const where = 'WHERE organisation IN (SELECT value FROM json_each(?))'
  const v = JSON.stringify(visible)
  const total = state.store.get<{ n: number }>(`SELECT count(*) AS n FROM product_groups ${where}`, v)!.n
  const { limit, offset } = pageOf(p)
  if (offset >= total) return { items: [], total }
  const rows = state.store.all<{ doc: string }>(`SELECT doc FROM product_groups ${where} ORDER BY name_key(name), id LIMIT ? OFFSET ?`, v, limit, offset)
  const items = rows.map((r) => {
    const g = JSON.parse(r.doc) as StoredGroup
    return { id: g.id, name: g.name, active: g.active, status: g.status, type: g.type ?? null, vendor: g.vendor ?? null }
  })
  return { items, total }
}

export function findGroup(state: SandboxState, visible: readonly number[], id: number): StoredGroup {
  const row = state.store.get<{ organisation: number; doc: string }>('SELECT organisation, doc FROM product_groups WHERE id = ?', id)
  if (!row || !visible.includes(row.organisation)) throw notFound('Product group')
  return JSON.parse(row.doc) as StoredGroup
}

function check(state: SandboxState, visible: readonly number[], b: Body): void {
  const errors: FieldError[] = []
  const missingProducts = b.products.filter((id) => !productExists(state, id))
  if (missingProducts.length) errors.push({ field: 'products', message: `Unknown product ids: ${missingProducts.join(', ')}` })
  const missingGroups = b.related_product_groups.filter((id) => {
    const row = state.store.get<{ organisation: number }>('SELECT organisation FROM product_groups WHERE id = ?', id)
    return !row || !visible.includes(row.organisation)
  })
  if (missingGroups.length) errors.push({ field: 'related_product_groups', message: `Unknown product group ids: ${missingGroups.join(', ')}` })
  if (b.vendor !== undefined && b.vendor !== null && !vendorExists(state, b.vendor)) errors.push({ field: 'vendor', message: `Unknown vendor ${b.vendor}` })
  if (b.type !== undefined && b.type !== null && !productTypeExists(state, b.type)) errors.push({ field: 'type', message: `Unknown product type ${b.type}` })
  if (errors.length) throw invalid(errors)
}

function toDoc(id: number, organisation: number, b: Body): StoredGroup {
  return {
    id,
    name: b.name,
    active: b.active,
    status: b.status,
    description: b.description ?? null,
    detailed_description: b.detailed_description ?? null,
    type: b.type ?? null,
    vendor: b.vendor ?? null,
    subscription_type: b.subscription_type ?? null,
    subscription_product_type: b.subscription_product_type ?? null,
    products: [...new Set(b.products)],
    related_product_groups: [...new Set(b.related_product_groups)],
    grading: b.grading ?? null,
    organisation,
  }
}

export function insertGroup(state: SandboxState, organisation: number, b: Body): StoredGroup {
  const id = state.store.run("INSERT INTO product_groups (organisation, name, doc) VALUES (?, ?, '{}')", organisation, b.name).lastInsertRowid
  const doc = toDoc(id, organisation, b)
  state.store.run('UPDATE product_groups SET doc = ? WHERE id = ?', JSON.stringify(doc), id)
  return doc
}

export function createGroup(state: SandboxState, actor: Actor, b: Body): StoredGroup {
  check(state, actor.visible, b)
  return state.store.transaction(() => {
    const doc = insertGroup(state, actor.organisation, b)
    audit(state, actor, doc, 'CREATED')
    return doc
  })
}

/** PUT replaces every field (body as create); the group keeps its id and owner. */
export function editGroup(state: SandboxState, actor: Actor, id: number, b: Body): StoredGroup {
  const existing = findGroup(state, actor.visible, id)
  check(state, actor.visible, b)
  return state.store.transaction(() => {
    const doc = toDoc(id, existing.organisation, b)
    state.store.run('UPDATE product_groups SET name = ?, doc = ? WHERE id = ?', b.name, JSON.stringify(doc), id)
    audit(state, actor, doc, 'EDITED')
    return doc
  })
}

function audit(state: SandboxState, actor: Actor, g: StoredGroup, action: string): void {
  recordAudit(state.store, {
    user: actor.userId,
    action,
    timestamp: state.clock.iso(actor.now),
    ip: actor.ip,
    on: `Product group #${g.id} (${g.name})`,
    onBehalf: g.organisation !== actor.organisation ? g.organisation : null,
  })
}
