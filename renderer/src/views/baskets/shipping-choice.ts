import type { ShippingType } from '../../../../shared/api'
import { shippingTypeFits } from '../../../../shared/shipping-type-fits'

/**
 * The shipping types to offer for the address's country: those that deliver there, plus the
 * draft's own choice should it not (kept in view, its field says why, rather than shown blank).
 */
export function shippingOptions(types: readonly ShippingType[], countryId: number | null | undefined, chosen: number | null): ShippingType[] {
  return types.filter((t) => t.id === chosen || shippingTypeFits(t, countryId))
}

/** The chosen shipping type, if an address in this country leaves it unable to deliver (it then goes). */
export function shippingDroppedBy(types: readonly ShippingType[], chosen: number | null, countryId: number | null | undefined): ShippingType | null {
  const type = chosen === null ? undefined : types.find((t) => t.id === chosen)
  return type && !shippingTypeFits(type, countryId) ? type : null
}
