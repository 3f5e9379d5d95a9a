import { z } from 'zod'

/** Spec 2.1. */
export const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type must be Bearer'),
  expires_in: z.number().int().positive(),
})
export type TokenResponse = z.infer<typeof TokenResponse>

/** The lifetime taken for a token whose answer does not state one (a 401 renews it sooner anyway). */
export const TOKEN_LIFETIME_UNSTATED_S = 3600

/**
 * The client's reading of a token answer: expires_in as spec 2.1 types it, as the numeric string
 * some OAuth servers send, or left out (RFC 6749 5.1 only recommends it). A sign-in must not fail on it.
 */
export const TokenAnswer = TokenResponse.extend({
  expires_in: z
    .union([z.int(), z.string().trim().regex(/^\d+$/).transform(Number)])
    .pipe(z.int().positive())
    .default(TOKEN_LIFETIME_UNSTATED_S),
})

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
