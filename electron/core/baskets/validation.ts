import { BackupOrder, BasketBody, MeetingOrder, missingForShipping, StorageOrder, type Product } from '../../../shared/api'
import type { DraftDoc } from '../../../shared/model/draft'
import type { z } from 'zod'
import { toBasketBody } from './basket-body'
import { NAME_MAX } from '../../../shared/basket-marker'
import { FieldProblems } from './field-messages'

/**
 * Checks a draft exactly as the service would: the shared BasketBody schema (the sandbox validates
 * with the same one), plus what only the product can tell — its subscription data, its rate plan
 * limits, its related provisioning and maintenance lists. Returns field path → message, using the
 * service's own paths (`line_items.2.quantity`), so service rejections land in the same places;
 * each message with its key (field-messages.ts), for the renderer to translate.
 */
export function draftProblems(doc: DraftDoc, products: ReadonlyMap<number, Product>): FieldProblems {
  return checkDraft(doc, products, doc.line_items)
}

/**
 * The same problems after one line's own fields changed (not its product, nor the line count): the
 * earlier answer's, with that line's checked again alone. A line's checks read no other line, and
 * what the draft as a whole needs (lines at all, what shipping goods call for) is as it was; so a
 * keystroke in a draft of 1,000 lines checks one line, not 1,000.
 */
export function draftProblemsAfterLineEdit(before: FieldProblems, doc: DraftDoc, index: number, products: ReadonlyMap<number, Product>): FieldProblems {
  const problems = new FieldProblems()
  const own = `line_items.${index}.`
  for (const [path, message] of Object.entries(before.fields)) {
    if (path.startsWith(own)) continue
    problems.fields[path] = message
    const code = before.fieldCodes[path]
    if (code) problems.fieldCodes[path] = code
  }
  // The line alone in an otherwise equal draft: its paths come back as line 0's.
  const alone = checkDraft({ ...doc, line_items: [doc.line_items[index]!] }, products, [])
  for (const [path, message] of Object.entries(alone.fields)) {
    if (!path.startsWith('line_items.0.')) continue
    const at = own + path.slice('line_items.0.'.length)
    problems.fields[at] = message
    const code = alone.fieldCodes[path]
    if (code) problems.fieldCodes[at] = code
  }
  return problems
}

function checkDraft(doc: DraftDoc, products: ReadonlyMap<number, Product>, allLines: DraftDoc['line_items']): FieldProblems {
  const problems = new FieldProblems()
  const add = problems.add.bind(problems)

  const body = toBasketBody(doc, null, null)
  const parsed = BasketBody.safeParse(body)
  if (!parsed.success) problems.addZod(parsed.error, body)

  if (doc.name.trim().length > NAME_MAX) add('name', 'nameTooLong', { max: NAME_MAX })
  if (allLines.length === 0) add('line_items', 'addLine')

  const shipsGoods = allLines.some((l) => l.product && products.get(l.product)?.is_shippable)
  for (const field of missingForShipping(body, shipsGoods)) add(field, 'neededToShip')

  doc.line_items.forEach((line, i) => {
    const at = (f: string) => `line_items.${i}.${f}`
    if (line.quantity === null || line.quantity === undefined) add(at('quantity'), 'enterQuantity')
    if (line.unmatched && !line.product) {
      add(at('product_code'), line.unmatched === 'ambiguous' ? 'ambiguousSku' : 'notInCatalogue')
    }
    const product = line.product ? products.get(line.product) : undefined
    if (!product) return

    const kind = product.subscription_type
    const sub = (schema: z.ZodType, key: 'storage_order' | 'backup_order' | 'meeting_order') => {
      const data = body.line_items?.[i]?.[key] ?? {}
      const r = schema.safeParse(data)
      if (!r.success) problems.addZod(r.error, data, at(key))
    }
    if (kind === 'SUBSCRIPTION_KIND_STORAGE') sub(StorageOrder, 'storage_order')
    if (kind === 'SUBSCRIPTION_KIND_BACKUP') sub(BackupOrder, 'backup_order')
    if (kind === 'SUBSCRIPTION_KIND_MEETING') sub(MeetingOrder, 'meeting_order')

    if (product.rate_plans.length) {
      const plan = product.rate_plans.find((p) => p.id === line.selected_rate_plan)
      if (!plan) add(at('selected_rate_plan'), 'chooseRatePlan')
      else if (typeof line.quantity === 'number') {
        if (line.quantity < plan.min_quantity) add(at('quantity'), 'atLeastForPlan', { min: plan.min_quantity, plan: plan.name })
        if (line.quantity > plan.max_quantity) add(at('quantity'), 'atMostForPlan', { max: plan.max_quantity, plan: plan.name })
      }
    } else if (line.selected_rate_plan) add(at('selected_rate_plan'), 'noRatePlans')

    if (line.prov_product) {
      const prov = product.provisioning.find((p) => p.id === line.prov_product)
      if (!prov) add(at('prov_product'), 'notProvisioning')
      else if (prov.partner) {
        for (const f of ['prov_organisation', 'prov_group', 'prov_site'] as const) {
          if (!line[f]) add(at(f), 'partnerRequired')
        }
      }
    }
    if (line.maintenance_product && !product.maintenance.some((p) => p.id === line.maintenance_product)) {
      add(at('maintenance_product'), 'notMaintenance')
    }
  })
  return problems
}
