import { AppError, type ErrorCode } from '../../../shared/model/app-error'
import { serviceRefusalOf } from '../../../shared/model/service-refusal'

/**
 * A failed call to the service. `mayHaveApplied` is true when a write left this machine but no
 * answer came back: the service may or may not have done it, and only reconciliation can tell.
 */
export class ServiceError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly status: number | null,
    readonly mayHaveApplied: boolean,
    fields?: Record<string, string>,
    retryAfterSeconds?: number,
  ) {
    super(code, message, fields, retryAfterSeconds)
    this.name = 'ServiceError'
    // Only an answer of the service is its refusal: `message` then holds its own words.
    const refusal = serviceRefusalOf(code, status)
    if (refusal) this.refusal = refusal
  }

  /** Worth trying again later without changing anything (network, 5xx, 429). */
  get transient(): boolean {
    return this.code === 'offline' || this.code === 'server_error' || this.code === 'rate_limited' || this.code === 'timeout' || this.code === 'captive_portal'
  }
}

/**
 * A request of a session that has ended: its client was closed (the profile was edited, switched or
 * removed) before the request went out, so nothing reached the service and nothing is wrong with
 * it. Not a failure: it neither changes the online state nor counts against the service; whoever
 * still wants the work done does it again with the new session.
 */
export class SessionEndedError extends ServiceError {
  constructor() {
    super('offline', 'The connection changed before this request was sent; try again.', null, false)
    this.name = 'SessionEndedError'
  }
}

/**
 * A request held back by "Work offline" (connection/work-offline.ts): offline like an unreachable
 * service (callers wait and try again), but nothing failed: the user chose it, and the outbox
 * records no error for it.
 */
export class WorkingOfflineError extends ServiceError {
  constructor() {
    super('offline', 'Working offline: nothing is sent until "Work offline" is switched off.', null, false)
    this.name = 'WorkingOfflineError'
  }
}

const TLS_CODES = /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS|ERR_SSL|HOSTNAME_MISMATCH)/
/** Failures that happen before a request can have reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])

/**
 * Undici refuses a request on a client that was closed: a ServiceClient is closed only when its
 * session ends, and it lets the requests already sent finish first, so these never left.
 */
const CLOSED_CODES = new Set(['UND_ERR_CLOSED', 'UND_ERR_DESTROYED'])

/** Maps a transport failure (undici or Node socket error) to a ServiceError. */
export function transportError(err: unknown, method: string, host: string): ServiceError {
  const e = err as { code?: string; cause?: { code?: string }; message?: string; name?: string }
  const code = e.code ?? e.cause?.code ?? ''
  if (CLOSED_CODES.has(code)) return new SessionEndedError()
  if (e.name === 'AbortError') return new ServiceError('offline', 'The request was cancelled.', null, method !== 'GET')
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    const what = code === 'UND_ERR_HEADERS_TIMEOUT' ? 'did not start to answer' : 'stopped sending its answer'
    return new ServiceError('timeout', `The service at ${host} ${what} in time.`, null, method !== 'GET')
  }
  if (TLS_CODES.test(code)) {
    return new ServiceError('tls', `The secure connection to ${host} could not be verified (${code}). Check the address; certificate validation is never turned off.`, null, false)
  }
  const sent = !NOT_SENT_CODES.has(code)
  return new ServiceError('offline', `The service at ${host} cannot be reached${code ? ` (${code})` : ''}.`, null, sent && method !== 'GET')
}
