import { z } from 'zod'

/** Spec 2.1. */
export const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type must be Bearer'),
  expires_in: z.number().int().positive(),
})
export type TokenResponse = z.infer<typeof TokenResponse>

/** The token request form (spec 4.1); the only form-encoded body. */
export const TokenRequest = z.object({
  client_id: z.uuid(),
  client_secret: z.string().min(1),
  grant_type: z.literal('client_credentials'),
})
export type TokenRequest = z.infer<typeof TokenRequest>

/** RFC 6749 section 5.2 error body of the token endpoint. */
export const OAuthError = z.object({
  error: z.enum(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope']),
  error_description: z.string().optional(),
})
export type OAuthError = z.infer<typeof OAuthError>
