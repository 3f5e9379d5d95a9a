import type { Api } from '../../../shared/ipc/api-builder'
import { AppError, type IpcError, type IpcResult } from '../../../shared/ipc/contract-kit'

/**
 * A channel's failure on the renderer side: the IpcError that crossed the bridge, thrown as the
 * core's own AppError so stores can `try`. `fields` is always there, for forms to read unchecked.
 */
export class ApiError extends AppError {
  declare readonly fields: Record<string, string>

  constructor(error: IpcError) {
    super(error.code, error.message, error.fields ?? {}, error.retryAfterSeconds)
    this.name = 'ApiError'
    if (error.reason) this.because(error.reason)
    if (error.fieldCodes) this.withFieldCodes(error.fieldCodes)
    if (error.refusal) this.refusal = error.refusal
  }
}

/** Anything caught in a store → an ApiError (a transport that threw becomes `internal`). */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err
  return new ApiError({ code: 'internal', message: err instanceof Error ? err.message : String(err) })
}

/** IpcResult → value, or throws ApiError. */
export async function unwrap<T>(result: Promise<IpcResult<T>> | IpcResult<T>): Promise<T> {
  let r: IpcResult<T>
  try {
    r = await result
  } catch (err) {
    throw toApiError(err)
  }
  if (r.ok) return r.value
  throw new ApiError(r.error)
}

type Unwrapped<F> = F extends (...args: infer P) => Promise<IpcResult<infer T>> ? (...args: P) => Promise<T> : never
type UnwrappedDomain<G> = { [M in keyof G]: Unwrapped<G[M]> }

/** `window.api` with every channel answering its value or throwing ApiError: what stores use. */
type RendererApi = { [D in Exclude<keyof Api, 'on'>]: UnwrappedDomain<Api[D]> } & Pick<Api, 'on'>

/**
 * `api.connection.status()` → Promise<ConnectionStatus>. window.api is looked up on every call,
 * so component tests can install their own bridge before calling.
 */
export const api: RendererApi = new Proxy({} as RendererApi, {
  get(_target, domain: string) {
    if (domain === 'on') return (...args: Parameters<Api['on']>) => window.api.on(...args)
    return new Proxy(
      {},
      {
        get(_t, method: string) {
          return (input?: unknown) => {
            const group = (window.api as unknown as Record<string, Record<string, ((i?: unknown) => Promise<IpcResult<unknown>>) | undefined> | undefined>)[domain]
            const fn = group?.[method]
            if (!fn) return Promise.reject(new ApiError({ code: 'unknown_channel', message: `${domain}.${method} is not available.` }))
            return unwrap(fn(input))
          }
        },
      },
    )
  },
})
