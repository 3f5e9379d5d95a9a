import { chargeCost, ratePlanPrice, ratePlanScale, round2, type FieldError, type LineItem, type LineItemRequest, type Product, type RatePlan, type RelatedProduct, type SubscriptionKind } from '../../../shared/api'
import type { SandboxState } from '../state'
import { loadProduct, productsBySku } from './catalogue'

/** A line item request whose products and rate plan have been found and checked. */
export interface ResolvedLine {
  request: LineItemRequest
  product: Product
  prov?: RelatedProduct
  maintenance?: RelatedProduct
  plan?: RatePlan
}

const KIND_FIELD: Record<SubscriptionKind, 'storage_order' | 'backup_order' | 'meeting_order'> = {
  SUBSCRIPTION_KIND_STORAGE: 'storage_order',
  SUBSCRIPTION_KIND_BACKUP: 'backup_order',
  SUBSCRIPTION_KIND_MEETING: 'meeting_order',
}
const KIND_LABEL: Record<SubscriptionKind, string> = {
  SUBSCRIPTION_KIND_STORAGE: 'storage subscription',
  SUBSCRIPTION_KIND_BACKUP: 'backup subscription',
  SUBSCRIPTION_KIND_MEETING: 'meeting subscription',
}

/**
 * Finds the product of a line: by id when given (the id wins over product_code, as on the real
 * service); by SKU otherwise. A SKU used by several vendors is a 422 on product_code (our choice):
 * the caller must give the id.
 */
function resolveProduct(state: SandboxState, r: LineItemRequest, at: string, errors: FieldError[]): Product | undefined {
  if (r.product !== undefined) {
    const p = loadProduct(state, r.product)
    if (!p) errors.push({ field: `${at}product`, message: `Unknown product ${r.product}` })
    return p
  }
  const code = r.product_code ?? ''
  const found = productsBySku(state, code)
  if (found.length === 0) {
    errors.push({ field: `${at}product_code`, message: `Unknown SKU ${code}` })
    return undefined
  }
  if (found.length > 1) {
    errors.push({ field: `${at}product_code`, message: `SKU ${code} is ambiguous (products ${found.map((f) => f.id).join(', ')} of different vendors): give the product id` })
    return undefined
  }
  return loadProduct(state, found[0]!.id)
}

/**
 * A provisioning or maintenance product must be one of the product's own options; a SKU is looked up
 * among those options, so it is never ambiguous. The id wins when both are given.
 */
function resolveRelated(options: RelatedProduct[], id: number | undefined, code: string | undefined, kind: 'prov_product' | 'maintenance_product', at: string, product: Product, errors: FieldError[]): RelatedProduct | undefined {
  const label = kind === 'prov_product' ? 'provisioning' : 'maintenance'
  if (id !== undefined) {
    const hit = options.find((o) => o.id === id)
    if (!hit) errors.push({ field: `${at}${kind}`, message: `Product ${id} is not a ${label} option of ${product.product_code}` })
    return hit
  }
  if (code === undefined) return undefined
  const hit = options.find((o) => o.sku.toLowerCase() === code.trim().toLowerCase())
  if (!hit) errors.push({ field: `${at}${kind}_code`, message: `SKU ${code} is not a ${label} option of ${product.product_code}` })
  return hit
}

export interface LineRules {
  /** finance.target is CUSTOMER: every line needs a markup. */
  markupRequired: boolean
}

/** Checks one line item request against the catalogue; `at` is the field prefix (`line_items.2.`). */
export function resolveLine(state: SandboxState, r: LineItemRequest, at: string, rules: LineRules, errors: FieldError[]): ResolvedLine | undefined {
  const before = errors.length
  const product = resolveProduct(state, r, at, errors)
  if (rules.markupRequired && r.markup === undefined) errors.push({ field: `${at}markup`, message: 'Markup is required when finance is for the customer' })
  // Discounts come from quotes only; the sandbox has no quotes (documented).
  if (r.discount !== undefined && r.discount !== 0) errors.push({ field: `${at}discount`, message: 'A discount can only be applied from a quote' })
  if (!product) return undefined
  const prov = resolveRelated(product.provisioning, r.prov_product, r.prov_product_code, 'prov_product', at, product, errors)
  const maintenance = resolveRelated(product.maintenance, r.maintenance_product, r.maintenance_product_code, 'maintenance_product', at, product, errors)
  if (prov?.partner) {
    for (const f of ['prov_organisation', 'prov_group', 'prov_site'] as const) {
      if (r[f] === undefined) errors.push({ field: `${at}${f}`, message: `${f} is required for the partner-platform provisioning product ${prov.sku}` })
    }
  }
  let plan: RatePlan | undefined
  if (product.rate_plans.length) {
    plan = r.selected_rate_plan === undefined ? product.rate_plans.find((p) => p.default) ?? product.rate_plans[0] : product.rate_plans.find((p) => p.id === r.selected_rate_plan)
    if (!plan) errors.push({ field: `${at}selected_rate_plan`, message: `Rate plan ${r.selected_rate_plan} is not a plan of ${product.product_code}` })
    else if (r.quantity < plan.min_quantity || r.quantity > plan.max_quantity) {
      errors.push({ field: `${at}quantity`, message: `The ${plan.name} plan allows ${plan.min_quantity} to ${plan.max_quantity}` })
    }
  } else if (r.selected_rate_plan !== undefined) {
    errors.push({ field: `${at}selected_rate_plan`, message: `${product.product_code} has no rate plans` })
  }
  // Kind-specific order data: only for a product of that kind, and required for it.
  const kind = product.subscription_type ?? undefined
  for (const [k, field] of Object.entries(KIND_FIELD) as [SubscriptionKind, string][]) {
    const given = r[field as 'storage_order'] !== undefined
    if (given && kind !== k) errors.push({ field: `${at}${field}`, message: `${field} applies to ${KIND_LABEL[k]} products only` })
    if (!given && kind === k) errors.push({ field: `${at}${field}`, message: `${field} is required for the ${KIND_LABEL[k]} product ${product.product_code}` })
  }
  return errors.length === before ? { request: r, product, prov, maintenance, plan } : undefined
}


export interface PricingContext {
  factor: number
  orderId: number
  lineId: number
  /** Price when the line was first added (kept across re-pricing); defaults to the current price. */
  originalPrice?: number
  /** Subscription ids are assigned once an order is placed; baskets have none. */
  subscriptionId?: number
}

/**
 * Prices a resolved line for an organisation: unit price (a rate plan scales the product's price by
 * its cost relative to the default plan), provisioning and maintenance prices per unit, and
 * sub_total_for_item = quantity x (price + prov + maintenance). Markup does not change what the
 * reseller pays (it is the finance customer's margin).
 */
export function priceLine(state: SandboxState, line: ResolvedLine, ctx: PricingContext): LineItem {
  const { product, prov, maintenance, plan, request: r } = line
  const orgPrice = (id: number) => state.prices.forFactor(id, ctx.factor)
  const productPrice = orgPrice(product.id)
  const scale = ratePlanScale(product, productPrice)
  const price = plan ? ratePlanPrice(product, plan, productPrice) : productPrice
  const provPrice = prov ? orgPrice(prov.id) : null
  const maintPrice = maintenance ? orgPrice(maintenance.id) : null
  const subTotal = round2(r.quantity * (price + (provPrice ?? 0) + (maintPrice ?? 0)))
  const sub = ctx.subscriptionId ?? null
  return {
    id: ctx.lineId,
    order: ctx.orderId,
    product: product.id,
    product_code: product.product_code,
    name: product.name,
    quantity: r.quantity,
    price,
    original_price: ctx.originalPrice ?? price,
    prov_product: prov?.id ?? null,
    prov_product_name: prov?.name ?? null,
    prov_product_price: provPrice,
    prov_organisation: r.prov_organisation ?? null,
    prov_group: r.prov_group ?? null,
    prov_site: r.prov_site ?? null,
    maintenance_product: maintenance?.id ?? null,
    maintenance_product_name: maintenance?.name ?? null,
    maintenance_product_price: maintPrice,
    sub_total_for_item: subTotal,
    selected_rate_plan: plan?.id ?? null,
    rate_plan_details: plan
      ? {
          id: plan.id,
          name: plan.name,
          line_item_id: ctx.lineId,
          term_length: plan.term_length,
          billing_frequency: plan.billing_frequency,
          renewal_term_length: plan.renewal_term_length,
          rate_plan_charges: plan.rate_plan_charges.map((ch) => ({
            id: ch.id,
            name: ch.name,
            rate_plan_id: plan.id,
            charge_type: ch.charge_type,
            charge_model: ch.charge_model,
            price: round2(chargeCost(ch) * scale),
            unit_of_measure: ch.unit_of_measure ?? null,
          })),
        }
      : null,
    storage_order: r.storage_order ? { ...r.storage_order, subscription_id: sub } : null,
    backup_order: r.backup_order ? { ...r.backup_order, subscription_id: sub } : null,
    meeting_order: r.meeting_order
      ? { ...r.meeting_order, subscription_id: sub, meeting_order_type: 'NEW', meeting_order_sub_type: product.subscription_product_type ?? 'BASE' }
      : null,
    markup: r.markup ?? null,
    discount: r.discount ?? null,
  }
}

/** The request a stored line was made from (to re-resolve and re-price it). */
export function requestOf(line: LineItem): LineItemRequest {
  const r: LineItemRequest = { product: line.product, quantity: line.quantity }
  if (line.prov_product) r.prov_product = line.prov_product
  if (line.maintenance_product) r.maintenance_product = line.maintenance_product
  if (line.prov_organisation) r.prov_organisation = line.prov_organisation
  if (line.prov_group) r.prov_group = line.prov_group
  if (line.prov_site) r.prov_site = line.prov_site
  if (line.selected_rate_plan) r.selected_rate_plan = line.selected_rate_plan
  if (line.storage_order) r.storage_order = { team_name: line.storage_order.team_name, admin_email: line.storage_order.admin_email }
  if (line.backup_order) r.backup_order = { tenant_name: line.backup_order.tenant_name, admin_email: line.backup_order.admin_email }
  if (line.meeting_order) {
    const { subscription_id: _s, meeting_order_type: _t, meeting_order_sub_type: _u, ...m } = line.meeting_order
    r.meeting_order = Object.fromEntries(Object.entries(m).filter(([, v]) => v !== null && v !== undefined)) as LineItemRequest['meeting_order']
  }
  if (line.markup !== null && line.markup !== undefined) r.markup = line.markup
  return r
}
