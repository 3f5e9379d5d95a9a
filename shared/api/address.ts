import { z } from 'zod'
import { Id } from './common'

/** Spec 2.4. country_code is the integer id of GET /country_codes. */
export const Address = z.object({
  name: z.string().max(255).optional(),
  company_name: z.string().max(255).optional(),
  recipient_name: z.string().max(255).optional(),
  addr_line_1: z.string().min(1).max(255),
  addr_line_2: z.string().max(255).optional(),
  city: z.string().min(1).max(255),
  region: z.string().max(255).optional(),
  postal_code: z.string().min(1).max(32),
  country_code: Id,
})
export type Address = z.infer<typeof Address>

/** The order's shipping address carries no label (spec 2.8). */
export const ShippingAddress = Address.omit({ name: true })
export type ShippingAddress = z.infer<typeof ShippingAddress>

/** GET /country_codes (service-conventions). */
export const CountryCode = z.object({ id: Id, iso_code: z.string(), name: z.string() })
export type CountryCode = z.infer<typeof CountryCode>

/**
 * GET /shipping_types (service-conventions): `countries` (country ids) and `exclude_countries` say
 * where a type may ship (shared/shipping-type-fits.ts); absent or null reads as "every country".
 * cost is our sandbox's extra field, not known of the real service: optional, shown only when sent.
 */
export const ShippingType = z.object({
  id: Id,
  name: z.string(),
  countries: z.array(Id).nullish(),
  exclude_countries: z.boolean().nullish(),
  cost: z.number().optional(),
})
export type ShippingType = z.infer<typeof ShippingType>
