import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels, type ChannelName } from '../../shared/ipc/contract'
import { IpcError, type IpcResult } from '../../shared/ipc/contract-kit'
import { createCore, type Core } from '../core'
import { createIpcGate, type IpcGate } from './ipc-gate'
import { APP_ENTRY_URL, APP_ORIGIN } from './security/app-origin'
import { isSafeExternalUrl, openExternalSafely } from './security/external-links'
import { testKeychain } from '../../tests/support/core/test-keychain'


const RUNS_PER_CHANNEL = 1000
const WINDOW_ID = 1
const sender = { id: WINDOW_ID, frameUrl: APP_ENTRY_URL }
const names = Object.keys(channels) as ChannelName[]

/** The object shape behind a channel's input schema (through defaults, optionals, refinements), if any. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  let s: unknown = schema
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return s.shape as Record<string, z.ZodType>
    const def = (s as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def
    s = def?.innerType ?? def?.in ?? def?.schema
  }
  return null
}

const leaf = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.integer({ min: 1, max: 50 }),
  fc.double(),
  fc.constantFrom(NaN, Infinity, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.string(),
  fc.constantFrom('', ' ', 'null', '1', '-1', '__proto__', 'constructor', 'https://example.com', 'javascript:alert(1)', 'file:///etc/passwd', '../../etc/passwd', "'; DROP TABLE profiles; --", '\u0000', 'x'.repeat(70_000)),
  fc.uuid(),
  fc.webUrl(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
)
const nested = fc.oneof(leaf, fc.array(leaf, { maxLength: 5 }), fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }))

// What structured clone can carry over IPC: maps, sets, typed arrays, dates, bigints, sparse arrays.
const anything = fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true, withSparseArray: true, maxDepth: 2, maxKeys: 4 })
const hostile = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  Object.create(null),
  new Proxy({}, { get: () => 'trap' }),
  Symbol('s'),
  () => 'fn',
)

/** FUZZ_SEED=<n> replays a run; the seed of every run is printed. */
const SEED = Number(process.env.FUZZ_SEED) || Date.now() % 2 ** 31

/**
 * RUNS_PER_CHANNEL payloads per channel: a shared pool of anything-at-all (generated once, sent to
 * every channel), plus objects carrying the channel's own input keys with wrong or odd values.
 */
const commonPool = fc.sample(fc.oneof(anything, hostile, nested), { numRuns: Math.ceil(RUNS_PER_CHANNEL * 0.7), seed: SEED })
function payloads(name: ChannelName, index: number): unknown[] {
  const shape = shapeOf(channels[name].input)
  const own: fc.Arbitrary<unknown> = shape ? fc.record(Object.fromEntries(Object.keys(shape).map((k) => [k, nested])), { requiredKeys: [] }) : nested
  return [...commonPool, ...fc.sample(own, { numRuns: RUNS_PER_CHANNEL - commonPool.length, seed: SEED + index + 1 })]
}

const describePayload = (v: unknown) => {
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x))?.slice(0, 300) ?? String(v)
  } catch {
    return Object.prototype.toString.call(v)
  }
}

/** Throws unless the reply is a typed IpcResult that would survive Electron's structured clone. */
function assertTyped(name: ChannelName, reply: IpcResult<unknown>): void {
  if (!reply || typeof reply !== 'object' || typeof reply.ok !== 'boolean') throw new Error('the reply is not an IpcResult')
  if (reply.ok) {
    if (!channels[name].output.safeParse(reply.value).success) throw new Error('the value is outside the channel output schema')
  } else if (!IpcError.safeParse(reply.error).success) {
    throw new Error(`untyped error ${describePayload(reply.error)}`)
  }
  structuredClone(reply)
}

describe('IPC gate fuzz: random payloads to every channel of the contract, through the gate, into a real core', () => {
  let dir: string
  let core: Core
  let gate: IpcGate
  const opened: string[] = []

  beforeAll(async () => {
    console.log(`ipc fuzz: FUZZ_SEED=${SEED}`)
    dir = mkdtempSync(join(tmpdir(), 'wd-ipc-fuzz-'))
    core = createCore({
      dataDir: dir,
      secrets: testKeychain(),
      notifier: { show: () => {} },
      log: { info: () => {}, warn: () => {}, error: () => {} },
      openExternal: (url) => openExternalSafely(url, async (u) => void opened.push(u)),
    })
    await core.start()
    gate = createIpcGate({ dispatch: core.dispatch, trustedOrigins: [APP_ORIGIN], trustedWebContentsIds: new Set([WINDOW_ID]) })
  })

  afterAll(async () => {
    await core?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it.each(names.map((name, index) => [name, index] as const))(`%s: ${RUNS_PER_CHANNEL} random payloads, only typed answers`, async (name, index) => {
    const inputs = payloads(name, index)
    expect(inputs.length).toBeGreaterThanOrEqual(RUNS_PER_CHANNEL)
    for (const input of inputs) {
      let reply: IpcResult<unknown>
      try {
        reply = await gate(sender, name, input)
        assertTyped(name, reply)
      } catch (err) {
        throw new Error(`${name} with ${describePayload(input)} (FUZZ_SEED=${SEED}): ${(err as Error).message}`)
      }
    }
    // Still serving after the storm.
    expect(await gate(sender, 'system.info', undefined)).toMatchObject({ ok: true })
  })

  it('garbage channel names get unknown_channel, and the gate keeps serving', async () => {
    const channel = fc.oneof(fc.anything({ maxDepth: 2, withBigInt: true }), fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'system', 'system.', '.info', 'System.Info', 'system.info ', 'x'.repeat(100_000)))
    await fc.assert(
      fc.asyncProperty(channel, fc.anything({ maxDepth: 2 }), async (name, input) => {
        fc.pre(typeof name !== 'string' || !Object.hasOwn(channels, name))
        const reply = await gate(sender, name, input)
        expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
        expect(IpcError.safeParse((reply as { error: unknown }).error).success).toBe(true)
      }),
      { numRuns: RUNS_PER_CHANNEL },
    )
    expect(await gate(sender, 'system.info', undefined)).toMatchObject({ ok: true })
  })

  it('random senders are refused unless they are the app window showing the app origin', async () => {
    const frameUrl = fc.oneof(fc.constant(null), fc.constant(APP_ENTRY_URL), fc.webUrl(), fc.string(), fc.constantFrom('app://wholesale-desk/x', 'app://wholesale-desk.evil/', 'APP://WHOLESALE-DESK/'))
    await fc.assert(
      fc.asyncProperty(fc.record({ id: fc.oneof(fc.constant(WINDOW_ID), fc.integer()), frameUrl }), fc.constantFrom(...names), async (s, name) => {
        const reply = await gate(s, name, undefined)
        const trusted = s.id === WINDOW_ID && typeof s.frameUrl === 'string' && /^app:\/\/wholesale-desk(\/|$)/i.test(s.frameUrl)
        if (!trusted) expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
        else expect(reply.ok || reply.error.code !== 'forbidden_sender').toBe(true)
      }),
      { numRuns: RUNS_PER_CHANNEL },
    )
  })

  it('left no prototype pollution behind and opened only allow-listed links', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    for (const u of opened) expect(isSafeExternalUrl(u)).toBe(true)
  })
})
