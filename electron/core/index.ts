import { EventEmitter } from 'node:events'
import type { EventName, EventPayload } from '../../shared/ipc/contract'
import { unsentDraftsIn } from './baskets/basket-store'
import { basketsFeature } from './baskets/feature'
import { catalogueFeature } from './catalogue'
import { Connection } from './connection/connection'
import { adminFeature } from './admin/feature'
import { connectionFeature } from './connection/feature'
import { WorkOffline } from './connection/work-offline'
import type { CoreContext, Feature } from './context'
import type { SecretStore } from './credentials/secret-store'
import { createDispatcher, type Dispatch, type PartialHandlers } from './ipc/dispatcher'
import { systemClock, type Clock, type DemoLauncher, type LoginItem, type Logger, type Notifier, type AppUpdater } from './platform/services'
import { openAppStore, Settings } from './store/app-store'
import type { ServiceClientTuning } from './service/client'
import { ordersFeature } from './orders/feature'
import { draftsViaHandlers } from './orders/reorder'
import { ExternalLinks } from './system/external-links'
import { systemFeature } from './system/feature'
import { updatesFeature } from './updates/feature'
import { diagnosticsFeature } from './diagnostics/feature'
import { managedFeature } from './managed/feature'
import type { Provisioning } from './managed/provisioning'

interface CoreDeps {
  /** The app's data folder (Electron's userData; a temporary folder in tests). */
  dataDir: string
  secrets: SecretStore
  notifier: Notifier
  log: Logger
  clock?: Clock
  /** Starts the embedded demo service; absent where demo mode is not offered. */
  demo?: DemoLauncher
  /** Opens an https URL in the system browser (the shell's allow-listed shell.openExternal). */
  openExternal?: (url: string) => Promise<boolean>
  /** Start-at-login, where the platform has it. */
  loginItem?: LoginItem
  version?: string
  harness?: boolean
  /** Tuning of the service client (tests and benchmarks only). */
  serviceClient?: ServiceClientTuning
  /** The shell's self-updater; absent in development runs, tests and the harness. */
  updater?: AppUpdater
  /** A managed install's policy for update checks (on or off, locked); absent: the user decides. */
  managedUpdates?: boolean
  /** An administrator's provisioning (file or environment), read by the shell at start. */
  provisioning?: Provisioning
  /** The shell's clipboard, save dialog and log redaction, for support bundles. */
  diagnostics?: { copyText?: (text: string) => void; saveText?: (suggestedName: string, text: string) => Promise<string | null>; scrub?: (text: string) => string }
  /** The shell's save dialog for documents (exports, PDFs): the path written, null when cancelled. */
  saveFile?: (suggestedName: string, bytes: Uint8Array) => Promise<string | null>
  /** The shell's printer: a self-contained HTML page to PDF bytes. */
  printPdf?: (html: string) => Promise<Uint8Array>
}

export interface Core {
  /** The one entry point for every channel of the contract (validation included). */
  dispatch: Dispatch
  onEvent(listener: <E extends EventName>(event: E, payload: EventPayload<E>) => void): () => void
  context: CoreContext
  /** The openExternal policy (system/external-link-policy) with this app's scope; the shell asks it before every open. */
  mayOpenExternally(url: unknown): boolean
  start(): Promise<void>
  stop(): Promise<void>
}

/** Builds the desktop core. It knows nothing of Electron: the shell passes its platform services in. */
export function createCore(deps: CoreDeps): Core {
  const clock = deps.clock ?? systemClock
  const bus = new EventEmitter()
  bus.setMaxListeners(50)
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => bus.emit('event', event, payload)
  const appDb = openAppStore(deps.dataDir)
  const settings = new Settings(appDb)
  const workOffline = new WorkOffline(settings)
  const connection = new Connection({ dataDir: deps.dataDir, appDb, settings, secrets: deps.secrets, clock, log: deps.log, demo: deps.demo, unsentDrafts: unsentDraftsIn, workOffline, emit, clientTuning: deps.serviceClient })
  const context: CoreContext = { dataDir: deps.dataDir, clock, log: deps.log, notifier: deps.notifier, appDb, settings, connection, workOffline, emit }

  // Other features read the local catalogue through catalogue.reader (SKU resolution, price estimates).
  const links = new ExternalLinks(connection)
  const catalogue = catalogueFeature(context, {}, links)
  const features: Feature[] = [
    systemFeature(context, { version: deps.version ?? '0.0.0', harness: deps.harness ?? false, openExternal: deps.openExternal, links, loginItem: deps.loginItem }),
    connectionFeature(connection),
    catalogue,
    ordersFeature(context, { drafts: draftsViaHandlers(() => handlers), subscribe: (l) => (bus.on('event', l), () => bus.off('event', l)), links, openExternal: deps.openExternal, saveFile: deps.saveFile, printPdf: deps.printPdf }),
    adminFeature(context),
    basketsFeature(context, { catalogue: () => catalogue.reader }),
    updatesFeature(context, {
      version: deps.version ?? '0.0.0',
      updater: deps.updater,
      managedAutomatic: deps.managedUpdates ?? deps.provisioning?.config.updates?.automatic,
      // No active profile: no outbox, nothing sending.
      outbox: async () => (handlers['baskets.outbox'] ? await handlers['baskets.outbox'](undefined) : null),
      subscribe: (l) => (bus.on('event', l), () => bus.off('event', l)),
    }),
    managedFeature(context, deps.provisioning),
    diagnosticsFeature(context, { version: deps.version ?? '0.0.0', harness: deps.harness ?? false, secrets: deps.secrets, ...deps.diagnostics, handlers: () => handlers }),
  ]

  const handlers: PartialHandlers = Object.assign({}, ...features.map((f) => f.handlers))
  const dispatch = createDispatcher(handlers, deps.log)

  return {
    dispatch,
    context,
    mayOpenExternally: (url) => links.allows(url),
    onEvent(listener) {
      const l = (event: EventName, payload: unknown) => (listener as (e: EventName, p: unknown) => void)(event, payload)
      bus.on('event', l)
      return () => bus.off('event', l)
    },
    async start() {
      for (const f of features) await f.start?.()
    },
    async stop() {
      for (const f of [...features].reverse()) await f.stop?.()
      appDb.close()
    },
  }
}
