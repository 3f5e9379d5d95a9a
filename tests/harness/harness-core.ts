/**
 * The real desktop core as the harness runs it (tests only): a data folder (temporary unless
 * given), the real OS keychain under the harness's own service name, a notifier that turns OS
 * notifications into `alerts.shown` events, and demo mode backed by a given sandbox or, without
 * one, by the app's own embedded demo service (its database in the data folder, as in the app).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { createCore, type Core, type InspectableCore } from '../../electron/core'
import { createKeychainStore, type SecretStore } from '../../electron/core/credentials/secret-store'
import type { Alert, Clock, DemoLauncher, Logger } from '../../electron/core/platform/services'
import { createDemoService } from '../../electron/main/demo'
import { selfCheckBeside } from '../../electron/main/self-check'
import type { EventName, EventPayload } from '../../shared/ipc/contract'
import type { Provisioning } from '../../electron/core/managed/provisioning'

const REPO = resolve(import.meta.dirname, '../..')
/** Harness secrets live under their own keychain service, apart from a real install's. */
export const HARNESS_KEYCHAIN_SERVICE = 'Wholesale Desk (browser harness)'

/** What demo mode needs of a sandbox (startSandbox's answer has this shape). */
export interface DemoTarget {
  baseUrl: string
  demo: { clientId: string; clientSecret: string }
}

export interface HarnessCoreOptions {
  /** A running sandbox that "Explore with demo data" connects to. Without one, the app's demo service starts on the first demo start. */
  sandbox?: DemoTarget
  /** Kept when given; a temporary folder, removed on close, otherwise. */
  dataDir?: string
  /** The real OS keychain by default. */
  secrets?: SecretStore
  log?: Logger
  clock?: Clock
  /** What system.info answers for `harness` (default true: alerts are shown in the page). */
  harness?: boolean
  /** A managed install's provisioning (what the shell reads from the system location). */
  provisioning?: Provisioning
}

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void

export interface HarnessCore {
  core: InspectableCore
  dataDir: string
  /** Every event for the page: the core's own and the alerts the OS would have shown. */
  onEvent(listener: EventListener): () => void
  /** Shows an alert in the page, as the OS would show a notification in Electron. */
  notify(alert: Alert): void
  /** Sends an event to the page as if the shell had (e.g. `navigation.open` after a tray click). */
  emit: EventListener
  close(): Promise<void>
}

/** Warnings and errors to stderr; the harness is quiet otherwise. */
export const stderrLogger: Logger = {
  info: () => {},
  warn: (message, detail) => console.warn(`[harness] ${message}`, detail ?? ''),
  error: (message, detail) => console.error(`[harness] ${message}`, detail ?? ''),
}

export async function startHarnessCore(opts: HarnessCoreOptions = {}): Promise<HarnessCore> {
  const ownDataDir = !opts.dataDir
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'wd-harness-'))
  const log = opts.log ?? stderrLogger
  const listeners = new Set<EventListener>()
  const emit: EventListener = (event, payload) => {
    for (const l of listeners) l(event, payload)
  }

  const given = opts.sandbox
  const demoService = given ? null : createDemoService(dataDir, log)
  const demo: DemoLauncher = given
    ? async () => ({ baseUrl: given.baseUrl, clientId: given.demo.clientId, clientSecret: given.demo.clientSecret })
    : demoService!.launch

  const notify = (alert: Alert) => emit('alerts.shown', alert)
  const secrets = opts.secrets ?? createKeychainStore(HARNESS_KEYCHAIN_SERVICE)
  const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version
  const core = createCore({
    dataDir,
    secrets,
    // No OS here to show notifications: they go to the page, which shows them in-page.
    notifier: { show: notify },
    log,
    clock: opts.clock,
    provisioning: opts.provisioning,
    demo,
    openExternal: async (url) => {
      log.info('openExternal (not opened in the harness)', { url })
      return false
    },
    version,
    harness: opts.harness ?? true,
    // Chromium's own printer (what Electron's printToPDF is), in a headless browser of its own.
    printPdf: async (html) => {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] })
      try {
        const page = await browser.newPage({ javaScriptEnabled: false })
        await page.setContent(html)
        return new Uint8Array(await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true }))
      } finally {
        await browser.close()
      }
    },
    // The shell's installation self-check, as the app runs it beside itself (against the given sandbox, if any).
    diagnostics: { selfCheck: () => selfCheckBeside({ tempDir: tmpdir(), version, secrets, demo: given ? demo : undefined }) },
    // No save dialog here: documents go to <dataDir>/documents, under the name the dialog would suggest.
    saveFile: async (name, bytes) => {
      const dir = join(dataDir, 'documents')
      mkdirSync(dir, { recursive: true })
      const path = join(dir, basename(name))
      writeFileSync(path, bytes)
      return path
    },
  })
  const offCore = core.onEvent(emit)
  await core.start()

  let closed: Promise<void> | null = null
  return {
    core,
    dataDir,
    notify,
    emit,
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close: () =>
      (closed ??= (async () => {
        offCore()
        listeners.clear()
        if (ownDataDir) await forgetProfiles(core, log)
        await core.stop()
        await demoService?.close()
        if (ownDataDir) rmSync(dataDir, { recursive: true, force: true })
      })()),
  }
}

/** A throw-away data folder must not leave secrets behind in the keychain: remove its profiles. */
async function forgetProfiles(core: Core, log: Logger): Promise<void> {
  const list = await core.dispatch('connection.list', undefined)
  if (!list.ok) return
  for (const p of list.value as { id: string }[]) {
    // The folder goes with the data folder: its drafts too.
    const removed = await core.dispatch('connection.remove', { id: p.id, discardDrafts: true })
    if (!removed.ok) log.warn('could not remove a harness profile', { id: p.id, error: removed.error.message })
  }
}
