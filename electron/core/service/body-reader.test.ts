import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { BodyLimitError, DEFAULT_LIMITS, JsonDepthGuard, readBody } from './body-reader'

const feedAll = (max: number, ...parts: string[]) => {
  const guard = new JsonDepthGuard(max)
  return parts.every((p) => guard.feed(Buffer.from(p)))
}

describe('the JSON depth guard', () => {
  it('counts nesting across chunks and ignores brackets inside strings, escaped quotes included', () => {
    expect(feedAll(3, '[{"a":[', '1]}]')).toBe(true)
    expect(feedAll(3, '[{"a":[[', ']]}]')).toBe(false)
    expect(feedAll(2, '[{"a":"[[[[\\"[[', '[[{{"}]')).toBe(true)
    expect(feedAll(2, '["\\', '"",[[1]]]')).toBe(false)
  })
})

describe('reading a body within bounds', () => {
  const limits = { ...DEFAULT_LIMITS.small, maxDecodedBytes: 1000 }

  it('decodes gzip as it streams and returns the bytes in a buffer of their own', async () => {
    const json = JSON.stringify([{ a: 'x'.repeat(200) }])
    const out = await readBody(Readable.from([gzipSync(json)]), { 'content-encoding': 'gzip' }, limits)
    expect(Buffer.from(out).toString()).toBe(json)
    expect(out.byteOffset).toBe(0)
    expect(out.buffer.byteLength).toBe(out.byteLength)
  })

  it('refuses what decodes past the bound, a damaged encoding and an unknown one', async () => {
    const big = gzipSync(' '.repeat(5000))
    await expect(readBody(Readable.from([big]), { 'content-encoding': 'gzip' }, limits)).rejects.toMatchObject({ code: 'too_large' })
    await expect(readBody(Readable.from([big.subarray(0, 20)]), { 'content-encoding': 'gzip' }, limits)).rejects.toBeInstanceOf(BodyLimitError)
    await expect(readBody(Readable.from([Buffer.from('[]')]), { 'content-encoding': 'zstd' }, limits)).rejects.toMatchObject({ code: 'bad_response' })
  })
})
