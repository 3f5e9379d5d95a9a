import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../electron/sandbox'
import type { SecretStore } from '../../../electron/core/credentials/secret-store'
import { createCore, type InspectableCore } from '../../../electron/core/index'
import { ManualClock } from '../../../electron/core/platform/manual-clock'
import type { Alert, Logger } from '../../../electron/core/platform/services'
import { testKeychain } from './test-keychain'
import type { ServiceClientTuning } from '../../../electron/core/service/client'

/** Test support for core suites: a real core on a temporary folder, talking to a sandbox. */

export interface CoreUnderTest {
  core: InspectableCore
  clock: ManualClock
  dataDir: string
  alerts: Alert[]
  events: { event: string; payload: unknown }[]
  /** What the core handed the browser (with `browser: true`; without it the core has no browser and opens nothing). */
  opened: string[]
  call<T = unknown>(channel: string, input?: unknown): Promise<T>
  /** The typed error a call answered with (fails the test if it succeeded). */
  fail(channel: string, input?: unknown): Promise<{ code: string; message: string; fields?: Record<string, string> }>
}

/**
 * `windowInSight`: what the shell would answer of its window (shown, or closed to the tray); absent,
 * the window is always in sight. `alerts` records what the core asked its notifier to show: a recording
 * notifier stands in for the shell's, which shows them with the Electron runtime that cannot run here.
 */
export function makeCore(opts: { dataDir?: string; secrets?: SecretStore; clock?: ManualClock; serviceClient?: ServiceClientTuning; browser?: boolean; windowInSight?: () => boolean } = {}): CoreUnderTest {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'wd-core-'))
  const clock = opts.clock ?? new ManualClock(Date.now())
  const alerts: Alert[] = []
  const events: { event: string; payload: unknown }[] = []
  const log: Logger = { info: () => {}, warn: () => {}, error: () => {} }
  // Documents go where a save dialog would have put them: <dataDir>/documents.
  const saveFile = async (name: string, bytes: Uint8Array) => {
    mkdirSync(join(dataDir, 'documents'), { recursive: true })
    writeFileSync(join(dataDir, 'documents', name), bytes)
    return join(dataDir, 'documents', name)
  }
  const opened: string[] = []
  const openExternal = opts.browser ? async (url: string) => (opened.push(url), true) : undefined
  const core = createCore({ dataDir, secrets: opts.secrets ?? testKeychain(), notifier: { show: (a) => alerts.push(a) }, log, clock, serviceClient: opts.serviceClient, saveFile, openExternal, windowInSight: opts.windowInSight })
  core.onEvent((event, payload) => events.push({ event, payload }))
  return {
    core,
    clock,
    dataDir,
    alerts,
    events,
    opened,
    async call<T>(channel: string, input?: unknown): Promise<T> {
      const reply = await core.dispatch(channel, input)
      if (!reply.ok) throw Object.assign(new Error(`${channel}: ${reply.error.message}`), reply.error)
      return reply.value as T
    },
    async fail(channel: string, input?: unknown) {
      const reply = await core.dispatch(channel, input)
      if (reply.ok) throw new Error(`${channel} was expected to fail but answered ${JSON.stringify(reply.value).slice(0, 200)}`)
      return reply.error
    },
  }
}

/** Saves and activates a profile for one of the sandbox's API clients. */
export async function connect(t: CoreUnderTest, sandbox: Pick<Sandbox, 'baseUrl' | 'demo'>, creds = sandbox.demo): Promise<string> {
  const profile = await t.call<{ id: string }>('connection.save', { name: 'Test', baseUrl: sandbox.baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret })
  await t.call('connection.activate', { id: profile.id })
  return profile.id
}

export interface CoreSuite {
  /** The suite's sandbox, started before its first test. */
  readonly sandbox: Sandbox
  /** A started core (makeCore's options), stopped after the test. */
  start(opts?: Parameters<typeof makeCore>[0]): Promise<CoreUnderTest>
}

/**
 * Call at the top of a core test file: one sandbox for all its tests (closed at the end); after
 * each test the cores it started are stopped (a test may have stopped one already), the faults
 * it set on the sandbox cleared and a paused sandbox listening again.
 */
export function coreSuite(options: SandboxOptions): CoreSuite {
  let sandbox: Sandbox | undefined
  const running: CoreUnderTest[] = []
  beforeAll(async () => {
    sandbox = await startSandbox(options)
  })
  afterEach(async () => {
    for (const t of running.splice(0)) await t.core.stop().catch(() => {})
    sandbox?.control.clearFaults()
    // A test that paused the service (offline) must not leave the next test offline.
    await sandbox?.control.resume()
  })
  afterAll(async () => {
    await sandbox?.close()
  })
  return {
    get sandbox() {
      if (!sandbox) throw new Error('the sandbox starts before the suite: use it in tests and hooks')
      return sandbox
    },
    async start(opts = {}) {
      const t = makeCore(opts)
      running.push(t)
      await t.core.start()
      return t
    },
  }
}
