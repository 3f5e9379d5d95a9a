import { ratePlanPrice, round2, type Product } from '../../../shared/api'
import type { DraftDoc, DraftLine, LineEstimate } from '../../../shared/model/draft'
import type { LineProductInfo } from '../../../shared/model/draft-view'

/** The part of a catalogue search row the baskets read. */
export type SkuMatch = Pick<Product, 'id' | 'product_code' | 'name' | 'price'>

/**
 * What the baskets need from the cached catalogue: SKU resolution and prices, offline. The
 * catalogue feature's CatalogueReader satisfies it; answers may be sync or async.
 */
export interface PriceCatalogue {
  /** Every cached product with this SKU, case-insensitive (SKUs are not unique across vendors). */
  findBySku(sku: string): SkuMatch[] | Promise<SkuMatch[]>
  getProduct(id: number): Product | null | Promise<Product | null>
  /** When the cached prices were fetched (ISO), or null when nothing is cached. */
  pricesAsOf(): string | null | Promise<string | null>
}

/** Used while no catalogue is cached: every SKU is unknown and nothing can be estimated. */
export const emptyCatalogue: PriceCatalogue = { findBySku: () => [], getProduct: () => null, pricesAsOf: () => null }

/**
 * Estimated price of one unit of a line: the product, plus the provisioning and maintenance
 * products chosen from its related lists, or the selected rate plan's charges for subscriptions.
 */
export function unitEstimate(product: Product, line: Pick<DraftLine, 'prov_product' | 'maintenance_product' | 'selected_rate_plan'>): number {
  const plan = line.selected_rate_plan ? product.rate_plans.find((p) => p.id === line.selected_rate_plan) : undefined
  const unit = plan ? ratePlanPrice(product, plan, product.price) : product.price
  const prov = line.prov_product ? product.provisioning.find((p) => p.id === line.prov_product) : undefined
  const maint = line.maintenance_product ? product.maintenance.find((p) => p.id === line.maintenance_product) : undefined
  return round2(unit + (prov?.price ?? 0) + (maint?.price ?? 0))
}


async function estimateLine(catalogue: PriceCatalogue, line: DraftLine): Promise<LineEstimate | null> {
  const product = line.product ? await catalogue.getProduct(line.product) : null
  if (!product) return null
  return { unit: unitEstimate(product, line), asOf: await catalogue.pricesAsOf() }
}

/** Fresh estimates for every line that the catalogue can price; others keep what they had. */
export async function refreshEstimates(catalogue: PriceCatalogue, doc: DraftDoc): Promise<DraftDoc> {
  const lines = await Promise.all(doc.line_items.map(async (l) => ({ ...l, estimate: (await estimateLine(catalogue, l)) ?? l.estimate ?? null })))
  return { ...doc, line_items: lines }
}

export function productInfo(p: Product): LineProductInfo {
  return {
    id: p.id,
    sku: p.product_code,
    name: p.name,
    price: p.price,
    subscription_type: p.subscription_type ?? null,
    subscription_product_type: p.subscription_product_type ?? null,
    provisioning: p.provisioning,
    maintenance: p.maintenance,
    rate_plans: p.rate_plans,
    stock: p.stock ?? null,
    shippable: p.is_shippable ?? null,
  }
}

