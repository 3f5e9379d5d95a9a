import type { WebPreferences } from 'electron'

/**
 * The one set of webPreferences for the app's window. Node never reaches the page: context
 * isolation and the Chromium sandbox are on, and the preload only exposes `window.api`.
 */
export function secureWebPreferences(preload: string, options: { devTools: boolean }): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    devTools: options.devTools,
    spellcheck: true,
  }
}

/**
 * The hidden window that prints a document (order confirmation, quote) to PDF: the same locks as
 * the app's window, no preload, and no script at all (the page is self-contained HTML).
 */
export function printWebPreferences(): WebPreferences {
  const { preload: _none, ...locked } = secureWebPreferences('', { devTools: false })
  return { ...locked, javascript: false, spellcheck: false }
}
