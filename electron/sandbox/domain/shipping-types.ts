import type { FieldError, ShippingType } from '../../../shared/api'
import { shippingTypeFits } from '../../../shared/shipping-type-fits'
import type { Store } from '../db/store'

interface ShippingTypeRow {
  id: number
  name: string
  cost: number
  countries: string
  exclude_countries: number
}

const toApi = (r: ShippingTypeRow): ShippingType => ({ id: r.id, name: r.name, countries: JSON.parse(r.countries) as number[], exclude_countries: r.exclude_countries === 1, cost: r.cost })

export function shippingTypes(store: Store): ShippingType[] {
  return store.all<ShippingTypeRow>('SELECT id, name, cost, countries, exclude_countries FROM shipping_types ORDER BY id').map(toApi)
}

export function shippingType(store: Store, id: number): ShippingType | undefined {
  const row = store.get<ShippingTypeRow>('SELECT id, name, cost, countries, exclude_countries FROM shipping_types WHERE id = ?', id)
  return row ? toApi(row) : undefined
}

/** A basket's or order's shipping type: known, and allowed for its address's country (shared rule). */
export function shippingTypeProblem(store: Store, typeId: number | undefined, countryId: number | undefined): FieldError | null {
  if (typeId === undefined) return null
  const type = shippingType(store, typeId)
  if (!type) return { field: 'shipping_type', message: `Unknown shipping type ${typeId}` }
  if (countryId === undefined || shippingTypeFits(type, countryId)) return null
  // An unknown country is the address's own error, named on its country_code.
  const country = store.get<{ name: string }>('SELECT name FROM country_codes WHERE id = ?', countryId)
  return country ? { field: 'shipping_type', message: `${type.name} does not deliver to ${country.name}` } : null
}

/** Test control: where a shipping type may ship from now on (the service's list changing under queued drafts). */
export function setShippingCountries(store: Store, id: number, countries: number[], exclude: boolean): void {
  if (!shippingType(store, id)) throw new RangeError(`No shipping type ${id}`)
  store.run('UPDATE shipping_types SET countries = ?, exclude_countries = ? WHERE id = ?', JSON.stringify(countries), exclude ? 1 : 0, id)
}
