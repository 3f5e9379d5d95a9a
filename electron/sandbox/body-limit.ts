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
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const text = c.env?.incoming ? await readIncoming(c.env.incoming, max) : await readStream(c.req.raw.body, max)
    if (text === undefined) return tooLarge()
    c.set('bodyText', text)
    return next()
  }
}

/** Past this, an oversized chunked upload is cut off instead of drained. */
const DRAIN_LIMIT = 64 * 1024 * 1024

/**
 * Straight from the Node request: much cheaper than going through a web ReadableStream. An
 * oversized body is drained (not kept), so the client can still read the 413 instead of a reset.
 */
async function readIncoming(incoming: AsyncIterable<Buffer | string>, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of incoming) {
    const length = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength
    size += length
    if (size > DRAIN_LIMIT) break
    if (size <= max) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  }
  return size > max ? undefined : Buffer.concat(chunks).toString('utf8')
}

async function readStream(stream: ReadableStream<Uint8Array> | null, max: number): Promise<string | undefined> {
  if (!stream) return ''
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The request body as text (read by limitBody). */
export function bodyText(c: Context<Env>): string {
  return c.get('bodyText') ?? ''
}
