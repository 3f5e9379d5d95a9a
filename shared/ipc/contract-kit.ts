import { z } from 'zod'
import { Id, PER_PAGE_MAX } from '../api'

/** One request/response channel of the IPC contract. */
export interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
}
export const channel = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O): ChannelDef<I, O> => ({ input, output })

/** The input of a channel about one service record. */
export const ById = z.object({ id: Id })

/** The page of a list a view asks for (`perPage` rows by default)... */
export const pageRequest = (perPage: number) => ({
  page: z.int().min(1).default(1),
  perPage: z.int().min(1).max(PER_PAGE_MAX).default(perPage),
})
/** ...and, in the answer, where that page stands in the whole list. */
export const pageInfo = { total: z.int(), pages: z.int(), page: z.int(), perPage: z.int() }

/** The typed error every channel answers with instead of throwing across the bridge. */
export const IpcErrorCode = z.enum([
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
export type IpcErrorCode = z.infer<typeof IpcErrorCode>

export const IpcError = z.object({
  code: IpcErrorCode,
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().optional(),
})
export type IpcError = z.infer<typeof IpcError>

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

/** A fault a core handler raises on purpose; the dispatcher turns it into an IpcError. */
export class AppError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'AppError'
  }
  toIpcError(): IpcError {
    return { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}), ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}) }
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
