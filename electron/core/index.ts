import { EventEmitter } from 'node:events'
import type { CoreEventName, CoreEventPayload } from '../../shared/model/core-events'
import type { Language } from '../../shared/api'
import type { Profile } from '../../shared/model/connection'
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
import { ExternalLinks } from './system/external-links'
import { systemFeature, uiLanguage } from './system/feature'
import { traySettings, type TraySettings } from './system/tray-settings'
import { windowSettings, type WindowSettings } from './system/window-settings'
import { updatesFeature } from './updates/feature'
import { diagnosticsFeature, type ShellDiagnostics } from './diagnostics/feature'
import { managedFeature } from './managed/feature'
import { reorderFeature } from './reorder/feature'
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
  /** The shell's clipboard, save dialog, log redaction and installation self-check, for support. */
  diagnostics?: ShellDiagnostics
  /** The shell's save dialog for documents (exports, PDFs): the path written, null when cancelled. */
  saveFile?: (suggestedName: string, bytes: Uint8Array) => Promise<string | null>
  /** The shell's printer: a self-contained HTML page to PDF bytes. */
  printPdf?: (html: string) => Promise<Uint8Array>
  /**
   * Whether the rep sees the window now (shown, not minimised); out of sight (closed to the tray),
   * what the window would have said is a desktop alert. Absent: always (the browser harness's page is the window).
   */
  windowInSight?: () => boolean
}

/** The core as the shell sees it: channels, events and a few typed operations; never its internals. */
export interface Core {
  /** The one entry point for every channel of the contract (validation included). */
  dispatch: Dispatch
  onEvent(listener: <E extends CoreEventName>(event: E, payload: CoreEventPayload<E>) => void): () => void
  /** The openExternal policy (system/external-link-policy) with this app's scope; the shell asks it before every open. */
  mayOpenExternally(url: unknown): boolean
  /** The active connection profile; null when none (the CSP allows its service's images). */
  activeProfile(): Profile | null
  /** The language the window last showed (tray menu, notifications); null until it said. */
  language(): Language | null
  tray: TraySettings
  window: WindowSettings
  start(): Promise<void>
  stop(): Promise<void>
}

/** The core as its own tests and the browser harness hold it: with its context, which the shell never touches. */
export interface InspectableCore extends Core {
  readonly context: CoreContext
}

/** Builds the desktop core. It knows nothing of Electron: the shell passes its platform services in. */
export function createCore(deps: CoreDeps): InspectableCore {
  const clock = deps.clock ?? systemClock
  const bus = new EventEmitter()
  bus.setMaxListeners(50)
  const emit = <E extends CoreEventName>(event: E, payload: CoreEventPayload<E>) => bus.emit('event', event, payload)
  const appDb = openAppStore(deps.dataDir)
  const settings = new Settings(appDb)
  const workOffline = new WorkOffline(settings)
  const connection = new Connection({ dataDir: deps.dataDir, appDb, settings, secrets: deps.secrets, clock, log: deps.log, demo: deps.demo, unsentDrafts: unsentDraftsIn, workOffline, emit, clientTuning: deps.serviceClient })
  const context: CoreContext = { dataDir: deps.dataDir, clock, log: deps.log, notifier: deps.notifier, appDb, settings, connection, workOffline, emit }

  // Built in the order they depend on each other; each gets what it needs of another as a typed port.
  const subscribe = (listener: (event: CoreEventName, payload: unknown) => void) => {
    bus.on('event', listener)
    return () => void bus.off('event', listener)
  }
  const links = new ExternalLinks(connection)
  // The baskets read the local catalogue (SKU resolution, price estimates) through catalogue.reader.
  const catalogue = catalogueFeature(context, {}, links)
  // A basket sent while the window is out of sight is a desktop alert, unless the rep paused alerts (kept by the orders).
  const baskets = basketsFeature(context, { catalogue: () => catalogue.reader, windowInSight: deps.windowInSight, alertsPaused: () => orders.alertsPaused() })
  // "Reorder" creates its draft through the baskets' DraftsPort.
  const orders = ordersFeature(context, { drafts: baskets, subscribe, links, openExternal: deps.openExternal, saveFile: deps.saveFile, printPdf: deps.printPdf })
  const updates = updatesFeature(context, {
    version: deps.version ?? '0.0.0',
    updater: deps.updater,
    managedAutomatic: deps.managedUpdates ?? deps.provisioning?.config.updates?.automatic,
    // No active profile: no outbox, nothing sending.
    outbox: async () => baskets.outboxCounts(),
    subscribe,
  })
  const diagnostics = diagnosticsFeature(context, {
    version: deps.version ?? '0.0.0',
    harness: deps.harness ?? false,
    secrets: deps.secrets,
    ...deps.diagnostics,
    state: {
      'connection.status': () => connection.status(),
      'catalogue.status': () => catalogue.catalogue.status(),
      'baskets.outbox': () => baskets.outboxCounts(),
      'updates.state': () => updates.state(),
      'connection.list': () => connection.list(),
    },
  })
  // Started in this order, stopped in the reverse.
  const features: Feature[] = [
    systemFeature(context, { version: deps.version ?? '0.0.0', harness: deps.harness ?? false, openExternal: deps.openExternal, links, loginItem: deps.loginItem }),
    connectionFeature(connection),
    catalogue,
    orders,
    adminFeature(context),
    baskets,
    reorderFeature(context, { catalogue: () => catalogue.reader, drafts: baskets, orders }),
    updates,
    managedFeature(context, deps.provisioning),
    diagnostics,
  ]

  const handlers: PartialHandlers = Object.assign({}, ...features.map((f) => f.handlers))
  const dispatch = createDispatcher(handlers, deps.log)

  return {
    dispatch,
    context,
    mayOpenExternally: (url) => links.allows(url),
    activeProfile: () => connection.active()?.profile ?? null,
    language: () => uiLanguage(context),
    tray: traySettings(settings),
    window: windowSettings(settings),
    onEvent(listener) {
      const l = (event: CoreEventName, payload: unknown) => (listener as (e: CoreEventName, p: unknown) => void)(event, payload)
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
