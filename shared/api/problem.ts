import { z } from 'zod'

/**
 * Error body of every operation but the token endpoint. The real service's format is not public
 * (spec section 7): our sandbox answers RFC 9457 problem+json with an `errors` list naming each bad
 * field, and the client reads other shapes too (electron/core/service/problem.ts).
 */
export const FieldError = z.object({ field: z.string(), message: z.string() })
export type FieldError = z.infer<typeof FieldError>

export const Problem = z.object({
  type: z.string().default('about:blank'),
  title: z.string(),
  status: z.int(),
  detail: z.string().optional(),
  errors: z.array(FieldError).optional(),
})
export type Problem = z.infer<typeof Problem>
