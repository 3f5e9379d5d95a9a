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

  it('agrees with a byte-by-byte reading of the same text, however it is cut into chunks', () => {
    /** The depth the text reaches outside strings, read one byte at a time. */
    const deepest = (text: string) => {
      let depth = 0
      let most = 0
      let inString = false
      let escaped = false
      for (const c of text) {
        if (inString) {
          if (escaped) escaped = false
          else if (c === '\\') escaped = true
          else if (c === '"') inString = false
        } else if (c === '"') inString = true
        else if (c === '[' || c === '{') most = Math.max(most, ++depth)
        else if (c === ']' || c === '}') depth--
      }
      return most
    }
    let seed = 7
    const rnd = (n: number) => (seed = (seed * 16807) % 2147483647) % n
    const pieces = ['[', ']', '{', '}', '"', '\\', '\\\\', '\\"', 'a', 'é', ',', ':', '1']
    for (let round = 0; round < 500; round++) {
      const text = Array.from({ length: 1 + rnd(60) }, () => pieces[rnd(pieces.length)]).join('')
      const bytes = Buffer.from(text)
      const cuts = [0, ...Array.from({ length: rnd(5) }, () => rnd(bytes.length + 1)).sort((a, b) => a - b), bytes.length]
      const chunks = cuts.slice(1).map((end, k) => bytes.subarray(cuts[k], end))
      const max = deepest(text)
      const fits = new JsonDepthGuard(max)
      expect(chunks.every((c) => fits.feed(c)), text).toBe(true)
      if (max > 0) {
        const tight = new JsonDepthGuard(max - 1)
        expect(chunks.every((c) => tight.feed(c)), text).toBe(false)
      }
    }
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
