import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import type { Env } from './operation'

/**
 * What a production web server in front of an API does to its answers, so the client meets the
 * same: content negotiation of `br`/`gzip` (RFC 9110 section 12.5.3) for compressible types above a
 * size threshold, with `Vary: Accept-Encoding`, and a weak ETag on successful GETs that answers
 * `If-None-Match` with 304 (RFC 9110 section 13.1.2).
 */

/** Smaller answers go as they are: below ~1 KB compression saves less than a packet (nginx's `gzip_min_length` idea). */
export const COMPRESS_MIN_BYTES = 1024
/**
 * Brotli quality 4 and gzip level 6: the usual settings for dynamic content (CDNs use 4 for
 * on-the-fly brotli; 6 is zlib's default). A products page of 1.5 MB becomes ~120 KB (br) or
 * ~170 KB (gzip); compressing runs on libuv's thread pool, not the sandbox's event loop.
 */
const BROTLI_QUALITY = 4
const GZIP_LEVEL = 6

const COMPRESSIBLE = /^(application\/([\w.+-]+\+)?json|text\/|image\/svg\+xml|application\/(xml|javascript))/i

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

type Coding = 'br' | 'gzip'

/** The coding to use for an Accept-Encoding header: br before gzip, each unless given q=0. */
export function negotiate(header: string | undefined): Coding | null {
  if (!header) return null
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = qParam ? Number(qParam.slice(2)) : 1
    q.set(name, Number.isFinite(value) ? value : 0)
  }
  const weight = (c: Coding) => q.get(c) ?? q.get('*') ?? 0
  const best = (['br', 'gzip'] as const).filter((c) => weight(c) > 0).sort((a, b) => weight(b) - weight(a))
  return best[0] ?? null
}

export function httpEncoding(): MiddlewareHandler<Env> {
  return async (c, next) => {
    await next()
    const res = c.res
    if (!res.body || res.headers.has('content-encoding')) return
    const type = res.headers.get('content-type') ?? ''
    // HEAD runs the GET handler (Hono drops the body afterwards) and answers with the GET's headers,
    // its validator and encoding included (RFC 9110 section 9.3.2).
    const conditional = (c.req.method === 'GET' || c.req.method === 'HEAD') && res.status === 200
    const compressible = COMPRESSIBLE.test(type)
    if (!conditional && !compressible) return

    const body = Buffer.from(await res.arrayBuffer())
    const headers = new Headers(res.headers)
    if (conditional) {
      // An operation that keeps its answers' validators (listProducts) has set the ETag already.
      const etag = headers.get('etag') ?? weakEtag(body)
      headers.set('ETag', etag)
      if (noneMatch(c.req.header('if-none-match'), etag)) {
        headers.delete('content-type')
        headers.delete('content-length')
        if (compressible) headers.append('Vary', 'Accept-Encoding')
        replace(c, new Response(null, { status: 304, headers }))
        return
      }
    }
    if (compressible) headers.append('Vary', 'Accept-Encoding')
    const coding = compressible && body.byteLength >= COMPRESS_MIN_BYTES ? negotiate(c.req.header('accept-encoding')) : null
    let out: Buffer = body
    if (coding === 'br') {
      out = await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
    } else if (coding === 'gzip') out = await gzipped(body, { level: GZIP_LEVEL })
    if (coding) headers.set('Content-Encoding', coding)
    headers.set('Content-Length', String(out.byteLength))
    replace(c, new Response(new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength), { status: res.status, headers }))
  }
}

/** A weak validator of an answer's body (SHA-1): the same body, the same ETag, whatever its encoding. */
export function weakEtag(body: string | Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`
}

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110 section 13.1.2), or is `*`. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === opaque)
}

/** Hono merges the old response's headers into a new one (its Content-Length too): clear it first. */
function replace(c: Context<Env>, res: Response): void {
  c.res = undefined as unknown as Response
  c.res = res
}
