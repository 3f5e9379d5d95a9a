import type { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import type { ErrorCode } from '../../../shared/model/app-error'

/** What the body reader takes from Node (passed in: see bodyReading). */
export interface BodyReaderParts {
  pipeline: typeof pipeline
  createBrotliDecompress: typeof createBrotliDecompress
  createGunzip: typeof createGunzip
  createInflate: typeof createInflate
}

/**
 * How much of an answer the client is prepared to read. Every answer is read through these bounds,
 * so a hostile or broken answer (huge, endless, trickling, a decompression bomb, absurdly nested
 * JSON) costs at most `maxDecodedBytes` of memory per request in flight and ends within
 * `deadlineMs` of its headers (or `idle` without a byte; undici's bodyTimeout), never later.
 */
export interface BodyLimits {
  /** Bytes as they arrive (before decoding). A larger Content-Length is refused before reading. */
  maxWireBytes: number
  /** Bytes after decoding gzip/br: what the answer costs in memory. */
  maxDecodedBytes: number
  /** The whole body must have arrived this long after the headers (a 1 byte/s answer ends here). */
  deadlineMs: number
  /**
   * Arrays and objects nested deeper than this are refused before anything parses them. Infinity:
   * not looked at while reading, for a reader that parses the answer at once and checks the parsed
   * value with nestsWithin instead (V8's JSON.parse is not recursive: a hostile nesting cannot
   * overflow its stack, only what walks the value afterwards).
   */
  maxJsonDepth: number
}

/**
 * One page of a list is at most 1000 records (spec section 8): a products page of the sandbox is
 * about 1.5 MB, an orders page about 3 MB. 16 MB leaves room for far richer records, and bounds
 * a full sync (4 pages in flight) to 64 MB of bodies at worst.
 */
const LIST_BYTES = 16 * 1024 * 1024
/** One record (an order of many lines, a product group of many products). */
const RECORD_BYTES = 4 * 1024 * 1024
/** A token answer is a few hundred bytes; an error body a few kilobytes. */
const SMALL_BYTES = 64 * 1024

/**
 * 60 s for a body: a 16 MB list at 2 Mbit/s uncompressed, or a compressed page on a 56 kbit/s
 * link. Our records nest 8 levels at most (product → rate_plans → charges → costs); 64 is generous.
 */
const DEADLINE_MS = 60_000
const JSON_DEPTH = 64

export const DEFAULT_LIMITS = {
  list: { maxWireBytes: LIST_BYTES, maxDecodedBytes: LIST_BYTES, deadlineMs: DEADLINE_MS, maxJsonDepth: JSON_DEPTH },
  record: { maxWireBytes: RECORD_BYTES, maxDecodedBytes: RECORD_BYTES, deadlineMs: DEADLINE_MS, maxJsonDepth: JSON_DEPTH },
  small: { maxWireBytes: SMALL_BYTES, maxDecodedBytes: SMALL_BYTES, deadlineMs: DEADLINE_MS, maxJsonDepth: JSON_DEPTH },
} as const satisfies Record<string, BodyLimits>

/** Content codings the client asks for, best first (RFC 9110 section 12.5.3). */
export const ACCEPT_ENCODING = 'br, gzip'

/**
 * The reader, built from the parts of Node it uses. It refers to nothing outside this function, so
 * its source text runs as it is in a worker thread too (sync-worker-source.ts: the catalogue's
 * pages are fetched and read there, within the same bounds, off the thread that answers searches).
 */
export function bodyReading(node: BodyReaderParts) {
  /** An answer that broke one of the bounds; the client turns it into a ServiceError. */
  class BodyLimitError extends Error {
    constructor(
      readonly code: Extract<ErrorCode, 'too_large' | 'timeout' | 'bad_response'>,
      message: string,
    ) {
      super(message)
      this.name = 'BodyLimitError'
    }
  }

  const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

  /**
   * Reads a response body within `limits`, decoding its Content-Encoding (br, gzip, deflate; also
   * when not asked for, as browsers do) as it streams, so the memory held is the decoded body alone.
   * Returns the decoded bytes in a buffer of their own (safe to transfer to a worker).
   */
  async function readBody(
    body: Readable,
    headers: Record<string, string | string[] | undefined>,
    limits: BodyLimits,
    signal?: AbortSignal,
    /** Called before each piece of the body is taken (the catalogue's rows worker holds back for searches there). */
    eachChunk?: () => void,
  ): Promise<Uint8Array> {
    const declared = Number(first(headers['content-length']))
    if (Number.isFinite(declared) && declared > limits.maxWireBytes) {
      discardBody(body)
      throw new BodyLimitError('too_large', `The answer would be ${mb(declared)}, more than the ${mb(limits.maxWireBytes)} the app reads for it.`)
    }
    let decoders: Transform[]
    try {
      decoders = decodersFor(first(headers['content-encoding']))
    } catch (err) {
      discardBody(body)
      throw err
    }

    const deadline = AbortSignal.timeout(limits.deadlineMs)
    let wire = 0
    let decoded = 0
    const chunks: Buffer[] = []
    const depth = new JsonDepthGuard(limits.maxJsonDepth)
    const countWire = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        eachChunk?.()
        wire += chunk.byteLength
        if (wire > limits.maxWireBytes) throw new BodyLimitError('too_large', `The answer was larger than the ${mb(limits.maxWireBytes)} the app reads for it.`)
        yield chunk
      }
    }
    const keep = async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        decoded += chunk.byteLength
        if (decoded > limits.maxDecodedBytes) {
          throw new BodyLimitError('too_large', decoders.length
            ? `The compressed answer unpacked to more than ${mb(limits.maxDecodedBytes)} (after ${mb(wire)} received): refused as a decompression bomb.`
            : `The answer was larger than the ${mb(limits.maxDecodedBytes)} the app reads for it.`)
        }
        if (!depth.feed(chunk)) throw new BodyLimitError('bad_response', `The answer nests more than ${limits.maxJsonDepth} levels deep, which no answer of the service does.`)
        chunks.push(chunk)
      }
    }
    try {
      // The array form of pipeline (a variable number of decoders) is not in Node's typings.
      const run = node.pipeline as unknown as (streams: unknown[], options: { signal: AbortSignal }) => Promise<void>
      await run([body, countWire, ...decoders, keep], { signal: signal ? AbortSignal.any([signal, deadline]) : deadline })
    } catch (err) {
      if (err instanceof BodyLimitError) throw err
      if (deadline.aborted && !signal?.aborted) {
        throw new BodyLimitError('timeout', `The answer did not finish within ${limits.deadlineMs / 1000} s (${mb(wire)} received): the link is too slow or the answer never ends.`)
      }
      if (isZlibError(err)) throw new BodyLimitError('bad_response', `The answer's ${first(headers['content-encoding'])} encoding is damaged.`)
      throw err
    }
    const out = new Uint8Array(decoded)
    let at = 0
    for (const c of chunks) {
      out.set(c, at)
      at += c.byteLength
    }
    return out
  }

  /** Stops reading an answer (undici reports the destroyed body as an error nobody needs to hear). */
  function discardBody(body: Readable): void {
    body.on('error', () => {})
    body.destroy()
  }

  function first(v: string | string[] | undefined): string | undefined {
    return Array.isArray(v) ? v[0] : v
  }

  /** Decoders for a Content-Encoding, applied in reverse order of their listing (RFC 9110 8.4). */
  function decodersFor(header: string | undefined): Transform[] {
    if (!header) return []
    const codings = header.split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity')
    return codings.reverse().map((c) => {
      if (c === 'br') return node.createBrotliDecompress()
      if (c === 'gzip' || c === 'x-gzip') return node.createGunzip()
      if (c === 'deflate') return node.createInflate()
      throw new BodyLimitError('bad_response', `The answer is encoded as ${c}, which the app cannot read.`)
    })
  }

  function isZlibError(err: unknown): boolean {
    const code = (err as { code?: unknown }).code
    return typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code === 'ERR__ERROR_FORMAT_PADDING_1')
  }

  const QUOTE = 0x22
  const BACKSLASH = 0x5c
  const OPEN_ARRAY = 0x5b
  const CLOSE_ARRAY = 0x5d
  const OPEN_OBJECT = 0x7b
  const CLOSE_OBJECT = 0x7d

  /**
   * Tracks the nesting depth of JSON text as it streams, outside strings. A byte scan, much cheaper
   * than a parse; it runs before JSON.parse (or a worker) sees the text, so nothing recursive ever
   * meets a hostile nesting. It runs on the main thread for every answer (a full sync reads 150 MB),
   * so a string's contents (most of a product's bytes: names, descriptions) are skipped with a native
   * search for the closing quote rather than looked at byte by byte: a quote ends the string unless
   * an odd run of backslashes stands right before it.
   */
  class JsonDepthGuard {
    #depth = 0
    #inString = false
    #escaped = false
    readonly #max: number

    constructor(max: number) {
      this.#max = max
    }

    /** False once the text has gone deeper than the maximum. */
    feed(bytes: Uint8Array): boolean {
      if (this.#max === Infinity) return true
      let depth = this.#depth
      let inString = this.#inString
      let escaped = this.#escaped
      const max = this.#max
      const n = bytes.length
      let i = 0
      while (i < n) {
        if (inString) {
          if (escaped) {
            escaped = false
            i++
            continue
          }
          const quote = bytes.indexOf(QUOTE, i)
          if (quote < 0) {
            // The string goes on in the next chunk: escaped if this one ends in an odd run of backslashes.
            let run = 0
            for (let j = n - 1; j >= i && bytes[j] === BACKSLASH; j--) run++
            escaped = run % 2 === 1
            break
          }
          let run = 0
          for (let j = quote - 1; j >= i && bytes[j] === BACKSLASH; j--) run++
          i = quote + 1
          if (run % 2 === 0) inString = false
          continue
        }
        const b = bytes[i]!
        if (b === QUOTE) inString = true
        else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
          if (++depth > max) return false
        } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--
        i++
      }
      this.#depth = depth
      this.#inString = inString
      this.#escaped = escaped
      return true
    }
  }

  /**
   * Whether a parsed JSON value nests at most `max` arrays and objects deep (as JsonDepthGuard
   * counts them while reading). It recurses at most `max` levels, whatever the value. The catalogue's
   * rows worker checks each page so, after parsing it: a walk of the parsed products costs a few
   * milliseconds a page where the byte scan cost about a fifth of the worker's time.
   */
  function nestsWithin(value: unknown, max: number): boolean {
    if (typeof value !== 'object' || value === null) return true
    if (max < 1) return false
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null && !nestsWithin(item, max - 1)) return false
      return true
    }
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key]
      if (typeof item === 'object' && item !== null && !nestsWithin(item, max - 1)) return false
    }
    return true
  }

  /** The first non-blank byte is `<`: HTML (or XML), whatever the Content-Type claimed. */
  function startsLikeMarkup(bytes: Uint8Array): boolean {
    for (const b of bytes) {
      if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0xef || b === 0xbb || b === 0xbf) continue
      return b === 0x3c
    }
    return false
  }

  return { BodyLimitError, readBody, discardBody, JsonDepthGuard, nestsWithin, startsLikeMarkup }
}

export const { BodyLimitError, readBody, discardBody, JsonDepthGuard, nestsWithin, startsLikeMarkup } = bodyReading({ pipeline, createBrotliDecompress, createGunzip, createInflate })
export type BodyLimitError = InstanceType<typeof BodyLimitError>
export type JsonDepthGuard = InstanceType<typeof JsonDepthGuard>
