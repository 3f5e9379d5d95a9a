import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../shared/api'
import type { DraftView } from '../../../shared/model/draft-view'
import type { UpdateState } from '../../../shared/model/updates'
import { clientFor, plainProducts, serviceCatalogue } from '../../../tests/chaos/support/outbox-world'
import { startSandbox, type Sandbox } from '../../sandbox'
import { testKeychain } from '../../../tests/support/core/test-keychain'
import { createCore, type Core } from '../index'
import { ManualClock } from '../platform/manual-clock'
import type { AppUpdater } from '../platform/services'
import { until } from '../../../tests/support/core/until'
import { compareVersions, feedFileName, parseLatestYml } from './update-feed'
import { CHECK_INTERVAL_MS, msUntilCheck, RETRY_AFTER_FAILURE_MS, restartBlockers } from './update-schedule'

const quiet = { info() {}, warn() {}, error() {} }

/** What electron-builder 26 writes as latest-linux.yml. */
const latestYml = (version: string) => `version: ${version}
files:
  - url: Wholesale-Desk-${version}.AppImage
    sha512: 3u0a6mG0YbF0b4T3XcXq3y8m4m6r8d1pQ9m0lD0d9x8Wm1h7y0b1bqv7T1O2w3G8xQ1X2N4bq5e6r7t8y9u0i1o2p==
    size: 123456789
    blockMapSize: 129876
path: Wholesale-Desk-${version}.AppImage
sha512: 3u0a6mG0YbF0b4T3XcXq3y8m4m6r8d1pQ9m0lD0d9x8Wm1h7y0b1bqv7T1O2w3G8xQ1X2N4bq5e6r7t8y9u0i1o2p==
releaseDate: '2026-11-24T17:03:12.108Z'
`

/** A release server (GitHub's latest-release folder, or a company's own web server) on 127.0.0.1. */
const feed = { version: '0.2.0', status: 200, requests: [] as string[] }
let server: Server
let feedUrl: string
beforeAll(async () => {
  server = createServer((req, res) => {
    feed.requests.push(req.url ?? '')
    if (req.url !== `/releases/${feedFileName(process.platform)}`) return void res.writeHead(404).end()
    res.writeHead(feed.status, { 'content-type': 'text/yaml' }).end(feed.status === 200 ? latestYml(feed.version) : 'down')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
afterEach(() => {
  feed.version = '0.2.0'
  feed.status = 200
  feed.requests = []
})

/** Stand-in for electron-updater (the shell's downloader, which needs Electron): records what the core asked of it. */
function recordingUpdater(url: string | null = feedUrl) {
  const calls = { downloads: [] as string[], installs: 0 }
  const updater: AppUpdater = {
    feedUrl: url,
    download: async (version) => void calls.downloads.push(version),
    install: () => void calls.installs++,
  }
  return { updater, calls }
}

const cores: Core[] = []
afterEach(async () => {
  for (const c of cores.splice(0)) await c.stop().catch(() => {})
})

function startCore(opts: { updater?: AppUpdater; managedUpdates?: boolean; dataDir?: string; clock?: ManualClock } = {}) {
  const clock = opts.clock ?? new ManualClock(Date.now())
  const core = createCore({ dataDir: opts.dataDir ?? mkdtempSync(join(tmpdir(), 'wd-upd-')), secrets: testKeychain(), notifier: { show() {} }, log: quiet, clock, version: '0.1.0', updater: opts.updater, managedUpdates: opts.managedUpdates })
  cores.push(core)
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const r = await core.dispatch(channel, input)
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
    return r.value as T
  }
  return { core, clock, call, state: () => call<UpdateState>('updates.state') }
}

describe('the update feed', () => {
  it('reads the version of an electron-builder latest.yml and orders versions as semver does', () => {
    expect(parseLatestYml(latestYml('1.4.0-beta.2'))).toEqual({ version: '1.4.0-beta.2', releaseDate: '2026-11-24T17:03:12.108Z', path: 'Wholesale-Desk-1.4.0-beta.2.AppImage' })
    expect(() => parseLatestYml('files: []\n')).toThrow(/no valid version/)
    expect(() => parseLatestYml('<html>login page</html>')).toThrow(/no valid version/)
    const ordered = ['0.9.9', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.0.1', '1.10.0', '2.0.0']
    for (let i = 0; i < ordered.length - 1; i++) {
      expect(compareVersions(ordered[i]!, ordered[i + 1]!), `${ordered[i]} < ${ordered[i + 1]}`).toBe(-1)
      expect(compareVersions(ordered[i + 1]!, ordered[i]!)).toBe(1)
    }
    expect(compareVersions('v1.2.3', '1.2.3+build.7')).toBe(0)
    expect(feedFileName('win32')).toBe('latest.yml')
    expect(feedFileName('darwin')).toBe('latest-mac.yml')
  })

  it('is checked at start, then 6 hours after a good check and 30 minutes after a failed one; never when off', () => {
    const t0 = 1_000_000
    expect(msUntilCheck({ enabled: true, busy: false, lastAttempt: null }, t0)).toBe(0)
    expect(msUntilCheck({ enabled: true, busy: false, lastAttempt: { at: t0, ok: true } }, t0 + 1000)).toBe(CHECK_INTERVAL_MS - 1000)
    expect(msUntilCheck({ enabled: true, busy: false, lastAttempt: { at: t0, ok: false } }, t0)).toBe(RETRY_AFTER_FAILURE_MS)
    // A laptop that slept through the due time checks when it wakes; a clock set back does not postpone it.
    expect(msUntilCheck({ enabled: true, busy: false, lastAttempt: { at: t0, ok: true } }, t0 + 3 * CHECK_INTERVAL_MS)).toBe(0)
    expect(msUntilCheck({ enabled: true, busy: false, lastAttempt: { at: t0, ok: true } }, t0 - 60_000)).toBe(0)
    expect(msUntilCheck({ enabled: false, busy: false, lastAttempt: null }, t0)).toBeNull()
    expect(msUntilCheck({ enabled: true, busy: true, lastAttempt: null }, t0)).toBeNull()
  })

  it('allows a restart only when nothing is sending and no draft is mid-edit', () => {
    const now = 5_000_000
    expect(restartBlockers({ sending: 0, unsavedReported: false, lastDraftEditAt: null }, now)).toEqual([])
    expect(restartBlockers({ sending: 2, unsavedReported: false, lastDraftEditAt: null }, now)).toEqual(['sending'])
    expect(restartBlockers({ sending: 0, unsavedReported: true, lastDraftEditAt: null }, now)).toEqual(['unsavedEdits'])
    expect(restartBlockers({ sending: 0, unsavedReported: false, lastDraftEditAt: now - 2000 }, now)).toEqual(['unsavedEdits'])
    expect(restartBlockers({ sending: 1, unsavedReported: false, lastDraftEditAt: now - 60_000 }, now)).toEqual(['sending'])
  })
})

describe('updates in the core, against a release server', () => {
  it('checks at start, downloads a newer release in the background and offers the restart', async () => {
    const { updater, calls } = recordingUpdater()
    const { core, clock, state, call } = startCore({ updater })
    const seen: UpdateState[] = []
    core.onEvent((e, p) => e === 'updates.changed' && seen.push(p as UpdateState))
    await core.start()
    clock.advance(0)
    await until(async () => (await state()).status === 'ready', 'the update downloaded')
    expect(calls.downloads).toEqual(['0.2.0'])
    expect(await state()).toMatchObject({ supported: true, automatic: true, managed: false, currentVersion: '0.1.0', latestVersion: '0.2.0', blockers: [] })
    expect(seen.map((s) => s.status)).toEqual(['checking', 'downloading', 'ready'])
    expect(await call('updates.restart')).toEqual({ restarting: true, blockers: [] })
    expect(calls.installs).toBe(1)
  })

  it('checks again every 6 hours while up to date, and after 30 minutes when the feed failed', async () => {
    feed.version = '0.1.0'
    const { updater, calls } = recordingUpdater()
    const { core, clock, state } = startCore({ updater })
    await core.start()
    clock.advance(0)
    await until(async () => (await state()).status === 'upToDate', 'the first check')
    expect(feed.requests).toHaveLength(1)
    clock.advance(CHECK_INTERVAL_MS - 60_000)
    expect(feed.requests).toHaveLength(1)
    feed.status = 503
    clock.advance(60_000)
    await until(async () => (await state()).status === 'failed', 'the second check, failing')
    expect(feed.requests).toHaveLength(2)
    feed.status = 200
    feed.version = '0.3.0-beta.1'
    clock.advance(RETRY_AFTER_FAILURE_MS)
    await until(async () => (await state()).status === 'ready', 'the retry, finding 0.3.0-beta.1')
    expect(calls.downloads).toEqual(['0.3.0-beta.1'])
    // Downloaded: no more checks until the restart.
    clock.advance(3 * CHECK_INTERVAL_MS)
    expect(feed.requests).toHaveLength(3)
  })

  it('makes no check when the user turned checks off (kept across a restart), or the administrator did', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-upd-'))
    const first = startCore({ updater: recordingUpdater().updater, dataDir })
    expect(await first.call('updates.setAutomatic', { automatic: false })).toMatchObject({ automatic: false, managed: false })
    await first.core.stop()
    cores.length = 0
    const again = startCore({ updater: recordingUpdater().updater, dataDir })
    await again.core.start()
    again.clock.advance(CHECK_INTERVAL_MS * 2)
    expect(await again.state()).toMatchObject({ automatic: false, status: 'idle' })
    expect(feed.requests).toEqual([])
    // "Check now" still works when asked for.
    expect(await again.call('updates.checkNow')).toMatchObject({ status: 'ready', latestVersion: '0.2.0' })

    const managed = startCore({ updater: recordingUpdater().updater, managedUpdates: false })
    await managed.core.start()
    managed.clock.advance(CHECK_INTERVAL_MS)
    expect(await managed.call('updates.setAutomatic', { automatic: true })).toMatchObject({ automatic: false, managed: true })
    expect(feed.requests).toHaveLength(1)
  })

  it('says updates are not available where the build cannot update itself', async () => {
    const { core, clock, state, call } = startCore({})
    await core.start()
    clock.advance(CHECK_INTERVAL_MS)
    expect(await state()).toMatchObject({ supported: false, status: 'idle' })
    expect(await call('updates.restart')).toEqual({ restarting: false, blockers: [] })
    expect(feed.requests).toEqual([])
  })
})

describe('restarting into an update, with a real outbox and drafts', () => {
  let sandbox: Sandbox
  let products: Product[]
  beforeAll(async () => {
    sandbox = await startSandbox({ testMode: true, products: 200, orders: 0, speed: 0, seed: 11 })
    const client = clientFor(sandbox)
    products = plainProducts((await serviceCatalogue(client)).products)
    await client.close()
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it('waits while a draft is being edited or the outbox is sending, and restarts once both are done', async () => {
    const { updater, calls } = recordingUpdater()
    const t = startCore({ updater })
    await t.core.start()
    t.clock.advance(0)
    await until(async () => (await t.state()).status === 'ready', 'the update downloaded')
    const profile = await t.call<{ id: string }>('connection.save', { name: 'Test', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
    await t.call('connection.activate', { id: profile.id })
    await t.call('catalogue.sync')
    const ref = await t.call<{ countries: { id: number }[]; shippingTypes: { id: number }[] }>('baskets.referenceData')
    const d = await t.call<DraftView>('baskets.create', {
      doc: { name: 'Van restock', shipping_address: { addr_line_1: '2 Dock Road', city: 'Hull', postal_code: 'HU1 1AA', country_code: ref.countries[0]!.id }, shipping_type: ref.shippingTypes[0]!.id },
    })
    await t.call('baskets.addLine', { draftId: d.id, productId: products[0]!.id, quantity: 3 })

    // Just edited: the typist may be mid-change.
    expect(await t.call('updates.restart')).toEqual({ restarting: false, blockers: ['unsavedEdits'] })
    t.clock.advance(11_000)
    expect((await t.state()).blockers).toEqual([])

    // Sending: the basket's creation takes a while on the service.
    sandbox.control.injectFault({ kind: 'latency', ms: 1500, match: { method: 'POST', path: '^/baskets$' } })
    await t.call('baskets.submit', { id: d.id })
    t.clock.advance(11_000)
    await until(async () => (await t.call<{ sending: number }>('baskets.outbox')).sending > 0, 'the draft sending')
    expect(await t.call('updates.restart')).toEqual({ restarting: false, blockers: ['sending'] })
    expect(calls.installs).toBe(0)

    // The renderer holds a form's edits: still no restart once sending is over.
    await t.call('updates.reportUnsavedEdits', { unsaved: true })
    await until(async () => (await t.call<{ sending: number }>('baskets.outbox')).sending === 0, 'the outbox done sending')
    t.clock.advance(11_000)
    expect(await t.call('updates.restart')).toEqual({ restarting: false, blockers: ['unsavedEdits'] })
    await t.call('updates.reportUnsavedEdits', { unsaved: false })
    expect(await t.call('updates.restart')).toEqual({ restarting: true, blockers: [] })
    expect(calls.installs).toBe(1)
    sandbox.control.clearFaults()
  })
})

describe('where the feed is', () => {
  it('follows the packaged app-update.yml (GitHub releases or a generic server), and a managed override wins', async () => {
    const { feedUrlFrom } = await import('./update-source')
    expect(feedUrlFrom('owner: acme\nrepo: desk\nprovider: github\nreleaseType: release\nupdaterCacheDirName: wholesale-desk-updater\n')).toBe('https://github.com/acme/desk/releases/latest/download')
    expect(feedUrlFrom("provider: generic\nurl: 'https://updates.acme.example/desk/'\n")).toBe('https://updates.acme.example/desk')
    expect(feedUrlFrom('provider: github\nowner: acme\nrepo: desk\n', 'https://mirror.acme.example/desk')).toBe('https://mirror.acme.example/desk')
    expect(feedUrlFrom(null)).toBeNull()
    expect(feedUrlFrom('provider: s3\nbucket: x\n')).toBeNull()
  })
})
