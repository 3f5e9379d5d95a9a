import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CoreEventName } from '../../../shared/model/core-events'
import { afterAll, beforeAll } from 'vitest'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../electron/sandbox'
import { Connection } from '../../../electron/core/connection/connection'
import { WorkOffline } from '../../../electron/core/connection/work-offline'
import { connectionFeature } from '../../../electron/core/connection/feature'
import type { CoreContext } from '../../../electron/core/context'
import type { SecretStore } from '../../../electron/core/credentials/secret-store'
import { createDispatcher } from '../../../electron/core/ipc/dispatcher'
import { ManualClock } from '../../../electron/core/platform/manual-clock'
import type { Logger } from '../../../electron/core/platform/services'
import { openAppStore, Settings } from '../../../electron/core/store/app-store'
import { catalogueFeature, type CatalogueFeature } from '../../../electron/core/catalogue/feature'
import type { CatalogueOptions } from '../../../electron/core/catalogue/catalogue'
import { testKeychain } from './test-keychain'
import type { ServiceClientTuning } from '../../../electron/core/service/client'

/**
 * Test support for the catalogue suites: the real connection and catalogue features on a temporary
 * folder, wired as createCore wires them, but with catalogue options a test chooses (small pages,
 * no automatic refresh) so syncs happen exactly when the test says.
 */


export interface CatalogueRig {
  ctx: CoreContext
  feature: CatalogueFeature
  clock: ManualClock
  dataDir: string
  secrets: SecretStore
  events: { event: CoreEventName; payload: unknown }[]
  /** Runs on every event as it is emitted (e.g. to inject a fault mid-sync). */
  onEvent(listener: (event: CoreEventName, payload: unknown) => void): void
  warnings: string[]
  call<T = unknown>(channel: string, input?: unknown): Promise<T>
  fail(channel: string, input?: unknown): Promise<{ code: string; message: string }>
  connect(sandbox: Sandbox): Promise<string>
  close(): Promise<void>
}

export function catalogueRig(opts: CatalogueOptions & { dataDir?: string; secrets?: SecretStore; client?: ServiceClientTuning } = {}): CatalogueRig {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'wd-cat-'))
  const clock = new ManualClock(Date.now())
  const events: CatalogueRig['events'] = []
  const warnings: string[] = []
  const log: Logger = { info: () => {}, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) }
  const listeners: ((event: CoreEventName, payload: unknown) => void)[] = []
  const emit: CoreContext['emit'] = (event, payload) => {
    events.push({ event, payload })
    for (const l of listeners) l(event, payload)
  }
  const appDb = openAppStore(dataDir)
  const settings = new Settings(appDb)
  const secrets = opts.secrets ?? testKeychain()
  const workOffline = new WorkOffline(settings)
  const connection = new Connection({ dataDir, appDb, settings, secrets, clock, log, workOffline, emit, clientTuning: opts.client })
  const ctx: CoreContext = { dataDir, clock, log, notifier: { show: () => {} }, appDb, settings, connection, workOffline, emit }
  const feature = catalogueFeature(ctx, { autoSync: false, ...opts })
  const conn = connectionFeature(connection)
  const dispatch = createDispatcher({ ...conn.handlers, ...feature.handlers }, log)
  feature.start?.()

  const rig: CatalogueRig = {
    ctx,
    feature,
    clock,
    dataDir,
    secrets,
    events,
    onEvent: (l) => void listeners.push(l),
    warnings,
    async call<T>(channel: string, input?: unknown): Promise<T> {
      const reply = await dispatch(channel, input)
      if (!reply.ok) throw Object.assign(new Error(`${channel}: ${reply.error.message}`), reply.error)
      return reply.value as T
    },
    async fail(channel: string, input?: unknown) {
      const reply = await dispatch(channel, input)
      if (reply.ok) throw new Error(`${channel} was expected to fail but answered ${JSON.stringify(reply.value).slice(0, 200)}`)
      return reply.error
    },
    async connect(sandbox: Sandbox) {
      const profile = await rig.call<{ id: string }>('connection.save', {
        name: 'Test',
        baseUrl: sandbox.baseUrl,
        clientId: sandbox.demo.clientId,
        clientSecret: sandbox.demo.clientSecret,
      })
      await rig.call('connection.activate', { id: profile.id })
      return profile.id
    },
    async close() {
      await feature.stop?.()
      await conn.stop?.()
      appDb.close()
    },
  }
  return rig
}

/**
 * Call at the top of a catalogue test file: a sandbox with `options` and a rig connected to it with
 * its catalogue synced once, before the file's tests; both closed after them.
 */
export function syncedCatalogue(options: SandboxOptions): { readonly sandbox: Sandbox; readonly rig: CatalogueRig } {
  let sandbox: Sandbox | undefined
  let rig: CatalogueRig | undefined
  beforeAll(async () => {
    sandbox = await startSandbox(options)
    rig = catalogueRig()
    await rig.connect(sandbox)
    await rig.call('catalogue.sync')
  })
  afterAll(async () => {
    await rig?.close()
    await sandbox?.close()
  })
  const started = <T>(v: T | undefined): T => {
    if (!v) throw new Error('the synced catalogue starts before the tests: use it in tests and hooks')
    return v
  }
  return {
    get sandbox() {
      return started(sandbox)
    },
    get rig() {
      return started(rig)
    },
  }
}
