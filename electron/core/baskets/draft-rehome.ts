import type { Product } from '../../../shared/api'
import type { DraftAddress, DraftDoc, DraftLine } from '../../../shared/model/draft'
import type { Rechoose } from '../../../shared/model/draft-view'
import { LINE_OPTION_IDS, withoutProductChoices, withProduct } from './line-product'
import type { PriceCatalogue } from './price-catalogue'

/**
 * "Use with this service" on a draft made for another: what the user typed stays (names, PO
 * number, quantities, free text, addresses), but every id of the old service goes, as the same id
 * here is something else or nothing — it would be sent without a word. Products are found again
 * by SKU in this service's catalogue and taken as a product chosen afresh (line-product.ts: this
 * service's default rate plan, subscription data of its kind only); everything else is the user's
 * to choose again, and the editor's validation marks what is needed.
 */

/** What this service's catalogue has under each SKU of a draft: its one product, or how many share it (0: none). */
export interface SkuLookup {
  /** When this service's catalogue on this computer was synced (it dates the estimates); null while there is none. */
  asOf: string | null
  bySku: ReadonlyMap<string, Product | number>
}

const skuOf = (line: DraftLine) => line.product_code?.trim() ?? ''

/** Looks the draft's SKUs up ahead (the catalogue may answer asynchronously; the rehoming itself is one transaction). */
export async function lookUpSkus(catalogue: PriceCatalogue, doc: DraftDoc): Promise<SkuLookup> {
  const asOf = await catalogue.pricesAsOf()
  const bySku = new Map<string, Product | number>()
  if (asOf === null) return { asOf, bySku }
  for (const sku of new Set(doc.line_items.map(skuOf).filter((s) => s !== ''))) {
    const found = await catalogue.findBySku(sku)
    const one = found.length === 1 ? await catalogue.getProduct(found[0]!.id) : null
    bySku.set(sku, one ?? (found.length === 1 ? 0 : found.length))
  }
  return { asOf, bySku }
}

/**
 * The draft as this service's, and what is left to choose again; null when a SKU on it was not
 * looked up (it changed since): look up again.
 */
export function rehomeDraft(draft: { doc: DraftDoc; organisation: number | null }, skus: SkuLookup): { doc: DraftDoc; rechoose: Rechoose } | null {
  const { doc } = draft
  const { asOf } = skus
  const catalogue = asOf !== null
  if (catalogue && doc.line_items.some((l) => skuOf(l) !== '' && !skus.bySku.has(skuOf(l)))) return null
  const rechoose: Rechoose = {
    organisation: draft.organisation !== null,
    shippingType: doc.shipping_type !== null,
    countries: 0,
    products: [],
    options: [],
    noCatalogue: !catalogue,
  }
  const address = <A extends DraftAddress | null | undefined>(a: A): A => {
    if (!a || (a.country_code ?? null) === null) return a
    rechoose.countries++
    return { ...a, country_code: null }
  }
  const lines = doc.line_items.map((line) => {
    const out = withoutProductChoices(line, { product: null })
    if (LINE_OPTION_IDS.some((k) => line[k] !== null && line[k] !== undefined)) rechoose.options.push(line.key)
    const hit = catalogue ? skus.bySku.get(skuOf(line)) : undefined
    // Found again: as if chosen afresh here (this service's default rate plan, its kind's subscription data).
    if (typeof hit === 'object') return withProduct(out, hit, asOf)
    if (catalogue || skuOf(line) === '') {
      // A line without a SKU is marked as it is (it needs a product or a SKU).
      if (skuOf(line) !== '') out.unmatched = hit ? 'ambiguous' : 'unknown'
      rechoose.products.push(line.key)
    }
    return out
  })
  const finance = doc.finance && {
    ...doc.finance,
    registered_address: address(doc.finance.registered_address),
    trading_addresses: doc.finance.trading_addresses?.map(address),
  }
  return {
    doc: { ...doc, shipping_type: null, shipping_address: address(doc.shipping_address), finance, line_items: lines },
    rechoose,
  }
}
