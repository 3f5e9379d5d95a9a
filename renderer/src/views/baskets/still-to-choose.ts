import type { DraftLine, DraftView, Rechoose } from '../../../../shared/ipc/channels/baskets'
import { optionFields } from '../../components/baskets/line-option-fields'

/** What of a "use with this service" answer is still to choose on the draft as it is now. */
export interface StillToChoose {
  organisation: boolean
  shippingType: boolean
  countries: number
  products: number
  options: number
}

/** Whether anything is left to choose. */
export const anythingLeft = (s: StillToChoose): boolean => s.organisation || s.shippingType || s.countries > 0 || s.products > 0 || s.options > 0

/**
 * Each item while the draft's validation still marks its field, so that what the user has chosen
 * since drops out. A line's options mostly have no mark (provisioning and maintenance are optional):
 * such a line also counts while none of the choices its product offers here is made.
 */
export function stillToChoose(r: Rechoose, view: Pick<DraftView, 'doc' | 'fields' | 'products'>): StillToChoose {
  const marked = (path: string) => path in view.fields
  const lines = view.doc.line_items
  const lineOf = (key: string) => lines.findIndex((l) => l.key === key)
  const productMissing = (key: string) => {
    const i = lineOf(key)
    return i >= 0 && (marked(`line_items.${i}.product_code`) || marked(`line_items.${i}.product`))
  }
  const optionsOpen = (key: string) => {
    const i = lineOf(key)
    if (i < 0) return false
    const line = lines[i]!
    const info = line.product ? (view.products[String(line.product)] ?? null) : null
    const choices = optionFields(line, info).filter((p) => !p.includes('.')) as (keyof DraftLine)[]
    return choices.some((p) => marked(`line_items.${i}.${p}`)) || (choices.length > 0 && choices.every((p) => line[p] === null || line[p] === undefined))
  }
  return {
    organisation: r.organisation && marked('organisation'),
    shippingType: r.shippingType && marked('shipping_type'),
    countries: Math.min(r.countries, Object.keys(view.fields).filter((f) => /(^|\.)country_code$/.test(f)).length),
    products: r.products.filter(productMissing).length,
    options: r.options.filter(optionsOpen).length,
  }
}
