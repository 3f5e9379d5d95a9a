/** What the rule needs of a shipping type (GET /shipping_types, service-conventions). */
export interface ShippingCountries {
  countries?: readonly number[] | null
  exclude_countries?: boolean | null
}

/**
 * May this shipping type deliver to this country (a country id of GET /country_codes)? An empty
 * list means every country; otherwise the list is where the type is valid, or, with
 * `exclude_countries`, where it is not (the public sample picks a type for an address this way).
 * With no country chosen yet nothing is ruled out. The one rule of sandbox, core and renderer.
 */
export function shippingTypeFits(type: ShippingCountries, countryId: number | null | undefined): boolean {
  const list = type.countries ?? []
  if (countryId === null || countryId === undefined || list.length === 0) return true
  return list.includes(countryId) !== (type.exclude_countries ?? false)
}
