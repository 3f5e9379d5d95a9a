import { BackupOrder, BasketBody, MeetingOrder, missingForShipping, StorageOrder, type Product } from '../../../shared/api'
import type { DraftDoc } from '../../../shared/ipc/channels/baskets'
import { fieldsOf } from '../../../shared/ipc/contract-kit'
import type { z } from 'zod'
import { toBasketBody } from './basket-body'
import { NAME_MAX } from '../../../shared/basket-marker'

/**
 * Checks a draft exactly as the service would: the shared BasketBody schema (the sandbox validates
 * with the same one), plus what only the product can tell — its subscription data, its rate plan
 * limits, its related provisioning and maintenance lists. Returns field path → message, using the
 * service's own paths (`line_items.2.quantity`), so service rejections land in the same places.
 */
export function validateDraft(doc: DraftDoc, products: ReadonlyMap<number, Product>): Record<string, string> {
  const fields: Record<string, string> = {}
  const add = (path: string, message: string) => (fields[path] ??= message)

  const body = toBasketBody(doc, null, null)
  const parsed = BasketBody.safeParse(body)
  if (!parsed.success) Object.assign(fields, fieldsOf(parsed.error))

  if (doc.name.trim().length > NAME_MAX) add('name', `At most ${NAME_MAX} characters (the rest of the service's 255 carries the app's submission marker)`)
  if (doc.line_items.length === 0) add('line_items', 'Add at least one line')

  const shipsGoods = doc.line_items.some((l) => l.product && products.get(l.product)?.is_shippable)
  for (const field of missingForShipping(body, shipsGoods)) add(field, 'Required: the basket has goods to ship')

  doc.line_items.forEach((line, i) => {
    const at = (f: string) => `line_items.${i}.${f}`
    if (line.quantity === null || line.quantity === undefined) add(at('quantity'), 'Enter a quantity')
    if (line.unmatched && !line.product) {
      add(at('product_code'), line.unmatched === 'ambiguous' ? 'Several products of this service have this SKU: choose the right one' : 'Not in the catalogue of this service: choose its product')
    }
    const product = line.product ? products.get(line.product) : undefined
    if (!product) return

    const kind = product.subscription_type
    const sub = (schema: z.ZodType, key: 'storage_order' | 'backup_order' | 'meeting_order') => {
      const r = schema.safeParse(body.line_items?.[i]?.[key] ?? {})
      if (!r.success) for (const [f, m] of Object.entries(fieldsOf(r.error))) add(at(f === '_' ? key : `${key}.${f}`), m)
    }
    if (kind === 'SUBSCRIPTION_KIND_STORAGE') sub(StorageOrder, 'storage_order')
    if (kind === 'SUBSCRIPTION_KIND_BACKUP') sub(BackupOrder, 'backup_order')
    if (kind === 'SUBSCRIPTION_KIND_MEETING') sub(MeetingOrder, 'meeting_order')

    if (product.rate_plans.length) {
      const plan = product.rate_plans.find((p) => p.id === line.selected_rate_plan)
      if (!plan) add(at('selected_rate_plan'), 'Choose a rate plan')
      else if (typeof line.quantity === 'number') {
        if (line.quantity < plan.min_quantity) add(at('quantity'), `At least ${plan.min_quantity} for the ${plan.name} plan`)
        if (line.quantity > plan.max_quantity) add(at('quantity'), `At most ${plan.max_quantity} for the ${plan.name} plan`)
      }
    } else if (line.selected_rate_plan) add(at('selected_rate_plan'), 'This product has no rate plans')

    if (line.prov_product) {
      const prov = product.provisioning.find((p) => p.id === line.prov_product)
      if (!prov) add(at('prov_product'), 'Not one of this product\'s provisioning products')
      else if (prov.partner) {
        for (const f of ['prov_organisation', 'prov_group', 'prov_site'] as const) {
          if (!line[f]) add(at(f), 'Required for a partner-platform provisioning product')
        }
      }
    }
    if (line.maintenance_product && !product.maintenance.some((p) => p.id === line.maintenance_product)) {
      add(at('maintenance_product'), 'Not one of this product\'s maintenance products')
    }
  })
  return fields
}
