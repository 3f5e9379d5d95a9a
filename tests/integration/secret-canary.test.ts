/**
 * The connection's secret provably stays in the keychain. A profile is saved with a client secret
 * unique to this run (the sandbox's seed is random), the app signs in (a token unique to this run),
 * syncs, submits a draft and meets failing calls; then every file the app wrote (SQLite databases
 * with their -wal files, logs), every IPC answer and event, and every HTTP request but the token
 * request itself are searched for the secret, and all of that but the API requests (which carry
 * the token by design) for the token. Neither may be anywhere.
 */
import { randomInt } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DraftView, OutboxCounts } from '../../shared/ipc/channels/baskets'
import { createCore, type Core } from '../../electron/core'
import { testKeychain } from '../support/core/test-keychain'
import { createFileLogger } from '../../electron/core/log/file-logger'
import { redactingSecretStore } from '../../electron/core/log/redacting-secret-store'
import { startSandbox, type Sandbox } from '../../electron/sandbox'
import { clientFor, plainProducts, serviceCatalogue } from '../chaos/support/outbox-world'

interface Seen {
  method: string
  url: string
  headers: string
  body: string
  response: string
}

/** A pass-through proxy in front of the sandbox that keeps every request and answer, byte for byte. */
function recordingProxy(target: string): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = []
  const upstream = new URL(target)
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const entry: Seen = { method: req.method ?? '', url: req.url ?? '', headers: JSON.stringify(req.headers), body: body.toString('utf8'), response: '' }
      seen.push(entry)
      const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (up) => {
        const back: Buffer[] = []
        up.on('data', (c: Buffer) => back.push(c))
        up.on('end', () => {
          entry.response = Buffer.concat(back).toString('utf8')
          res.writeHead(up.statusCode ?? 502, up.headers)
          res.end(Buffer.concat(back))
        })
      })
      out.on('error', () => res.destroy())
      out.end(body)
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen })))
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
}

let sandbox: Sandbox
let proxy: Awaited<ReturnType<typeof recordingProxy>>
const dataDir = mkdtempSync(join(tmpdir(), 'wd-canary-'))
const keychain = testKeychain()
let profileId: string | null = null

beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: 120, orders: 10, speed: 0, seed: randomInt(1_000_000, 2_000_000_000) })
  proxy = await recordingProxy(sandbox.url)
})
afterAll(async () => {
  if (profileId) await keychain.delete(`profile:${profileId}`).catch(() => {})
  proxy?.server.close()
  await sandbox?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the client secret and the token stay out of files, logs, IPC and other requests', () => {
  it('after sign-in, sync, submit and failing calls, the canaries are nowhere but the keychain (and the token in API requests)', async () => {
    const secret = sandbox.demo.clientSecret
    expect(secret.length).toBeGreaterThanOrEqual(16)
    const log = createFileLogger({ dataDir })
    log.info('starting', { canary: true })
    const core: Core = createCore({ dataDir, secrets: redactingSecretStore(keychain, (s) => log.redact(s)), notifier: { show: () => {} }, log })
    const ipc: string[] = []
    core.onEvent((event, payload) => ipc.push(JSON.stringify({ event, payload })))
    const call = async <T>(channel: string, input?: unknown): Promise<T> => {
      const reply = await core.dispatch(channel, input)
      ipc.push(JSON.stringify(reply))
      if (!reply.ok) throw new Error(`${channel}: ${reply.error.message}`)
      return reply.value as T
    }
    const fail = async (channel: string, input?: unknown) => {
      const reply = await core.dispatch(channel, input)
      ipc.push(JSON.stringify(reply))
      expect(reply.ok, channel).toBe(false)
    }
    await core.start()

    const base = `${proxy.url}/api/v1`
    // The one message that carries the secret, by design: the rep typing it into Settings.
    profileId = (await call<{ id: string }>('connection.save', { name: 'Canary', baseUrl: base, clientId: sandbox.demo.clientId, clientSecret: secret })).id
    await call('connection.activate', { id: profileId })
    await call('connection.test', { id: profileId })
    await call('catalogue.sync')

    const client = clientFor(sandbox)
    const product = plainProducts((await serviceCatalogue(client)).products)[0]!
    await client.close()
    const ref = await call<{ countries: { id: number }[]; shippingTypes: { id: number }[] }>('baskets.referenceData')
    const draft = await call<DraftView>('baskets.create', { doc: { name: 'Canary', shipping_address: { addr_line_1: '1 Bird Lane', city: 'York', postal_code: 'YO1 1AA', country_code: ref.countries[0]!.id }, shipping_type: ref.shippingTypes[0]!.id } })
    await call('baskets.addLine', { draftId: draft.id, productId: product.id, quantity: 2 })
    await call('baskets.submit', { id: draft.id })
    for (let i = 0; ; i++) {
      const c = await call<OutboxCounts>('baskets.outbox')
      if (c.queued + c.sending === 0) break
      if (i > 400) throw new Error('the outbox did not settle')
      await new Promise((r) => setTimeout(r, 25))
    }
    expect((await call<DraftView>('baskets.get', { id: draft.id })).state).toBe('submitted')
    await call('orders.pollNow')

    // Failing calls: the service errs, the token is revoked (the app signs in again), a wrong id.
    sandbox.control.injectFault({ kind: 'status', status: 500, times: 3, match: { path: '^/orders' } })
    // The service erring (answered from the offline cache, or failing: either way through the log and IPC).
    ipc.push(JSON.stringify(await core.dispatch('orders.list', { filters: {} })))
    sandbox.control.clearFaults()
    sandbox.control.revokeTokens()
    await call('orders.list', { filters: {}, page: 2 })
    await fail('orders.get', { id: 999_999_999 })
    await core.stop()

    const tokenRequests = proxy.seen.filter((s) => s.method === 'POST' && /token/i.test(s.url))
    expect(tokenRequests.length).toBeGreaterThanOrEqual(2)
    const tokens = tokenRequests.map((s) => (JSON.parse(s.response) as { access_token?: string }).access_token).filter((t): t is string => !!t)
    expect(tokens.length).toBeGreaterThanOrEqual(2)
    const canaries = [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64'), ...tokens]

    const leaks: string[] = []
    const files = filesUnder(dataDir)
    expect(files.some((f) => f.endsWith('.db'))).toBe(true)
    expect(files.some((f) => f.includes('logs'))).toBe(true)
    for (const f of files) {
      const bytes = readFileSync(f)
      for (const c of canaries) if (bytes.includes(Buffer.from(c))) leaks.push(`${f.slice(dataDir.length)} holds ${c === secret ? 'the secret' : 'a canary'}`)
    }
    ipc.forEach((m, i) => canaries.forEach((c) => m.includes(c) && leaks.push(`IPC message ${i} holds a canary: ${m.slice(0, 120)}`)))
    for (const s of proxy.seen) {
      if (tokenRequests.includes(s)) continue
      const text = `${s.method} ${s.url} ${s.headers} ${s.body}`
      for (const c of canaries.slice(0, 3)) if (text.includes(c)) leaks.push(`${s.method} ${s.url} carries the secret`)
    }
    expect(leaks).toEqual([])
    // The keychain does hold it: the test looked in the right place.
    expect(await keychain.get(`profile:${profileId}`)).toBe(secret)
  })
})
