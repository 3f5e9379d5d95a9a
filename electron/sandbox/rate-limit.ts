import type { MiddlewareHandler } from 'hono'
import { problemResponse } from './errors'
import type { Env } from './operation'
import { sha256 } from './secrets'
import type { SandboxState } from './state'

/**
 * Fixed one-minute windows per caller, on the sandbox clock: the API client a bearer token was
 * issued to (so renewing the token, spec 5.8, does not open a new window), else the token as sent
 * (unknown ones), else the address. Off unless rateLimitPerMinute > 0. Test admin endpoints are
 * never limited.
 */
export function rateLimit(state: SandboxState): MiddlewareHandler<Env> {
  const windows = new Map<string, { start: number; count: number }>()
  return async (c, next) => {
    const limit = state.options.rateLimitPerMinute
    if (limit <= 0 || c.req.path.startsWith('/api/v1/_test')) return next()
    const auth = c.req.header('authorization')
    const key = auth ? callerKey(state, auth) : `address:${c.env?.incoming?.socket?.remoteAddress ?? 'local'}`
    const now = state.clock.now()
    let w = windows.get(key)
    if (!w || now - w.start >= 60_000) {
      w = { start: now, count: 0 }
      windows.set(key, w)
    }
    if (++w.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000))
      return problemResponse(429, `More than ${limit} requests per minute`, undefined, { 'Retry-After': String(retryAfter) })
    }
    return next()
  }
}

/** The API client behind `Authorization: Bearer <token>`, or the header itself when it names no token issued. */
function callerKey(state: SandboxState, auth: string): string {
  const token = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(auth)?.[1]
  const row = token ? state.store.get<{ client_id: string }>('SELECT client_id FROM tokens WHERE hash = ?', sha256(token)) : undefined
  return row ? `client:${row.client_id}` : `header:${sha256(auth)}`
}
