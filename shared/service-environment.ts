import { z } from 'zod'
import { LOOPBACK_HOSTS } from './loopback'

/**
 * Which deployment a profile talks to. Each deployment of the real service has a staging and a
 * production host, and a test order on production ships real goods at the customer's cost; the
 * demo is our own sandbox on this computer. The app shows it everywhere an order can be placed.
 */
export const ServiceEnvironment = z.enum(['demo', 'staging', 'production'])
export type ServiceEnvironment = z.infer<typeof ServiceEnvironment>

/**
 * Until the rep says otherwise: the embedded demo, or a sandbox on this computer (the real service
 * is never on loopback), is demo; any other host is production, the safe assumption, since it is
 * the one that asks before the first order.
 */
export function defaultEnvironment(baseUrl: string, demo: boolean): ServiceEnvironment {
  if (demo) return 'demo'
  return URL.canParse(baseUrl) && LOOPBACK_HOSTS.has(new URL(baseUrl).hostname) ? 'demo' : 'production'
}
