import { AppError, type IpcErrorCode } from '../../../shared/ipc/contract-kit'

/**
 * A failed call to the service. `mayHaveApplied` is true when a write left this machine but no
 * answer came back: the service may or may not have done it, and only reconciliation can tell.
 */
export class ServiceError extends AppError {
  constructor(
    code: IpcErrorCode,
    message: string,
    readonly status: number | null,
    readonly mayHaveApplied: boolean,
    fields?: Record<string, string>,
    retryAfterSeconds?: number,
  ) {
    super(code, message, fields, retryAfterSeconds)
    this.name = 'ServiceError'
  }

  /** Worth trying again later without changing anything (network, 5xx, 429). */
  get transient(): boolean {
    return this.code === 'offline' || this.code === 'server_error' || this.code === 'rate_limited'
  }
}

const TLS_CODES = /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS|ERR_SSL|HOSTNAME_MISMATCH)/
/** Failures that happen before a request can have reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])

/** Maps a transport failure (undici or Node socket error) to a ServiceError. */
export function transportError(err: unknown, method: string, host: string): ServiceError {
  const e = err as { code?: string; cause?: { code?: string }; message?: string; name?: string }
  const code = e.code ?? e.cause?.code ?? ''
  if (e.name === 'AbortError') return new ServiceError('offline', 'The request was cancelled.', null, method !== 'GET')
  if (TLS_CODES.test(code)) {
    return new ServiceError('tls', `The secure connection to ${host} could not be verified (${code}). Check the address; certificate validation is never turned off.`, null, false)
  }
  const sent = !NOT_SENT_CODES.has(code)
  return new ServiceError('offline', `The service at ${host} cannot be reached${code ? ` (${code})` : ''}.`, null, sent && method !== 'GET')
}
