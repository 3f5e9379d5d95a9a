import type { ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import type { Fault, RequestLogEntry } from './types'

/**
 * Answers no well-behaved service gives, but a network can (test mode only): the hostile faults of
 * `Fault`. Each is written straight to the Node response with backpressure, so even a 500 MB or a
 * never-ending answer costs the sandbox no more memory than a chunk, and stops when the client
 * goes away.
 */
export type HostileFault = Extract<Fault, { kind: 'hugeBody' | 'endless' | 'slow' | 'bomb' | 'deepJson' | 'captivePortal' }>

export const HOSTILE_KINDS: ReadonlySet<string> = new Set(['hugeBody', 'endless', 'slow', 'bomb', 'deepJson', 'captivePortal'])

export const DEFAULT_HUGE_BYTES = 500 * 1024 * 1024
export const DEFAULT_DEEP_JSON = 100_000

const CHUNK = 64 * 1024
/** Whole rows of a plausible list (about 64 KB), so a client reading it sees nothing odd but the size. */
const ROWS = (() => {
  const row = '{"id":1,"name":"Row of an answer that never stops growing","product_code":"HUGE-1","price":1},'
  return Buffer.from(row.repeat(Math.floor(CHUNK / row.length)))
})()

async function* rows(total: number): AsyncGenerator<Buffer> {
  yield Buffer.from('[')
  for (let sent = 1; sent < total; sent += ROWS.byteLength) yield sent + ROWS.byteLength <= total ? ROWS : ROWS.subarray(0, total - sent)
}

/** `data` at `bytesPerSecond`: small pieces at even intervals (1 byte a second at the slowest). */
async function* trickle(data: AsyncIterable<Buffer> | Buffer[], bytesPerSecond: number, signal: AbortSignal): AsyncGenerator<Buffer> {
  const piece = Math.max(1, Math.floor(bytesPerSecond / 10))
  const interval = (1000 * piece) / bytesPerSecond
  for await (const chunk of data) {
    for (let i = 0; i < chunk.byteLength; i += piece) {
      yield chunk.subarray(i, i + piece)
      await sleep(interval, undefined, { signal })
    }
  }
}

async function* endless(): AsyncGenerator<Buffer> {
  yield Buffer.from('[')
  for (;;) yield ROWS
}

/** `[` and then spaces for ever (valid JSON so far), compressed ~1000:1 (gzip) or far more (br); fast settings, so the bomb arrives at link speed. */
async function* spaces(): AsyncGenerator<Buffer> {
  yield Buffer.from('[')
  const blank = Buffer.alloc(1024 * 1024, 0x20)
  for (;;) yield blank
}

const PORTAL_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Welcome to Hotel Wi-Fi</title></head>
<body><h1>Welcome!</h1><p>Please accept the terms of use to connect to the internet.</p>
<form method="post" action="http://portal.example.net/login"><input type="checkbox" name="accept"> I accept
<button type="submit">Connect</button></form></body></html>
`

/**
 * Writes the hostile answer for `fault` to `out`. `real` is the answer the sandbox would have given
 * (only the slow fault sends it, trickled). Resolves when the answer ended or the client left.
 */
export async function answerHostile(fault: HostileFault, out: ServerResponse, entry: RequestLogEntry, real: () => Promise<Response>): Promise<void> {
  const gone = new AbortController()
  out.once('close', () => gone.abort())
  const send = async (status: number, headers: Record<string, string>, body: AsyncIterable<Buffer> | Buffer[], ...through: NodeJS.ReadWriteStream[]) => {
    entry.status = status
    out.writeHead(status, headers)
    const count = async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        entry.bytes += chunk.byteLength
        yield chunk
      }
    }
    // The array form of pipeline (a variable number of encoders) is not in Node's typings.
    const run = pipeline as unknown as (streams: unknown[], options: { signal: AbortSignal }) => Promise<void>
    await run([Readable.from(body, { objectMode: false }), ...through, count, out], { signal: gone.signal }).catch(() => out.destroy())
  }
  const json = { 'Content-Type': 'application/json; charset=utf-8' }
  switch (fault.kind) {
    case 'hugeBody': {
      const bytes = fault.bytes ?? DEFAULT_HUGE_BYTES
      return send(200, { ...json, ...(fault.declareLength === false ? {} : { 'Content-Length': String(bytes) }) }, rows(bytes))
    }
    case 'endless':
      return send(200, json, fault.bytesPerSecond ? trickle(endless(), fault.bytesPerSecond, gone.signal) : endless())
    case 'slow': {
      const res = await real()
      const body = Buffer.from(await res.arrayBuffer())
      const headers: Record<string, string> = {}
      res.headers.forEach((v, k) => (headers[k] = v))
      headers['content-length'] = String(body.byteLength)
      return send(res.status, headers, trickle([body], fault.bytesPerSecond ?? 1, gone.signal))
    }
    case 'bomb': {
      const br = fault.encoding === 'br'
      const encoder = br ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }) : createGzip({ level: 1 })
      return send(200, { ...json, 'Content-Encoding': br ? 'br' : 'gzip' }, spaces(), encoder)
    }
    case 'deepJson': {
      const depth = fault.depth ?? DEFAULT_DEEP_JSON
      return send(200, json, [Buffer.from('['.repeat(depth) + ']'.repeat(depth))])
    }
    case 'captivePortal': {
      const status = fault.status ?? 200
      const page = Buffer.from(PORTAL_PAGE)
      const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(page.byteLength), 'Cache-Control': 'no-store' }
      if (status === 302) headers.Location = 'http://portal.example.net/login?continue=api'
      return send(status, headers, [page])
    }
  }
}
