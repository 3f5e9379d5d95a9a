import { app, dialog, type BrowserWindow } from 'electron'
import type { Logger } from '../core/platform/services'
import { goneLogEntry, recoverFromRendererGone, rememberCrash } from '../core/diagnostics/crash-recovery'

interface CrashWatchDeps {
  log: Logger
  window: () => BrowserWindow | null
  entryUrl: string
  appOrigins: readonly string[]
  logPath: string
  messages: () => { title: string; body: string; reload: string; close: string }
  /** Opens a new main window (at the app's entry page). */
  reopen: () => void
}

/**
 * Crashes are logged with their reason: the main process's uncaught errors, a renderer gone
 * (render-process-gone) and any other child process gone (GPU, utility). A crashed window is
 * reloaded where it was — its drafts are kept by the core, which did not crash — and a window that
 * keeps crashing is left for the user to reload, with the log's location.
 */
export function watchCrashes(deps: CrashWatchDeps): void {
  process.on('uncaughtException', (err, origin) => deps.log.error(`main process: ${origin}`, err))
  process.on('unhandledRejection', (reason) => deps.log.error('main process: unhandledRejection', reason))
  app.on('child-process-gone', (_event, details) => {
    const entry = goneLogEntry('child', details)
    deps.log.error(entry.message, entry.detail)
  })
  let recent: number[] = []
  app.on('render-process-gone', (_event, contents, details) => {
    const entry = goneLogEntry('renderer', details)
    deps.log.error(entry.message, { ...entry.detail, url: contents.getURL() })
    const win = deps.window()
    if (!win || win.isDestroyed() || win.webContents !== contents) return
    const now = Date.now()
    const action = recoverFromRendererGone({ reason: details.reason, lastUrl: contents.getURL() || null, entryUrl: deps.entryUrl, appOrigins: deps.appOrigins, recentCrashes: recent, now })
    recent = rememberCrash(recent, now)
    if (action.kind === 'none') return
    // The same page again (its draft comes from the core); a window that showed anything else is replaced.
    const recover = () => {
      if (win.isDestroyed()) return deps.reopen()
      if (contents.getURL() === action.url) return contents.reload()
      win.destroy()
      deps.reopen()
    }
    if (action.kind === 'reload') {
      deps.log.info('reloading the window after a renderer crash', { url: action.url })
      return recover()
    }
    const m = deps.messages()
    void dialog.showMessageBox(win, { type: 'error', title: m.title, message: m.title, detail: `${m.body}\n\n${deps.logPath}`, buttons: [m.reload, m.close], defaultId: 0, cancelId: 1 }).then(({ response }) => {
      if (response === 0) recover()
    })
  })
}
