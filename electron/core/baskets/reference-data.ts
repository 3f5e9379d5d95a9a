import type { Address, CountryCode, ShippingType } from '../../../shared/api'
import type { ReferenceData } from '../../../shared/model/reference-data'
import type { ServiceClient } from '../service/client'
import type { ListOperationId, ResponseOf } from '../service/routes'
import { ServiceError } from '../service/service-error'
import type { BasketStore } from './basket-store'

interface ReferenceDeps {
  store: BasketStore
  client: ServiceClient | null
  /** False once the session the lists are fetched with has ended: its answers are not cached (the profile may be another service's by now). */
  current(): boolean
  noteSuccess(): void
  noteFailure(err: unknown): void
}

/**
 * The lists a draft is filled from — saved addresses of the acting organisation, countries,
 * shipping types — fetched when the service answers and cached per profile, so drafting works
 * offline with what was last seen.
 */
export async function referenceData(deps: ReferenceDeps, organisation: number | null): Promise<ReferenceData> {
  let fresh = true
  let answered = false
  const cached = async <T>(key: string, fetch: () => Promise<T[]>): Promise<T[]> => {
    try {
      if (!deps.client) throw new ServiceError('offline', 'No connection is active.', null, false)
      const value = await fetch()
      answered = true
      if (deps.current()) deps.store.cacheSet(key, value)
      return value
    } catch (err) {
      if (!(err instanceof ServiceError) || !(err.transient || err.code === 'tls')) throw err
      deps.noteFailure(err)
      fresh = false
      return deps.store.cacheGet<T[]>(key)?.value ?? []
    }
  }
  const all = <K extends ListOperationId>(op: K, params?: Record<string, number>) => async () => {
    const items: ResponseOf<K>[] = []
    for (let page = 1; ; page++) {
      const res = await deps.client!.list(op, { params, query: { page, per_page: 1000 } })
      items.push(...res.items)
      if (page >= res.pages || res.items.length === 0) return items
    }
  }
  const [addresses, countries, shippingTypes] = await Promise.all([
    organisation !== null ? cached<Address>(`addresses:${organisation}`, all('listOrganisationAddresses', { id: organisation })) : Promise.resolve([]),
    cached<CountryCode>('countries', all('listCountryCodes')),
    cached<ShippingType>('shippingTypes', all('listShippingTypes')),
  ])
  // Said once every list is cached: coming back online sends the outbox, which checks drafts by these lists.
  if (answered) deps.noteSuccess()
  return { addresses, countries, shippingTypes, fresh }
}
