import { join } from 'node:path'
import { app, dialog, Notification, screen, session, shell, type BrowserWindow } from 'electron'
import appIcon from '../../resources/icon.png?asset&asarUnpack'
import trayAttention from '../../resources/tray/attention.png?asset&asarUnpack'
import trayOffline from '../../resources/tray/offline.png?asset&asarUnpack'
import trayOnline from '../../resources/tray/online.png?asset&asarUnpack'
import traySending from '../../resources/tray/sending.png?asset&asarUnpack'
import type { NavigationTarget } from '../../shared/ipc/channels/navigation'
import type { EventPayload } from '../../shared/ipc/contract'
import type { Core } from '../core'
import { createKeychainStore } from '../core/credentials/secret-store'
import { createFileLogger } from '../core/log/file-logger'
import { redactingSecretStore } from '../core/log/redacting-secret-store'
import { AlertTargetStore } from './alert-targets'
import { APP_USER_MODEL_ID, PRODUCT_NAME, TOAST_ACTIVATOR_CLSID } from './app-identity'
import { createDemoService } from './demo'
import { guardSession, guardWebContents } from './hardening'
import { forwardCoreEvents, handleInvokes, sendEvent } from './ipc'
import { parseLaunchArgs, selfCheckRequest, type LaunchRequest } from './launch-args'
import { LaunchInbox, launchActions, launchHandover, receivedLaunch } from './second-launch'
import { loginItem } from './login-item'
import { createElectronNotifier } from './notifications'
import { injectDevCsp, registerAppScheme, serveRenderer } from './protocol'
import { appOrigins, originOf, rendererEntryUrl } from './security/app-origin'
import { buildCsp } from './security/csp'
import { openExternalSafely } from './security/external-links'
import { createTray } from './tray'
import { trayMessages } from '../core/system/tray-texts'
import { initialTrayState, reduceTray, trayIcon, trayTooltip, type TrayState } from '../core/system/tray-state'
import { createMainWindow, reveal } from './window'
import { placement } from './window-placement'
import { readProvisioning } from '../core/managed/provisioning'
import { crashMessages } from './crash-texts'
import { watchCrashes } from './crash-watch'
import { copyText, saveFileAs, saveTextAs } from './save-text'
import { printHtmlToPdf } from './print-pdf'
import { createSelfUpdater } from './self-update'
import { createShellProbe } from './test-probe'
import { disableFeaturesValue } from './chromium-features'
import { removeSelfCheckFolder, selfCheckBeside, selfCheckFolder, selfCheckInstallation } from './self-check'

/*
 * The app's lifecycle. Electron-specific and thin on purpose: every decision is made by a small
 * module that runs (and is tested) under plain Node. The core is imported only after the start-up
 * check for node:sqlite, which the core's store needs.
 */

const here = import.meta.dirname
// The dev server URL is honoured only in an unpackaged run: a packaged app always serves its own files.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL
const origins = appOrigins(devServerUrl)
const launch = parseLaunchArgs(process.argv, process.env)
const selfCheck = selfCheckRequest(process.argv)

// Before `ready`: all renderers sandboxed, the app:// scheme privileged, Chromium's features set
// (chromium-features.ts), the Windows identity set
// (the CLSID first, so it is the one written with the AppUserModelId).
app.enableSandbox()
registerAppScheme()
app.commandLine.appendSwitch('disable-features', disableFeaturesValue(app.commandLine.getSwitchValue('disable-features')))
if (process.platform === 'win32') {
  app.setToastActivatorCLSID(TOAST_ACTIVATOR_CLSID)
  app.setAppUserModelId(APP_USER_MODEL_ID)
}
app.setName(PRODUCT_NAME)
// A self-check keeps its data (Chromium's included) in a folder of its own: never a rep's profile,
// and never the single-instance lock of an app that is running. Set after the name, which the
// default folder follows.
if (selfCheck) app.setPath('userData', selfCheckFolder(app.getPath('temp')))

/** Second launches, from the moment this instance holds the lock until it can act on them. */
const secondLaunches = new LaunchInbox()
if (selfCheck) {
  app.whenReady().then(() => checkThisInstallation(selfCheck.reportPath), (err: unknown) => fail('Wholesale Desk could not check itself.', err))
} else if (!app.requestSingleInstanceLock(launchHandover(process.argv, process.env))) {
  // Another instance runs: it receives our request through 'second-instance' and comes to the front.
  app.quit()
} else {
  app.on('second-instance', (_event, argv, _cwd, data) => secondLaunches.receive(receivedLaunch(argv, data)))
  app.whenReady().then(start, (err: unknown) => fail('Wholesale Desk could not start.', err))
}

async function start(): Promise<void> {
  if (!(await hasNodeSqlite())) return
  const userData = app.getPath('userData')
  const log = createFileLogger({ dataDir: userData, echo: app.isPackaged ? undefined : (line) => console.log(line) })
  log.info('starting', { version: app.getVersion(), platform: process.platform, electron: process.versions.electron, dev: !!devServerUrl })

  // Only what the core's external link policy allows (the web interface, tracking pages the service returned).
  const openExternal = async (url: string) => (core?.mayOpenExternally(url) ?? false) && openExternalSafely(url, (u) => shell.openExternal(u))
  // Every webContents ever created (the window, anything a bug might open) gets the navigation policy.
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, origins, (url) => void openExternal(url)))
  guardSession(session.defaultSession, origins)

  // Only now, with node:sqlite known to be there, is the core loaded.
  const { createCore } = await import('../core')

  let core: Core | null = null
  let win: BrowserWindow | null = null
  let quitting = false
  /** Where to go once the renderer has loaded (a click that opened the window). */
  let pendingNavigation: NavigationTarget | null = null
  const trustedIds = new Set<number>()
  const targets = new AlertTargetStore(join(userData, 'alert-targets.json'))
  const demo = createDemoService(userData, log)
  const probe = createShellProbe(process.env)
  const provisioning = readProvisioning(process.platform, process.env)
  watchCrashes({ log, window: () => win, entryUrl: rendererEntryUrl(devServerUrl), appOrigins: [...origins], logPath: log.path, messages: () => crashMessages(trayState.locale ?? app.getLocale()), reopen: () => void openWindow(true) })

  // The CSP names the active profile's origin for images; it is read afresh for every response.
  const csp = () => {
    const profileUrl = core?.activeProfile()?.baseUrl
    return buildCsp({ devServerUrl, imageOrigins: profileUrl ? [profileUrl] : [] })
  }
  if (devServerUrl) injectDevCsp(originOf(devServerUrl)!, csp)
  else serveRenderer(join(here, '../renderer'), csp)

  function openWindow(show = true): BrowserWindow {
    if (win && !win.isDestroyed()) {
      if (show) reveal(win)
      return win
    }
    const bounds = placement(core?.window.bounds() ?? null, screen.getAllDisplays().map((d) => d.workArea))
    const created = createMainWindow({ preload: join(here, '../preload/index.cjs'), url: rendererEntryUrl(devServerUrl), devTools: !app.isPackaged, icon: appIcon, show, bounds })
    const id = created.webContents.id
    trustedIds.add(id)
    created.webContents.on('did-finish-load', () => {
      if (pendingNavigation) sendEvent(created.webContents, 'navigation.open', pendingNavigation)
      pendingNavigation = null
    })
    created.on('close', (event) => {
      // Kept for the next time it opens (this run's, or the next start's).
      core?.window.saveBounds({ ...created.getNormalBounds(), maximized: created.isMaximized() })
      if (quitting || !core || !core.tray.keepInTray()) return
      // Closing the window keeps the app in the tray: orders are still watched, the outbox still sends.
      event.preventDefault()
      created.hide()
      if (core.tray.takeHint()) {
        const m = trayMessages(trayState.locale ?? app.getLocale())
        showHint(m.trayHintTitle, m.trayHintBody)
      }
    })
    created.on('closed', () => {
      trustedIds.delete(id)
      if (win === created) win = null
    })
    win = created
    return created
  }

  function openTarget(target: NavigationTarget | null): void {
    const w = openWindow(true)
    if (!target) return
    if (w.webContents.isLoading()) pendingNavigation = target
    else sendEvent(w.webContents, 'navigation.open', target)
  }

  function handleLaunch(request: LaunchRequest, first: boolean): void {
    for (const action of launchActions(request, { first, lastAlertTarget: () => targets.latest()?.target ?? null })) {
      if (action.kind === 'open') openTarget(action.target)
      else if (action.kind === 'show') openWindow(true)
      else void startDemo()
    }
  }
  async function startDemo(): Promise<void> {
    const reply = await core?.dispatch('connection.startDemo', undefined)
    if (reply && !reply.ok) log.error('demo mode could not start', reply.error)
  }

  const shown = createElectronNotifier({ targets, open: openTarget, icon: appIcon, log })
  const notifier: typeof shown = probe ? { show: (a) => (probe.notifications.push({ title: a.title, body: a.body }), shown.show(a)) } : shown
  const secrets = redactingSecretStore(createKeychainStore(), (s) => log.redact(s))
  if (probe) Object.assign(probe, { secrets, demo })

  const login = loginItem()
  core = createCore({
    dataDir: userData,
    secrets,
    notifier,
    log,
    demo: probe ? async () => { const d = await demo.launch(); probe.demoSecret = d.clientSecret; return d } : demo.launch,
    openExternal,
    loginItem: login,
    version: app.getVersion(),
    updater: createSelfUpdater(log, provisioning.config.updates?.url),
    provisioning,
    diagnostics: {
      copyText,
      saveText: (name, text) => saveTextAs(win, name, text),
      scrub: (t) => log.scrub(t),
      selfCheck: () => selfCheckBeside({ tempDir: app.getPath('temp'), version: app.getVersion(), secrets }),
    },
    saveFile: (name, bytes) => saveFileAs(win, name, bytes),
    printPdf: printHtmlToPdf,
    // Closed to the tray (hidden), minimised or not open yet: what the window would say is a desktop alert.
    windowInSight: () => win !== null && !win.isDestroyed() && win.isVisible() && !win.isMinimized(),
  })
  const liveCore: Core = core
  handleInvokes(liveCore, { trustedOrigins: origins, trustedWebContentsIds: trustedIds, log })
  forwardCoreEvents(liveCore, () => (win && !win.isDestroyed() ? win.webContents : null))

  // --- tray ------------------------------------------------------------------------------------
  let trayState: TrayState = {
    ...initialTrayState,
    keepInTray: liveCore.tray.keepInTray(),
    // Read from the core's alert preferences once it has started, then kept by orders.alertPrefsChanged.
    alertsPaused: false,
    openAtLogin: login.get(),
  }
  const tray = createTray({ online: trayOnline, offline: trayOffline, sending: traySending, attention: trayAttention }, app.getLocale(), (action) => {
    switch (action.kind) {
      case 'open':
        return void openWindow(true)
      case 'openOrder':
        return openTarget({ kind: 'order', orderId: action.orderId, profileId: action.profileId })
      case 'syncNow':
        return void syncNow()
      case 'togglePauseAlerts':
        return void setAlertsPaused(!trayState.alertsPaused)
      // Through the core, so Settings in the window shows the same switches.
      case 'toggleKeepInTray':
        return void liveCore.dispatch('system.setDesktopPrefs', { keepInTray: !trayState.keepInTray })
      case 'toggleOpenAtLogin':
        return void liveCore.dispatch('system.setDesktopPrefs', { startAtLogin: !trayState.openAtLogin })
      case 'quit':
        return app.quit()
    }
  })
  function updateTray(next: TrayState): void {
    trayState = next
    tray.update(trayState)
    if (probe) probe.tray = { icon: trayIcon(next), tooltip: trayTooltip(next, trayMessages(next.locale ?? app.getLocale())) }
  }
  liveCore.onEvent((event, payload) => {
    if (event === 'system.desktopPrefsChanged') {
      const prefs = payload as EventPayload<'system.desktopPrefsChanged'>
      return updateTray({ ...trayState, keepInTray: prefs.keepInTray, openAtLogin: prefs.startAtLogin })
    }
    // Events the tray does not show (sync progress, every page of it) leave its state as it was.
    const next = reduceTray(trayState, event, payload)
    if (next !== trayState) updateTray(next)
  })
  updateTray(trayState)

  /** "Sync now": whatever sync channels this build has (the order watcher's poll, the catalogue sync). */
  async function syncNow(): Promise<void> {
    for (const channel of ['orders.pollNow', 'catalogue.sync']) {
      const reply = await liveCore.dispatch(channel, undefined)
      if (!reply.ok && reply.error.code !== 'unknown_channel') log.warn('sync now: a sync did not complete', { channel, code: reply.error.code })
    }
  }

  /** Pauses alerts in the core's alert preferences (the one place "paused" is kept); the tray follows their event. */
  async function setAlertsPaused(paused: boolean): Promise<void> {
    const prefs = await liveCore.dispatch('orders.alertPrefs', undefined)
    const saved = prefs.ok ? await liveCore.dispatch('orders.setAlertPrefs', { ...(prefs.value as object), paused }) : prefs
    if (!saved.ok) log.warn('alerts could not be paused or resumed', { code: saved.error.code })
  }

  function showHint(title: string, body: string): void {
    if (process.platform === 'win32') tray.hint(title, body)
    else if (Notification.isSupported()) new Notification({ title, body, icon: appIcon }).show()
  }

  // --- lifecycle -------------------------------------------------------------------------------
  app.on('activate', () => openWindow(true)) // macOS: the dock icon
  app.on('window-all-closed', () => {
    if (!trayState.keepInTray) app.quit()
  })
  app.on('before-quit', () => {
    quitting = true
  })
  let stopped = false
  app.on('will-quit', (event) => {
    if (stopped) return
    event.preventDefault()
    stopped = true
    tray.destroy()
    void Promise.allSettled([liveCore.stop(), demo.close()]).then((results) => {
      for (const r of results) if (r.status === 'rejected') log.error('shutdown step failed', r.reason)
      log.info('stopped')
      app.quit()
    })
  })

  handleLaunch(launch, true)
  await liveCore.start()
  // The core's alert preferences are the truth about "paused".
  const prefs = await liveCore.dispatch('orders.alertPrefs', undefined)
  if (prefs.ok) updateTray(reduceTray(trayState, 'orders.alertPrefsChanged', prefs.value))
  // The language the window showed last time, until it says again.
  const language = liveCore.language()
  if (language) updateTray(reduceTray(trayState, 'system.languageChanged', { language }))
  if (launch.demo) await startDemo()
  // Second launches wait until the core runs (one may ask for demo mode).
  secondLaunches.open((request) => handleLaunch(request, false))
}

/** `--self-check`: no window and no tray; the exit code says how it went (self-check.ts). */
async function checkThisInstallation(reportPath: string | null): Promise<void> {
  const dataDir = app.getPath('userData')
  let code = 1
  try {
    code = (await selfCheckInstallation({ dataDir, version: app.getVersion(), reportPath })).ok ? 0 : 1
  } catch (err) {
    console.error('the self-check could not run', err)
  }
  removeSelfCheckFolder(dataDir)
  app.exit(code)
}

/** The core's store needs node:sqlite; without it the app cannot keep anything, so it says so and stops. */
async function hasNodeSqlite(): Promise<boolean> {
  try {
    await import('node:sqlite')
    return true
  } catch (err) {
    fail(
      'Wholesale Desk cannot start',
      `This build of Electron has no built-in SQLite (node:sqlite), which Wholesale Desk needs to store your drafts and catalogue.\n\nElectron ${process.versions.electron} with Node ${process.versions.node}.\n\n${(err as Error).message}`,
    )
    return false
  }
}

function fail(title: string, detail: unknown): void {
  const message = detail instanceof Error ? (detail.stack ?? detail.message) : String(detail)
  console.error(`${title}\n${message}`)
  dialog.showErrorBox(title, message)
  app.exit(1)
}
