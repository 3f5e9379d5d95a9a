import { z } from 'zod'
import { FieldCode } from './draft-view'
import { ErrorReason } from './error-reason'
import { ServiceRefusal } from './service-refusal'

/**
 * What went wrong, as the core tells it: the same codes reach the renderer (the IPC contract's
 * IpcError is built from them), the tray and the logs.
 */
export const ErrorCode = z.enum([
  'invalid_input', // the payload failed the contract's schema, or the app's own checks refused what was entered
  'validation', // the service refused the content (fields name the culprits)
  'unauthorized', // credentials refused (e.g. invalid_client)
  'forbidden', // the user's permissions do not allow it
  'not_found',
  'conflict', // the state does not allow it (e.g. cancelling an ACCEPTED order)
  'rate_limited',
  'server_error', // the service failed (5xx)
  'offline', // the service cannot be reached
  'tls', // certificate or TLS failure
  'bad_response', // the service answered something that is not the expected JSON
  'too_large', // an answer larger than the app reads (also a decompression bomb)
  'timeout', // an answer that did not come, or did not finish, in time
  'captive_portal', // the network answered with a web page (a Wi-Fi sign-in) instead of the service
  'keychain_unavailable', // no OS secret service
  'storage_full', // the disk is full: nothing was written, the previous state is kept
  'no_profile', // no active connection profile
  'unknown_channel',
  'forbidden_sender',
  'internal',
])
export type ErrorCode = z.infer<typeof ErrorCode>

/** A fault as data: what AppError carries, and what travels to the renderer. */
export const ErrorReport = z.object({
  code: ErrorCode,
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().optional(),
  /** Why, as a stable code the window words itself (drafts, lines, templates); `message` is then the technical detail. */
  reason: ErrorReason.optional(),
  /** What `fields` say, by path, as the keys the window words (as DraftView.fieldCodes): the app's own checks only. */
  fieldCodes: z.record(z.string(), FieldCode).optional(),
  /** The service refused it (its HTTP status, and the kind the window words): `message` is then the service's own words. */
  refusal: ServiceRefusal.optional(),
})
export type ErrorReport = z.infer<typeof ErrorReport>

/** A fault the core raises on purpose; the dispatcher answers it as an IpcError. */
export class AppError extends Error {
  /** Set by `because`: the refusal's stable reason. */
  reason?: ErrorReason
  /** Set by `withFieldCodes`: what the fields say, as keys. */
  fieldCodes?: Record<string, FieldCode>
  /** Set by a failure of the service that answered with a refusal (ServiceError): what kind, and its status. */
  refusal?: ServiceRefusal

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'AppError'
  }
  /** The same error, with the stable reason the window says in the rep's language. */
  because(reason: ErrorReason): this {
    this.reason = reason
    return this
  }
  /** The same error, its field messages also as the keys the window says in the rep's language. */
  withFieldCodes(fieldCodes: Record<string, FieldCode>): this {
    this.fieldCodes = fieldCodes
    return this
  }
  toIpcError(): ErrorReport {
    return {
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.fieldCodes ? { fieldCodes: this.fieldCodes } : {}),
      ...(this.refusal ? { refusal: this.refusal } : {}),
    }
  }
}

/** Zod issues → one message per field path ("line_items.0.quantity"). */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_'
    fields[key] ??= issue.message
  }
  return fields
}
