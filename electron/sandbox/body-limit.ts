import type { Context, MiddlewareHandler } from 'hono'
import { problemResponse } from './errors'
import type { Env } from './operation'

/**
 * Reads a request body once, up to `max` bytes (413 beyond, also for chunked bodies without a
 * Content-Length), and keeps the text for the handlers. Hono's own bodyLimit rebuilds the Request
 * for chunked bodies, which fails when the node adapter does not override the global Request.
 */
export function limitBody(max: number): MiddlewareHandler<Env> {
  return async (c, next) => {
    const tooLarge = () => problemResponse(413, `Request bodies are limited to ${max} bytes`)
    const length = c.req.header('content-length')
    if (length !== undefined && Number(length) > max) return tooLarge()
    const stream = c.req.raw.body
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !stream) return next()
    const reader = stream.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > max) {
        await reader.cancel().catch(() => undefined)
        return tooLarge()
      }
      chunks.push(value)
    }
    c.set('bodyText', Buffer.concat(chunks).toString('utf8'))
    return next()
  }
}

/** The request body as text (read by limitBody). */
export function bodyText(c: Context<Env>): string {
  return c.get('bodyText') ?? ''
}
