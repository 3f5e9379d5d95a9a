import type { Product, SubscriptionKind } from '../../../shared/api'
import type { DraftLine } from '../../../shared/model/draft'
import { unitEstimate } from './price-catalogue'

/** A line's choices among its product's options (and the partner platform's ids for them). */
export const LINE_OPTION_IDS = ['prov_product', 'prov_organisation', 'prov_group', 'prov_site', 'maintenance_product', 'selected_rate_plan'] as const

/** The subscription data each kind of subscription asks for (a line holds only its product's). */
const SUBSCRIPTION_DATA = [
  ['SUBSCRIPTION_KIND_STORAGE', 'storage_order'],
  ['SUBSCRIPTION_KIND_BACKUP', 'backup_order'],
  ['SUBSCRIPTION_KIND_MEETING', 'meeting_order'],
] as const satisfies readonly (readonly [SubscriptionKind, keyof DraftLine])[]

/**
 * A line without its product's choices: no `unmatched` mark, and none of the option ids (which
 * belong to a product) unless `keep` names them, with `keep` applied and no estimate.
 */
export function withoutProductChoices(line: DraftLine, keep: Partial<DraftLine> = {}): DraftLine {
  const out: DraftLine = { ...line }
  delete out.unmatched
  for (const k of LINE_OPTION_IDS) if (!(k in keep)) delete out[k]
  return Object.assign(out, keep, { estimate: null })
}

/**
 * A line given a product (added, or chosen for a line that had none or another): its SKU and name
 * as the catalogue has them, and its estimate. Its choices among another product's options (or
 * among none: ids that meant nothing) go, unless `keep` names them; the product's default rate plan
 * is taken, and the subscription data it asks for starts blank (what was typed stays; data of
 * another kind goes). The quantity is the caller's: validation says when it is outside the plan's
 * limits.
 */
export function withProduct(line: DraftLine, product: Product, asOf: string | null, keep: Partial<DraftLine> = {}): DraftLine {
  const out = withoutProductChoices(line, keep)
  Object.assign(out, { product: product.id, product_code: product.product_code, product_name: product.name })
  if (out.selected_rate_plan === undefined || out.selected_rate_plan === null) {
    const plan = product.rate_plans.find((p) => p.default) ?? product.rate_plans[0]
    if (plan) out.selected_rate_plan = plan.id
  }
  // Data of another kind goes: the service would get it (nothing validates it against this product).
  for (const [kind, key] of SUBSCRIPTION_DATA) if (product.subscription_type !== kind) delete out[key]
  if (product.subscription_type === 'SUBSCRIPTION_KIND_STORAGE') out.storage_order ??= { team_name: '', admin_email: '' }
  if (product.subscription_type === 'SUBSCRIPTION_KIND_BACKUP') out.backup_order ??= { tenant_name: '', admin_email: '' }
  if (product.subscription_type === 'SUBSCRIPTION_KIND_MEETING') out.meeting_order ??= { end_user_name: '', end_user_company: '', end_user_email: '' }
  out.estimate = { unit: unitEstimate(product, out), asOf }
  return out
}
