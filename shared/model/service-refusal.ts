import { z } from 'zod'

/**
 * What kind of refusal the service answered (from its HTTP status, as the client reads it): the window
 * says it in the rep's language, what happened and what to do, while the service's own words (its
 * error body's, in whatever language it writes) stay at hand beside it. Its general error body is not
 * public (service-conventions.md, Errors): the status is what every service gives.
 */
export const ServiceRefusalKind = z.enum(['validation', 'forbidden', 'not_found', 'conflict', 'rate_limited', 'server_error'])
export type ServiceRefusalKind = z.infer<typeof ServiceRefusalKind>

export const ServiceRefusal = z.object({
  kind: ServiceRefusalKind,
  /** The HTTP status it came with (400, 403, 404, 409, 422, 429, 5xx). */
  status: z.int().min(400).max(599),
})
export type ServiceRefusal = z.infer<typeof ServiceRefusal>

/** The refusal a failure of the service is, or undefined for anything else (no answer, an answer not read, the app's own checks). */
export function serviceRefusalOf(code: string, status: number | null): ServiceRefusal | undefined {
  if (status === null || status < 400 || status > 599) return undefined
  const kind = ServiceRefusalKind.safeParse(code)
  return kind.success ? { kind: kind.data, status } : undefined
}
