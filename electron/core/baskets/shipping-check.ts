import type { CountryCode, ShippingType } from '../../../shared/api'
import type { DraftDoc } from '../../../shared/model/draft'
import { shippingTypeFits } from '../../../shared/shipping-type-fits'
import type { BasketStore } from './basket-store'

/** A draft's shipping type that does not deliver to its address's country: both by name. */
export interface UnfitShipping {
  type: string
  country: string
}

/**
 * The draft's shipping type against its shipping address's country, by the service's lists as last
 * seen (the reference cache, so it works offline). A type or country the lists do not know is the
 * service's to judge: nothing is said.
 */
export function unfitShipping(store: BasketStore, doc: Pick<DraftDoc, 'shipping_type' | 'shipping_address'>): UnfitShipping | null {
  const countryId = doc.shipping_address?.country_code ?? null
  if (doc.shipping_type === null || countryId === null) return null
  const type = store.cacheGet<ShippingType[]>('shippingTypes')?.value.find((t) => t.id === doc.shipping_type)
  if (!type || shippingTypeFits(type, countryId)) return null
  const country = store.cacheGet<CountryCode[]>('countries')?.value.find((c) => c.id === countryId)
  return { type: type.name, country: country?.name ?? `#${countryId}` }
}
