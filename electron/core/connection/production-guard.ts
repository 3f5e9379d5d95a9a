import type { Profile } from '../../../shared/model/connection'
import { AppError } from '../../../shared/model/app-error'

/**
 * A test order on the production service ships real goods at the customer's cost (public record),
 * so the first order from a production profile on this computer needs the rep's explicit
 * confirmation (connection.confirmProduction), whatever window or path submits it. Demo and staging
 * never ask. Refused as a conflict with fields.production = 'confirm', before anything is sent.
 */
export function requireProductionConfirmed(profile: Profile | null | undefined): void {
  if (!profile || profile.environment !== 'production' || profile.productionConfirmed) return
  throw new AppError('conflict', `This is the first order from this computer to the production service (${profile.name}): confirm it first. Orders placed there are real and ship at the customer's cost.`, {
    production: 'confirm',
  })
}
