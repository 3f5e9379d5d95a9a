import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import { BasketStore } from '../baskets/basket-store'
import type { Organisation } from '../../../shared/api'
import type { ConnectionStatus } from '../../../shared/model/connection'
import { createKeychainStore, type SecretStore } from '../credentials/secret-store'
import { TEST_KEYCHAIN_SERVICE } from '../../../tests/support/core/test-keychain'
import { createCore, type InspectableCore } from '../index'
import { ManualClock } from '../platform/manual-clock'
import type { Logger } from '../platform/services'
import { until } from '../../../tests/support/core/until'

// These tests use the real OS keychain (gnome-keyring in a D-Bus session under `.ci/run`).
const keychain = createKeychainStore(TEST_KEYCHAIN_SERVICE)

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ testMode: true, products: 50, orders: 20, speed: 0, tokenTtlSeconds: 600 })
})
afterAll(async () => {
  await sandbox.close()
})

interface Harness {
  core: InspectableCore
  clock: ManualClock
  dataDir: string
  logLines: string[]
  replies: string[]
  events: string[]
  call(channel: string, input?: unknown): Promise<unknown>
}

const open: Harness[] = []
async function makeCore(dataDir = mkdtempSync(join(tmpdir(), 'wd-conn-')), secrets: SecretStore = keychain): Promise<Harness> {
  const logLines: string[] = []
  const log: Logger = {
    info: (m, d) => logLines.push(JSON.stringify({ m, d })),
    warn: (m, d) => logLines.push(JSON.stringify({ m, d })),
    error: (m, d) => logLines.push(JSON.stringify({ m, d: String(d) })),
  }
  const clock = new ManualClock(Date.now())
  const core = createCore({ dataDir, secrets, notifier: { show: () => {} }, log, clock })
  const replies: string[] = []
  const events: string[] = []
  core.onEvent((e, p) => events.push(JSON.stringify({ e, p })))
  const h: Harness = {
    core,
    clock,
    dataDir,
    logLines,
    replies,
    events,
    async call(channel, input) {
      const reply = await core.dispatch(channel, input)
      replies.push(JSON.stringify(reply))
      if (!reply.ok) throw Object.assign(new Error(reply.error.message), reply.error)
      return reply.value
    },
  }
  open.push(h)
  return h
}

afterEach(async () => {
  for (const h of open.splice(0)) await h.core.stop().catch(() => {})
  sandbox.control.clearFaults()
})

async function connect(h: Harness, secret = sandbox.demo.clientSecret) {
  const profile = (await h.call('connection.save', { name: 'Head office', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: secret })) as { id: string }
  return profile
}

/** The connection's status as the core reports it now. */
const status = async (h: Harness) => (await h.call('connection.status')) as ConnectionStatus
/** The ids of a list of organisations, ascending (the order the lists come in does not matter). */
const ids = (list: unknown) => (list as Organisation[]).map((o) => o.id).sort((a, b) => a - b)

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? filesUnder(p) : [p]
  })
}

describe('connection profiles and the keychain', () => {
  it('connects, shows who we are, and never writes the secret anywhere but the keychain', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    const status = (await h.call('connection.activate', { id: profile.id })) as { online: boolean; user: { id: number; organisation: number } }
    expect(status.online).toBe(true)
    expect(status.user.id).toBe(sandbox.demo.userId)
    expect(status.user.organisation).toBe(sandbox.demo.organisationId)
    const me = (await h.call('connection.test', { id: profile.id })) as { name: string; permissions: unknown[] }
    expect(me.name).toBeTruthy()
    expect(me.permissions.length).toBeGreaterThan(0)
    await h.call('connection.organisations')
    await h.call('connection.list')
    await h.core.stop()

    expect(await keychain.get(`profile:${profile.id}`)).toBe(sandbox.demo.clientSecret)
    const secret = sandbox.demo.clientSecret
    const files = filesUnder(h.dataDir)
    expect(files.some((f) => f.endsWith('app.db'))).toBe(true)
    for (const f of files) expect(readFileSync(f).includes(secret), `secret found in ${f}`).toBe(false)
    for (const line of [...h.logLines, ...h.replies, ...h.events]) {
      expect(line.includes(secret)).toBe(false)
      expect(line).not.toMatch(/Bearer\s+\S+/)
    }
    await keychain.delete(`profile:${profile.id}`)
    rmSync(h.dataDir, { recursive: true, force: true })
  })

  it('walks the organisations once for callers asking at the same moment', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    await h.call('connection.activate', { id: profile.id })
    await h.call('connection.organisations')
    sandbox.control.clearRequestLog()
    const [a, b] = await Promise.all([h.call('connection.organisations'), h.call('connection.organisations')])
    expect(b).toEqual(a)
    expect(sandbox.control.requestLog().filter((r) => r.method === 'GET' && r.path === '/organisations')).toHaveLength(1)
  })

  it('keeps the profile but says so clearly when the secret is wrong (invalid_client)', async () => {
    const h = await makeCore()
    const profile = await connect(h, 'not-the-secret')
    await expect(h.call('connection.test', { id: profile.id })).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/invalid_client|not accepted/) })
    const list = (await h.call('connection.list')) as { id: string }[]
    expect(list.map((p) => p.id)).toContain(profile.id)
    await h.call('connection.remove', { id: profile.id })
    expect(await keychain.get(`profile:${profile.id}`)).toBeNull()
  })

  it('refuses plain HTTP to a remote host and a malformed client id, losing nothing', async () => {
    const h = await makeCore()
    await expect(h.call('connection.save', { name: 'x', baseUrl: 'http://example.com/api/v1', clientId: sandbox.demo.clientId, clientSecret: 's' })).rejects.toMatchObject({
      code: 'invalid_input',
      fields: { baseUrl: expect.stringMatching(/HTTPS/) },
    })
    await expect(h.call('connection.save', { name: 'x', baseUrl: sandbox.baseUrl, clientId: 'abc', clientSecret: 's' })).rejects.toMatchObject({ code: 'invalid_input', fields: { clientId: expect.any(String) } })
    // A new connection without its secret: the app's own check (the service was never asked).
    await expect(h.call('connection.save', { name: 'x', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId })).rejects.toMatchObject({ code: 'invalid_input', fields: { clientSecret: expect.any(String) } })
    expect(await h.call('connection.list')).toEqual([])
  })

  it('reconnects to the last active profile after a restart', async () => {
    const first = await makeCore()
    const profile = await connect(first)
    await first.call('connection.activate', { id: profile.id })
    await first.core.stop()
    const second = await makeCore(first.dataDir)
    await second.core.start()
    const status = (await second.call('connection.status')) as { profile: { id: string } | null; online: boolean }
    expect(status.profile?.id).toBe(profile.id)
    expect(status.online).toBe(true)
    await second.call('connection.remove', { id: profile.id })
  })
})

describe('signing out', () => {
  it('ends the session and sends nothing more, keeps the connection and its secret, stays signed out after a restart, and Connect signs in again', async () => {
    const first = await makeCore()
    const profile = await connect(first)
    await first.call('connection.activate', { id: profile.id })
    const signedOut = (await first.call('connection.signOut')) as ConnectionStatus
    expect(signedOut).toMatchObject({ profile: null, user: null })
    sandbox.control.clearRequestLog()
    await expect(first.call('connection.organisations')).rejects.toMatchObject({ code: 'no_profile' })
    expect(first.core.context.connection.active()).toBeNull()
    expect(await first.core.context.connection.probe()).toBe(false)
    expect(sandbox.control.requestLog()).toEqual([])
    expect(((await first.call('connection.list')) as { id: string; active: boolean }[]).map((p) => [p.id, p.active])).toEqual([[profile.id, false]])
    expect(await keychain.get(`profile:${profile.id}`)).toBe(sandbox.demo.clientSecret)
    await first.core.stop()

    const second = await makeCore(first.dataDir)
    await second.core.start()
    expect(await status(second)).toMatchObject({ profile: null })
    const back = (await second.call('connection.activate', { id: profile.id })) as ConnectionStatus
    expect(back).toMatchObject({ profile: { id: profile.id }, online: true, user: { id: sandbox.demo.userId } })
    await second.call('connection.remove', { id: profile.id })
  })

  it('with nothing active, is nothing to do', async () => {
    const h = await makeCore()
    expect(await h.call('connection.signOut')).toMatchObject({ profile: null })
  })
})

describe('removing a profile', () => {
  it('removes what was saved of its account with it: user, organisations, acting organisation, order filters', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    const other = await connect(h)
    const settings = h.core.context.settings
    const savedOf = (id: string) => ['user', 'organisations', 'acting', 'orders.filters'].filter((what) => settings.get(`${what}:${id}`, null) !== null)
    for (const id of [profile.id, other.id]) {
      await h.call('connection.activate', { id })
      await until(async () => ((await h.call('connection.status')) as ConnectionStatus).actingOrganisation, 'an acting organisation')
      await h.call('orders.saveFilters', { text: 'PO-1' })
    }
    expect(savedOf(profile.id)).toEqual(['user', 'organisations', 'acting', 'orders.filters'])

    await h.call('connection.remove', { id: profile.id })
    expect(savedOf(profile.id)).toEqual([])
    // The other profile keeps what it saved.
    expect(savedOf(other.id)).toEqual(['user', 'organisations', 'acting', 'orders.filters'])
    await h.call('connection.remove', { id: other.id })
    expect(savedOf(other.id)).toEqual([])
  })

  it('deletes its folder (catalogue, drafts, orders) with it, the active profile\'s too', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    await h.call('connection.activate', { id: profile.id })
    await h.call('baskets.list')
    const dir = join(h.dataDir, 'profiles', profile.id)
    expect(existsSync(join(dir, 'baskets.db'))).toBe(true)

    expect(await h.call('connection.remove', { id: profile.id })).toEqual({ removed: true })
    expect(existsSync(dir)).toBe(false)
  })

  it('refuses while drafts are unsent, deleting nothing, until told to discard them', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    await h.call('connection.activate', { id: profile.id })
    await h.call('baskets.create', {})
    const dir = join(h.dataDir, 'profiles', profile.id)

    const refused = await h.call('connection.remove', { id: profile.id }).then(() => null, (e: { code: string; fields?: Record<string, string> }) => e)
    expect(refused?.code).toBe('conflict')
    expect(refused?.fields?.unsentDrafts).toBe('1')
    expect(((await h.call('connection.list')) as { id: string }[]).map((p) => p.id)).toEqual([profile.id])
    expect(await keychain.get(`profile:${profile.id}`)).toBe(sandbox.demo.clientSecret)
    expect(((await h.call('baskets.list')) as { drafts: unknown[] }).drafts).toHaveLength(1)

    await h.call('connection.remove', { id: profile.id, discardDrafts: true })
    expect(await h.call('connection.list')).toEqual([])
    expect(existsSync(dir)).toBe(false)
  })

  it('counts the drafts of a profile not in use from a file of an older schema, without upgrading (writing) it', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    const dir = join(h.dataDir, 'profiles', profile.id)
    mkdirSync(dir, { recursive: true })
    // A drafts file as the app wrote it before drafts recorded their service (schema 2).
    const old = new DatabaseSync(join(dir, 'baskets.db'))
    old.exec(`
      CREATE TABLE drafts (id TEXT PRIMARY KEY, organisation INTEGER, doc TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'draft', marker TEXT UNIQUE,
        basket_id INTEGER, order_id INTEGER, step TEXT, in_flight TEXT, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL DEFAULT 0,
        error TEXT, review TEXT, service_total REAL, source_basket_id INTEGER, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, in_flight_at INTEGER);
      CREATE TABLE cache (key TEXT PRIMARY KEY, value TEXT NOT NULL, fetched_at INTEGER NOT NULL);
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
      INSERT INTO drafts (id, doc, state, created_at, updated_at) VALUES ('a', '{}', 'draft', 1, 1), ('b', '{}', 'queued', 1, 1), ('c', '{}', 'submitted', 1, 1);
      PRAGMA user_version = 2;
    `)
    old.close()
    const before = readFileSync(join(dir, 'baskets.db'))

    const refused = await h.call('connection.remove', { id: profile.id }).then(() => null, (e: { code: string; fields?: Record<string, string> }) => e)
    expect(refused?.code).toBe('conflict')
    expect(refused?.fields?.unsentDrafts).toBe('2')
    expect(readFileSync(join(dir, 'baskets.db')).equals(before)).toBe(true)
    await h.call('connection.remove', { id: profile.id, discardDrafts: true })
  })

  it('counts the drafts of a profile not in use from the file its BasketStore left on closing, writing nothing into its folder', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    const dir = join(h.dataDir, 'profiles', profile.id)
    const store = new BasketStore(dir, () => Date.now())
    store.create(null, sandbox.baseUrl)
    store.create(null, sandbox.baseUrl)
    store.patch(store.create(null, sandbox.baseUrl).id, { state: 'submitted' })
    store.close()
    // As the app leaves it: a WAL file, checkpointed, with no -wal or -shm beside it.
    expect(readdirSync(dir)).toEqual(['baskets.db'])
    const before = readFileSync(join(dir, 'baskets.db'))

    const refused = await h.call('connection.remove', { id: profile.id }).then(() => null, (e: { code: string; fields?: Record<string, string> }) => e)
    expect(refused?.code).toBe('conflict')
    expect(refused?.fields?.unsentDrafts).toBe('2')
    expect(readdirSync(dir)).toEqual(['baskets.db'])
    expect(readFileSync(join(dir, 'baskets.db')).equals(before)).toBe(true)
    await h.call('connection.remove', { id: profile.id, discardDrafts: true })
    expect(existsSync(dir)).toBe(false)
  })

  it('says a drafts file held locked by another program is in use, not unreadable, within a moment, and counts it once let go', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    const dir = join(h.dataDir, 'profiles', profile.id)
    const store = new BasketStore(dir, () => Date.now())
    store.create(null, sandbox.baseUrl)
    store.close()
    // Another program holding the file: an exclusive lock that readers wait for.
    const holder = new DatabaseSync(join(dir, 'baskets.db'))
    holder.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; DELETE FROM meta WHERE key = 'none';")

    const started = Date.now()
    const refused = await h.call('connection.remove', { id: profile.id }).then(() => null, (e: { code: string; message: string; fields?: Record<string, string> }) => e)
    expect(Date.now() - started).toBeLessThan(1500)
    expect(refused?.code).toBe('conflict')
    expect(refused?.fields?.unsentDrafts).toBe('busy')
    expect(refused?.message).toContain('in use')
    expect(existsSync(join(dir, 'baskets.db'))).toBe(true)

    holder.exec('ROLLBACK')
    holder.close()
    const counted = await h.call('connection.remove', { id: profile.id }).then(() => null, (e: { fields?: Record<string, string> }) => e)
    expect(counted?.fields?.unsentDrafts).toBe('1')
    await h.call('connection.remove', { id: profile.id, discardDrafts: true })
  })

  it('refuses to remove a profile whose drafts file cannot be read as if it had no drafts, and removes it once told to discard them', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    const dir = join(h.dataDir, 'profiles', profile.id)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'baskets.db'), 'not a database: a file damaged on disk, or another program\'s. '.repeat(100))

    const refused = await h.call('connection.remove', { id: profile.id }).then(() => null, (e: { code: string; message: string; fields?: Record<string, string> }) => e)
    expect(refused?.code).toBe('conflict')
    expect(refused?.fields?.unsentDrafts).toBe('unknown')
    expect(refused?.message).toContain('cannot be read')
    expect(((await h.call('connection.list')) as { id: string }[]).map((p) => p.id)).toEqual([profile.id])
    expect(existsSync(join(dir, 'baskets.db'))).toBe(true)

    await h.call('connection.remove', { id: profile.id, discardDrafts: true })
    expect(await h.call('connection.list')).toEqual([])
    expect(existsSync(dir)).toBe(false)
  })

  it('sweeps at the next start a folder no profile owns any more (one Windows would not let go of)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-conn-'))
    const left = join(dataDir, 'profiles', 'gone-profile')
    mkdirSync(left, { recursive: true })
    writeFileSync(join(left, 'baskets.db'), '')
    const h = await makeCore(dataDir)
    const kept = await connect(h)
    await h.call('connection.activate', { id: kept.id })
    await h.core.stop()

    const again = await makeCore(dataDir)
    await again.core.start()
    expect(existsSync(left)).toBe(false)
    expect(existsSync(join(dataDir, 'profiles', kept.id))).toBe(true)
    await again.call('connection.remove', { id: kept.id, discardDrafts: true })
  })
})

describe('tokens (spec section 5)', () => {
  let h: Harness
  let profileId: string
  beforeEach(async () => {
    h = await makeCore()
    profileId = (await connect(h)).id
    await h.call('connection.activate', { id: profileId })
  })
  afterEach(async () => {
    await h.call('connection.remove', { id: profileId }).catch(() => {})
  })

  const tokenRequests = () => sandbox.control.requestLog().filter((r) => /create_token$/.test(r.path))
  // Other features (catalogue, orders) call the service too; these tests watch GET /organisations.
  const unauthorised = () => sandbox.control.requestLog().filter((r) => r.status === 401 && r.path === '/organisations')

  it('reuses the token, then renews it shortly before expires_in elapses, without ever meeting a 401', async () => {
    sandbox.control.clearRequestLog()
    await h.call('connection.organisations')
    await h.call('connection.organisations')
    expect(tokenRequests()).toHaveLength(0)
    // 600 s token: renewed 60 s before the end.
    h.clock.advance(545_000)
    sandbox.control.advanceClock(545)
    sandbox.control.clearRequestLog()
    await h.call('connection.organisations')
    expect(tokenRequests()).toHaveLength(1)
    expect(unauthorised()).toHaveLength(0)
  })

  it('renews once and retries once when the service revokes the token (401)', async () => {
    sandbox.control.revokeTokens()
    sandbox.control.clearRequestLog()
    const orgs = (await h.call('connection.organisations')) as unknown[]
    expect(orgs.length).toBeGreaterThan(0)
    expect(unauthorised().length).toBeGreaterThanOrEqual(1)
    // Every call that met the 401 shares one renewal.
    expect(tokenRequests()).toHaveLength(1)
  })
})

describe('failures a user will meet', () => {
  let server: Server
  let htmlUrl: string
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<html><body>Welcome to our shop</body></html>')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    htmlUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('a server that answers a web page instead of JSON (a proxy or captive portal)', async () => {
    const h = await makeCore()
    const p = (await h.call('connection.save', { name: 'Shop', baseUrl: htmlUrl, clientId: sandbox.demo.clientId, clientSecret: 'x' })) as { id: string }
    await expect(h.call('connection.test', { id: p.id })).rejects.toMatchObject({ code: 'bad_response', fields: { problem: 'web_page' }, message: expect.stringMatching(/web page/) })
    await h.call('connection.remove', { id: p.id })
  })

  it('a portal that redirects to its sign-in page is a web page too, not the service', async () => {
    const portal = createServer((_req, res) => {
      res.writeHead(302, { location: 'http://portal.example/login' })
      res.end()
    })
    await new Promise<void>((r) => portal.listen(0, '127.0.0.1', r))
    try {
      const h = await makeCore()
      const url = `http://127.0.0.1:${(portal.address() as { port: number }).port}`
      const p = (await h.call('connection.save', { name: 'Hotel', baseUrl: url, clientId: sandbox.demo.clientId, clientSecret: 'x' })) as { id: string }
      await expect(h.call('connection.test', { id: p.id })).rejects.toMatchObject({ fields: { problem: 'web_page' } })
    } finally {
      await new Promise<void>((r) => portal.close(() => r()))
    }
  })

  it('another server with no token endpoint (JSON 404s) is "not this service"', async () => {
    const other = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end('{"message":"Not Found"}')
    })
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r))
    try {
      const h = await makeCore()
      const url = `http://127.0.0.1:${(other.address() as { port: number }).port}/api/v1`
      const p = (await h.call('connection.save', { name: 'Other', baseUrl: url, clientId: sandbox.demo.clientId, clientSecret: 'x' })) as { id: string }
      await expect(h.call('connection.test', { id: p.id })).rejects.toMatchObject({ code: 'bad_response', fields: { problem: 'not_service' }, message: expect.stringMatching(/no token endpoint/) })
    } finally {
      await new Promise<void>((r) => other.close(() => r()))
    }
  })

  it('a wrong secret is bad credentials (OAuth invalid_client), told apart from every other failure', async () => {
    const h = await makeCore()
    const p = await connect(h, 'not-the-secret')
    await expect(h.call('connection.test', { id: p.id })).rejects.toMatchObject({ code: 'unauthorized', fields: { problem: 'bad_credentials' } })
  })

  it('a host that is unreachable is reported as offline, and the profile stays usable offline', async () => {
    const h = await makeCore()
    const p = (await h.call('connection.save', { name: 'Gone', baseUrl: 'http://127.0.0.1:9/api/v1', clientId: sandbox.demo.clientId, clientSecret: 'x' })) as { id: string }
    await expect(h.call('connection.test', { id: p.id })).rejects.toMatchObject({ code: 'offline', fields: { problem: 'unreachable' } })
    const status = (await h.call('connection.activate', { id: p.id })) as { online: boolean; profile: { id: string } }
    expect(status.profile.id).toBe(p.id)
    expect(status.online).toBe(false)
    await h.call('connection.remove', { id: p.id })
  })

  it('a certificate that cannot be verified is a TLS error, never silently accepted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wd-tls-'))
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' })
    const tls = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => res.end('{}'))
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r))
    try {
      const h = await makeCore()
      const url = `https://localhost:${(tls.address() as { port: number }).port}/api/v1`
      const p = (await h.call('connection.save', { name: 'Self-signed', baseUrl: url, clientId: sandbox.demo.clientId, clientSecret: 'x' })) as { id: string }
      await expect(h.call('connection.test', { id: p.id })).rejects.toMatchObject({ code: 'tls', fields: { problem: 'tls' }, message: expect.stringMatching(/could not be verified/) })
      await h.call('connection.remove', { id: p.id })
    } finally {
      await new Promise<void>((r) => tls.close(() => r()))
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('a profile whose credentials the service refuses', () => {
  /** The last connection.changed the core sent: what the frame shows. */
  const lastChange = (h: Harness) => h.events.map((e) => JSON.parse(e) as { e: string; p: ConnectionStatus }).filter((e) => e.e === 'connection.changed').at(-1)?.p

  it('connected anyway, it is signed out with its credentials refused, not simply online, until its secret is entered again', async () => {
    const h = await makeCore()
    const p = await connect(h, 'wrong')
    const connected = (await h.call('connection.activate', { id: p.id })) as ConnectionStatus
    // The service answered (it can be reached), and refused the credentials: nothing of an account to show.
    expect(connected).toMatchObject({ profile: { id: p.id }, online: true, credentials: 'refused', user: null, actingOrganisation: null })
    expect(lastChange(h)).toMatchObject({ profile: { id: p.id }, credentials: 'refused' })
    // The rep enters the right secret: the same profile signs in.
    await h.call('connection.save', { id: p.id, name: 'Head office', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
    expect(await status(h)).toMatchObject({ profile: { id: p.id }, online: true, credentials: 'accepted', user: { id: sandbox.demo.userId } })
    expect(lastChange(h)).toMatchObject({ credentials: 'accepted' })
    await h.call('connection.remove', { id: p.id })
  })

  it('a secret that stops working while connected signs the profile out at its next request, and back in once it works again', async () => {
    const h = await makeCore()
    const p = await connect(h)
    expect(await h.call('connection.activate', { id: p.id })).toMatchObject({ credentials: 'accepted' })
    // The API client's secret was replaced elsewhere: the token in use is revoked, a new one refused.
    await keychain.set(`profile:${p.id}`, 'replaced-elsewhere')
    sandbox.control.revokeTokens(sandbox.demo.clientId)
    await h.call('orders.pollNow').catch(() => {})
    await until(() => lastChange(h)?.credentials === 'refused', 'the refusal announced')
    expect(await status(h)).toMatchObject({ online: true, credentials: 'refused' })
    await keychain.set(`profile:${p.id}`, sandbox.demo.clientSecret)
    await h.call('orders.pollNow').catch(() => {})
    await until(() => lastChange(h)?.credentials === 'accepted', 'the sign-in announced')
    await h.call('connection.remove', { id: p.id })
  })

  it('a profile with no active session is unchecked', async () => {
    const h = await makeCore()
    expect(await status(h)).toMatchObject({ profile: null, credentials: 'unchecked' })
  })
})

describe('the base URL a rep pastes', () => {
  it('accepts the host alone, with or without a slash, the version path, or a copied endpoint, keeps one form, and connects with each', async () => {
    const h = await makeCore()
    const origin = new URL(sandbox.baseUrl).origin
    for (const pasted of [origin, `${origin}/`, `  ${origin}/api/v1  `, `${origin}/api/v1/`, `${origin}/api/v1/orders?page=2`]) {
      const p = (await h.call('connection.save', { name: 'Pasted', baseUrl: pasted, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })) as { id: string; baseUrl: string; webUrl: string }
      expect(p.baseUrl, pasted).toBe(`${origin}/api/v1`)
      expect(p.webUrl).toBe(origin)
      await expect(h.call('connection.test', { id: p.id })).resolves.toMatchObject({ id: sandbox.demo.userId })
      await h.call('connection.remove', { id: p.id })
    }
  })

  it('keeps a profile stored in an older form (host only, trailing slash) working, without rewriting it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-conn-'))
    const first = await makeCore(dataDir)
    const saved = (await first.call('connection.save', { name: 'Old', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })) as { id: string }
    await first.core.stop()
    const origin = new URL(sandbox.baseUrl).origin
    const db = new DatabaseSync(join(dataDir, 'app.db'))
    db.prepare('UPDATE profiles SET base_url = ? WHERE id = ?').run(`${origin}/`, saved.id)
    db.close()
    const h = await makeCore(dataDir)
    const [p] = (await h.call('connection.list')) as { baseUrl: string }[]
    expect(p!.baseUrl).toBe(`${origin}/api/v1`)
    await expect(h.call('connection.test', { id: saved.id })).resolves.toMatchObject({ id: sandbox.demo.userId })
    expect(((await h.call('connection.activate', { id: saved.id })) as ConnectionStatus).online).toBe(true)
  })

  it('refuses what is not a web address, plain HTTP to another host and credentials in the URL, saving nothing', async () => {
    const h = await makeCore()
    for (const [baseUrl, why] of [['not a url', /web address/], ['http://wholesale.example.com', /HTTPS/], ['ftp://wholesale.example.com/api/v1', /web address/], ['https://user:pw@wholesale.example.com', /web address/]] as const) {
      await expect(h.call('connection.save', { name: 'x', baseUrl, clientId: sandbox.demo.clientId, clientSecret: 's' }), baseUrl).rejects.toMatchObject({ code: 'invalid_input', fields: { baseUrl: expect.stringMatching(why) } })
    }
    expect(await h.call('connection.list')).toEqual([])
  })
})

describe('editing the active profile to another account', () => {
  /**
   * The head office's administrator (the demo client) sees every organisation; the purchaser of a
   * branch with branches of its own sees that branch and what is under it: more than one, fewer
   * than all. Asked of an active head office profile.
   */
  async function branchPurchaser(h: Harness) {
    const all = (await h.call('connection.organisations')) as Organisation[]
    const branch = all.find((o) => o.parent !== null && all.some((c) => c.parent === o.id))!
    const under = (id: number): number[] => all.filter((o) => o.parent === id).flatMap((o) => [o.id, ...under(o.id)])
    const sees = [branch.id, ...under(branch.id)].sort((a, b) => a - b)
    const creds = sandbox.clients.find((c) => c.organisationId === branch.id && !c.admin)!
    return { all: ids(all), branch, sees, creds }
  }

  const editTo = (h: Harness, id: string, creds: { clientId: string; clientSecret: string }) =>
    h.call('connection.save', { id, name: 'Edited', baseUrl: sandbox.baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret })

  afterEach(() => sandbox.control.resume())

  it('acts for the new account’s own organisation when it may not act for the old one, and keeps its organisations for offline use', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    try {
      await h.call('connection.activate', { id: profile.id })
      await until(async () => (await status(h)).actingOrganisation?.id === sandbox.demo.organisationId, 'acting for the head office')
      const { branch, sees, creds } = await branchPurchaser(h)

      await editTo(h, profile.id, creds)
      expect((await status(h)).user?.organisation).toBe(branch.id)
      await until(async () => (await status(h)).actingOrganisation?.id === branch.id, 'acting for the branch')

      await sandbox.control.pause()
      expect(ids(await h.call('connection.organisations'))).toEqual(sees)
      expect((await status(h)).online).toBe(false)
    } finally {
      await sandbox.control.resume()
      await h.call('connection.remove', { id: profile.id })
    }
  })

  it('keeps the acting organisation when the new account may act for it too, and keeps the new account’s organisations', async () => {
    const h = await makeCore()
    const admin = await connect(h)
    await h.call('connection.activate', { id: admin.id })
    const { all, sees, creds } = await branchPurchaser(h)
    const profile = (await h.call('connection.save', { name: 'Branch', baseUrl: sandbox.baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret })) as { id: string }
    try {
      await h.call('connection.activate', { id: profile.id })
      const below = sees[sees.length - 1]!
      await h.call('connection.setActingOrganisation', { id: below })

      await editTo(h, profile.id, sandbox.demo)
      await until(async () => (await status(h)).actingOrganisation?.id === below, 'acting for the same organisation')

      await sandbox.control.pause()
      expect(ids(await h.call('connection.organisations'))).toEqual(all)
    } finally {
      await sandbox.control.resume()
      await h.call('connection.remove', { id: profile.id })
      await h.call('connection.remove', { id: admin.id })
    }
  })

  it('does not keep what a request of the old account answers once the profile was edited', async () => {
    const h = await makeCore()
    const profile = await connect(h)
    try {
      await h.call('connection.activate', { id: profile.id })
      await until(async () => (await status(h)).actingOrganisation?.id === sandbox.demo.organisationId, 'acting for the head office')
      const { branch, creds } = await branchPurchaser(h)

      // The old account's walk is under way when the profile is edited; it is answered (slowly)
      // before the new session starts. The new account's own walk never gets an answer.
      sandbox.control.injectFault({ kind: 'latency', ms: 400, match: { method: 'GET', path: '^/organisations$' } })
      void h.call('connection.organisations').catch(() => {})
      await until(() => sandbox.control.requestLog().some((r) => r.method === 'GET' && r.path === '/organisations' && r.status === 0), 'the old account\'s walk under way')
      await editTo(h, profile.id, creds)
      await sandbox.control.pause()
      await until(async () => !(await status(h)).online, 'offline')
      await new Promise((ok) => setTimeout(ok, 50))

      const after = await status(h)
      expect(after.user?.organisation).toBe(branch.id)
      expect(after.actingOrganisation).toBeNull()
      expect(await h.call('connection.organisations').catch((err: unknown) => err)).toMatchObject({ code: 'offline' })
    } finally {
      await sandbox.control.resume()
      await h.call('connection.remove', { id: profile.id })
    }
  })

  it('does not share a request of the old account that is still under way', async () => {
    // The keychain's answer to the old session's token renewal is held until the profile is edited.
    let hold: Promise<void> | null = null
    let release = () => {}
    let entered = false
    const held: SecretStore = {
      get: async (account) => {
        const wait = hold
        hold = null
        if (wait) {
          entered = true
          await wait
        }
        return keychain.get(account)
      },
      set: (account, secret) => keychain.set(account, secret),
      delete: (account) => keychain.delete(account),
    }
    const h = await makeCore(undefined, held)
    const profile = await connect(h)
    try {
      await h.call('connection.activate', { id: profile.id })
      const { branch, creds } = await branchPurchaser(h)

      hold = new Promise<void>((ok) => (release = ok))
      sandbox.control.revokeTokens(sandbox.demo.clientId)
      void h.call('connection.organisations').catch(() => {})
      await until(async () => entered, 'the old account renewing its token')

      await editTo(h, profile.id, creds)
      // The new session asks for the new account's organisations itself, while the old request waits.
      await until(async () => (await status(h)).actingOrganisation?.id === branch.id, 'acting for the branch')
    } finally {
      release()
      await h.call('connection.remove', { id: profile.id })
    }
  })
})

describe('the user moved to another organisation by an administrator', () => {
  /** The seeded tree: 1 → 2, 3; 2 → 4, 5; 3 → 6 → 9 → 13; 4 → 7, 8; 5 → 14; 7 → 10, 11; 8 → 12. */
  const TREE: Record<number, number[]> = { 3: [3, 6, 9, 13], 4: [4, 7, 8, 10, 11, 12], 5: [5, 14], 6: [6, 9, 13] }

  /** A purchaser of `organisation`, connected in a core of their own. */
  async function purchaser(organisation: number) {
    const creds = sandbox.clients.find((c) => c.organisationId === organisation && !c.admin)!
    const h = await makeCore()
    const profile = (await h.call('connection.save', { name: 'Purchaser', baseUrl: sandbox.baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret })) as { id: string }
    await h.call('connection.activate', { id: profile.id })
    await until(async () => (await status(h)).actingOrganisation?.id === organisation, 'acting for the own organisation')
    return { h, profileId: profile.id, userId: creds.userId }
  }

  /**
   * The head office's administrator moves a user in this app's admin feature, then gives the
   * purchaser role back (a move resets the roles, and with them the right to see organisations).
   */
  async function move(userId: number, organisation: number): Promise<void> {
    const admin = await makeCore()
    const profile = await connect(admin)
    try {
      await admin.call('connection.activate', { id: profile.id })
      const user = (await admin.call('admin.getUser', { id: userId })) as { roles: number[]; notification: string[] }
      await admin.call('admin.editUser', { ...user, organisation, confirmLoss: true })
      await admin.call('admin.editUser', { ...user, organisation })
    } finally {
      await admin.call('connection.remove', { id: profile.id })
    }
  }

  const reassigned = async (h: Harness) => {
    const r = (await status(h)).reassigned
    return r && [r.from.id, r.to.id]
  }

  it('acts for the new own organisation, tells the user until they pick one, and lists its tree when the old acting one is out of reach', async () => {
    const { h, profileId, userId } = await purchaser(4)
    try {
      expect(ids(await h.call('connection.organisations'))).toEqual(TREE[4])
      expect(await reassigned(h)).toBeNull()
      await move(userId, 5)

      await h.core.context.connection.probe()
      await until(async () => (await status(h)).actingOrganisation?.id === 5, 'acting for the new organisation')
      expect((await status(h)).user?.organisation).toBe(5)
      expect(await reassigned(h)).toEqual([4, 5])
      expect(ids(await h.call('connection.organisations'))).toEqual(TREE[5])
      // Later probes find nothing more to say, and leave it to be shown.
      await h.core.context.connection.probe()
      expect(await reassigned(h)).toEqual([4, 5])
      // The user choosing an organisation has seen it; the renderer learns so.
      const changes = h.events.length
      await h.call('connection.setActingOrganisation', { id: 14 })
      expect(await reassigned(h)).toBeNull()
      expect(h.events.slice(changes).map((e) => JSON.parse(e) as { e: string; p: ConnectionStatus }).at(-1)).toMatchObject({ e: 'connection.changed', p: { reassigned: null } })
      // Offline, the list kept is the new tree's.
      await sandbox.control.pause()
      expect(ids(await h.call('connection.organisations'))).toEqual(TREE[5])
    } finally {
      await sandbox.control.resume()
      await h.call('connection.remove', { id: profileId })
    }
  })

  it('keeps acting for an organisation the user may still act for, and lists the new tree', async () => {
    const { h, profileId, userId } = await purchaser(3)
    try {
      await h.call('connection.setActingOrganisation', { id: 9 })
      await move(userId, 6)
      const changes = h.events.length

      await h.core.context.connection.probe()
      // The move seen, the acting organisation is to be checked against the new tree: the outcome counts once that has run.
      const recheckPending = () => h.core.context.settings.get(`acting-recheck:${profileId}`, false)
      expect(recheckPending()).toBe(true)
      await until(async () => !recheckPending(), 'the acting organisation checked again')
      expect(ids(await h.call('connection.organisations'))).toEqual(TREE[6])
      const after = await status(h)
      expect(after.user?.organisation).toBe(6)
      expect(after.actingOrganisation?.id).toBe(9)
      // The move itself is announced (the frame shows the user's tree); no reassignment.
      expect(h.events.slice(changes).some((e) => e.includes('"connection.changed"') && e.includes('"organisation":6'))).toBe(true)
      expect(after.reassigned).toBeNull()
    } finally {
      await h.call('connection.remove', { id: profileId })
    }
  })

  it('follows a move that happened while the app was closed, and tells the user until they acknowledge it, also after another restart', async () => {
    const first = await purchaser(5)
    /** The app closed (`whileClosed` happens then) and started again on the same data. */
    let h = first.h
    const restart = async (whileClosed?: () => Promise<void>) => {
      await h.core.stop()
      await whileClosed?.()
      h = await makeCore(first.h.dataDir)
      await h.core.start()
    }
    try {
      await restart(() => move(first.userId, 3))
      // Noticed at start-up, before any window could hear of it: the status carries it.
      await until(async () => (await status(h)).actingOrganisation?.id === 3, 'acting for the new organisation')
      expect(await reassigned(h)).toEqual([5, 3])
      expect(ids(await h.call('connection.organisations'))).toEqual(TREE[3])
      await h.core.context.connection.probe()
      expect(await reassigned(h)).toEqual([5, 3])

      await restart()
      expect(await reassigned(h)).toEqual([5, 3])
      // Acknowledging another reassignment than the one carried leaves it.
      await h.call('connection.ackReassigned', { from: 4, to: 3 })
      expect(await reassigned(h)).toEqual([5, 3])
      const acknowledged = (await h.call('connection.ackReassigned', { from: 5, to: 3 })) as ConnectionStatus
      expect(acknowledged.reassigned).toBeNull()
      expect(acknowledged.actingOrganisation?.id).toBe(3)

      await restart()
      expect(await reassigned(h)).toBeNull()
      expect((await status(h)).actingOrganisation?.id).toBe(3)
    } finally {
      await h.call('connection.remove', { id: first.profileId })
    }
  })
})
