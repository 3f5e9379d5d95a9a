import type { MiddlewareHandler } from 'hono'
import { problemResponse } from './errors'
import type { Env } from './operation'
import { sha256 } from './secrets'
import type { SandboxState } from './state'

/**
 * Fixed one-minute windows per caller (the bearer token, or the address when there is none), on
 * the sandbox clock. Off unless rateLimitPerMinute > 0. Test admin endpoints are never limited.
 */
export function rateLimit(state: SandboxState): MiddlewareHandler<Env> {
  const windows = new Map<string, { start: number; count: number }>()
  return async (c, next) => {
    const limit = state.options.rateLimitPerMinute
    if (limit <= 0 || c.req.path.startsWith('/api/v1/_test')) return next()
    const auth = c.req.header('authorization')
    const key = auth ? sha256(auth) : (c.env?.incoming?.socket?.remoteAddress ?? 'local')
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
