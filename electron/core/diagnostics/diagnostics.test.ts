import { appendFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DiagnosticsBundle } from '../../../shared/model/diagnostics'
import type { DraftView } from '../../../shared/model/draft-view'
import { startSandbox, type Sandbox } from '../../sandbox'
import { testKeychain } from '../../../tests/support/core/test-keychain'
import { createCore, type Core } from '../index'
import { createFileLogger, LOG_FILE_NAME } from '../log/file-logger'
import { redactingSecretStore } from '../log/redacting-secret-store'
import { CRASH_LOOP_WINDOW_MS, goneLogEntry, recoverFromRendererGone, rememberCrash } from './crash-recovery'
import { BUNDLE_LOG_LINES, logTail } from './log-tail'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ products: 30, orders: 3, speed: 0, seed: 3 })
})
afterAll(async () => {
  await sandbox?.close()
})

/** A core as the shell builds it: the real file logger, the keychain behind the redacting store. */
function shellLikeCore(dataDir: string) {
  const log = createFileLogger({ dataDir })
  const copied: string[] = []
  const saved: { name: string; text: string }[] = []
  const core = createCore({
    dataDir,
    secrets: redactingSecretStore(testKeychain(), (s) => log.redact(s)),
    notifier: { show() {} },
    log,
    version: '3.1.4',
    diagnostics: {
      scrub: (t) => log.scrub(t),
      copyText: (t) => void copied.push(t),
      saveText: async (name, text) => (saved.push({ name, text }), join(dataDir, name)),
    },
  })
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const r = await core.dispatch(channel, input)
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
    return r.value as T
  }
  return { core, log, call, copied, saved }
}

describe('support bundle', () => {
  let core: Core
  afterAll(async () => {
    await core?.stop()
  })

  it('carries versions, OS, outbox and sync state and the last 2,000 log lines, with the canary secret and every token redacted', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-diag-'))
    const canary = sandbox.demo.clientSecret
    // The token the service hands out for that secret, as a careless line would carry it.
    const tokenReply = await fetch(`${sandbox.baseUrl}/oauth/create_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: sandbox.demo.clientId, client_secret: canary }),
    })
    const token = ((await tokenReply.json()) as { access_token: string }).access_token
    expect(token.length).toBeGreaterThan(10)

    // An older run's log, written before this one knew any secret: rotated file plus current one.
    const logs = join(dataDir, 'logs')
    mkdirSync(logs, { recursive: true })
    const old = Array.from({ length: 1500 }, (_, i) => JSON.stringify({ time: '2026-11-20T08:00:00.000Z', level: 'info', message: `old line ${i}` }))
    appendFileSync(join(logs, `${LOG_FILE_NAME}.1`), old.join('\n') + '\n')
    const leaky = [
      JSON.stringify({ level: 'error', message: `token request sent client_secret=${canary}&grant_type=client_credentials` }),
      JSON.stringify({ level: 'error', message: `the service echoed the secret ${canary} back` }),
      JSON.stringify({ level: 'warn', message: `retrying with Authorization: Bearer ${token}` }),
      `{"level":"warn","message":"reply","detail":"{\\"access_token\\":\\"${token}\\",\\"expires_in\\":3600}"}`,
      JSON.stringify({ level: 'info', message: 'last line of the old run' }),
    ]
    appendFileSync(join(logs, LOG_FILE_NAME), leaky.join('\n') + '\n')

    const app = shellLikeCore(dataDir)
    core = app.core
    await core.start()
    const profile = await app.call<{ id: string }>('connection.save', { name: 'Head office', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: canary })
    await app.call('connection.activate', { id: profile.id })
    await app.call('catalogue.sync')
    await app.call<DraftView>('baskets.create', { doc: { name: 'Canary draft' } })
    // This run logs the canary too, as an error echoing a service reply might.
    app.log.error('service error', { body: `invalid_client for secret ${canary}`, headers: { authorization: `Bearer ${token}` } })
    for (let i = 0; i < 600; i++) app.log.info(`new line ${i}`)

    const bundle = await app.call<DiagnosticsBundle>('diagnostics.bundle')
    expect(bundle.text).not.toContain(canary)
    expect(bundle.text).not.toContain(token)
    expect(bundle.text).toContain('[redacted]')
    expect(bundle.logLines).toBe(BUNDLE_LOG_LINES)
    expect(bundle.fileName).toMatch(/^wholesale-desk-diagnostics-\d{4}-\d\d-\d\dT.*\.txt$/)
    expect(bundle.text).toMatch(/^app: 3\.1\.4$/m)
    expect(bundle.text).toMatch(new RegExp(`^os: ${process.platform} `, 'm'))
    expect(bundle.text).toMatch(/^electron: none, chrome: none, node: \d+/m)
    // The newest lines; the oldest of the rotated file fell out of the 2,000.
    expect(bundle.text).toContain('new line 599')
    expect(bundle.text).toContain('last line of the old run')
    expect(bundle.text).not.toContain('"old line 0"')
    // State a support desk asks about first.
    const state = JSON.parse(bundle.text.split('== state ==\n')[1]!.split('\n\n== log')[0]!) as Record<string, Record<string, unknown>>
    expect(state['baskets.outbox']).toEqual({ queued: 0, sending: 0, needsReview: 0, rejected: 0 })
    expect(state['catalogue.status']).toMatchObject({ products: 30, syncing: false })
    expect(state['connection.status']).toMatchObject({ online: true, profile: { name: 'Head office' } })
    expect(state['updates.state']).toMatchObject({ supported: false, currentVersion: '3.1.4' })

    // Copy and Save hand the same redacted text to the shell's clipboard and save dialog.
    expect(await app.call('diagnostics.copy')).toEqual({ copied: true, logLines: BUNDLE_LOG_LINES })
    expect(await app.call('diagnostics.save')).toMatchObject({ saved: true })
    for (const text of [...app.copied, ...app.saved.map((s) => s.text)]) {
      expect(text).not.toContain(canary)
      expect(text).not.toContain(token)
      expect(text).toContain('new line 599')
    }
    // Nothing the app wrote to its own log this run carries the canary either.
    expect(readFileSync(join(logs, LOG_FILE_NAME), 'utf8').split('\n').filter((l) => l.includes('new line')).length).toBe(600)
    expect(readFileSync(join(logs, LOG_FILE_NAME), 'utf8').split('\n').slice(leaky.length).join('\n')).not.toContain(canary)
  })

  it('reads the last lines across the rotated files, oldest first, and copes with no log at all', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-diag-'))
    expect(logTail(dataDir)).toEqual([])
    mkdirSync(join(dataDir, 'logs'))
    appendFileSync(join(dataDir, 'logs', `${LOG_FILE_NAME}.2`), 'a\nb\n')
    appendFileSync(join(dataDir, 'logs', `${LOG_FILE_NAME}.1`), 'c\nd\n')
    appendFileSync(join(dataDir, 'logs', LOG_FILE_NAME), 'e\n')
    expect(logTail(dataDir, 4)).toEqual(['b', 'c', 'd', 'e'])
    expect(logTail(dataDir, 10)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })
})

describe('recovering from a renderer crash', () => {
  const origins = ['app://wholesale-desk']
  const entryUrl = 'app://wholesale-desk/index.html'
  const t0 = 10_000_000

  it('reloads the page the user was on, never a foreign page, and stops after three crashes in a minute', () => {
    const draftPage = 'app://wholesale-desk/index.html#/baskets/drafts/d-42'
    expect(recoverFromRendererGone({ reason: 'crashed', lastUrl: draftPage, entryUrl, appOrigins: origins, recentCrashes: [], now: t0 })).toEqual({ kind: 'reload', url: draftPage })
    expect(recoverFromRendererGone({ reason: 'oom', lastUrl: 'https://evil.example/x', entryUrl, appOrigins: origins, recentCrashes: [], now: t0 })).toEqual({ kind: 'reload', url: entryUrl })
    expect(recoverFromRendererGone({ reason: 'clean-exit', lastUrl: draftPage, entryUrl, appOrigins: origins, recentCrashes: [], now: t0 })).toEqual({ kind: 'none' })
    let crashes = rememberCrash([], t0)
    crashes = rememberCrash(crashes, t0 + 1000)
    expect(recoverFromRendererGone({ reason: 'crashed', lastUrl: draftPage, entryUrl, appOrigins: origins, recentCrashes: crashes, now: t0 + 2000 })).toEqual({ kind: 'giveUp', url: draftPage })
    // A minute later the earlier crashes no longer count.
    const later = t0 + 1000 + CRASH_LOOP_WINDOW_MS
    expect(rememberCrash(crashes, later)).toEqual([later])
    expect(recoverFromRendererGone({ reason: 'crashed', lastUrl: draftPage, entryUrl, appOrigins: origins, recentCrashes: crashes, now: later })).toEqual({ kind: 'reload', url: draftPage })
    expect(goneLogEntry('renderer', { reason: 'oom', exitCode: 9 })).toEqual({ message: 'renderer process gone: oom', detail: { reason: 'oom', exitCode: 9, type: null, serviceName: null, name: null } })
    expect(goneLogEntry('child', { reason: 'crashed', type: 'GPU', exitCode: 1 }).message).toBe('child process gone: GPU crashed')
  })

  it('finds the draft the crashed window showed in the core, with its last edit, when the window reloads', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-diag-'))
    const app = shellLikeCore(dataDir)
    await app.core.start()
    try {
      const profile = await app.call<{ id: string }>('connection.save', { name: 'Rep', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
      await app.call('connection.activate', { id: profile.id })
      await app.call('catalogue.sync')
      const d = await app.call<DraftView>('baskets.create', { doc: { name: 'Before the crash' } })
      await app.call('baskets.setCurrent', { id: d.id })
      await app.call('baskets.update', { id: d.id, patch: { name: 'Typed just before the crash' } })
      const page = `app://wholesale-desk/index.html#/baskets/drafts/${d.id}`
      const action = recoverFromRendererGone({ reason: 'crashed', lastUrl: page, entryUrl, appOrigins: origins, recentCrashes: [], now: Date.now() })
      expect(action).toEqual({ kind: 'reload', url: page })
      // The reloaded renderer asks the core (which lives in the main process and did not crash).
      const listed = await app.call<{ currentId: string | null }>('baskets.list')
      expect(listed.currentId).toBe(d.id)
      expect((await app.call<DraftView>('baskets.get', { id: d.id })).doc.name).toBe('Typed just before the crash')
    } finally {
      await app.core.stop()
    }
  })
})

describe('checking the installation (diagnostics.selfCheck)', () => {
  const report = (ok: boolean) => ({
    ok,
    steps: [
      { name: 'sqlite' as const, ok: true, ms: 3, detail: 'SQLite with FTS5' },
      { name: 'keychain' as const, ok, ms: 5, detail: ok ? 'kept, gave back and forgot a throwaway secret' : 'No OS keychain service answered.' },
    ],
    versions: { node: process.versions.node },
  })

  it("runs the shell's check once at a time, logs how it went, and says so where there is none", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-selfcheck-'))
    const log = createFileLogger({ dataDir })
    let release!: () => void
    let outcome = true
    let runs = 0
    const core = createCore({
      dataDir,
      secrets: testKeychain(),
      notifier: { show() {} },
      log,
      diagnostics: { selfCheck: () => (runs++, new Promise((done) => (release = () => done(report(outcome))))) },
    })
    await core.start()
    try {
      const first = core.dispatch('diagnostics.selfCheck', undefined)
      await vi.waitFor(() => expect(runs).toBe(1))
      // A second click while it runs is refused, not run twice.
      expect(await core.dispatch('diagnostics.selfCheck', undefined)).toMatchObject({ ok: false, error: { code: 'conflict' } })
      release()
      expect(await first).toEqual({ ok: true, value: report(true) })
      outcome = false
      const second = core.dispatch('diagnostics.selfCheck', undefined)
      await vi.waitFor(() => expect(runs).toBe(2))
      release()
      expect(await second).toMatchObject({ ok: true, value: { ok: false } })
      const lines = logTail(dataDir).join('\n')
      expect(lines).toContain('self-check passed')
      expect(lines).toMatch(/self-check failed.*"step":"keychain".*No OS keychain service answered/)
    } finally {
      await core.stop()
    }

    const without = createCore({ dataDir: mkdtempSync(join(tmpdir(), 'wd-selfcheck-')), secrets: testKeychain(), notifier: { show() {} }, log })
    expect(await without.dispatch('diagnostics.selfCheck', undefined)).toMatchObject({ ok: false, error: { code: 'internal', message: 'Checking the installation is not available here.' } })
  })
})
