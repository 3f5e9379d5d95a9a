import { z } from 'zod'
import { Address, CountryCode, ShippingType } from '../api'

/** The service's lists a draft is typed against: saved addresses, countries, shipping types. */
export const ReferenceData = z.object({
  addresses: z.array(Address),
  countries: z.array(CountryCode),
  shippingTypes: z.array(ShippingType),
  /** False when some lists came from the offline cache. */
  fresh: z.boolean(),
})
export type ReferenceData = z.infer<typeof ReferenceData>
