import { BrowserWindow, nativeTheme } from 'electron'
import type { WindowBounds } from '../core/system/window-settings'
import { secureWebPreferences } from './security/web-preferences'

export interface MainWindowOptions {
  /** Absolute path of the bundled preload (out/preload/index.cjs). */
  preload: string
  /** app://wholesale-desk/index.html, or the dev server in development (security/app-origin). */
  url: string
  devTools: boolean
  icon?: string
  /** Start hidden (launched at login into the tray). */
  show: boolean
  /** Where the user left it (window-placement: only if still on a screen); else the default size, centred. */
  bounds?: WindowBounds | null
}

/** Matches the renderer's light and dark page colours, so no white flash shows before it paints. */
const BACKGROUND = { light: '#f7f8fa', dark: '#18181c' }
const backgroundColor = () => (nativeTheme.shouldUseDarkColors ? BACKGROUND.dark : BACKGROUND.light)

/** The app's one window. Everything security-relevant about it comes from security/web-preferences. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    ...(options.bounds ? { x: options.bounds.x, y: options.bounds.y, width: options.bounds.width, height: options.bounds.height } : {}),
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Wholesale Desk',
    backgroundColor: backgroundColor(),
    autoHideMenuBar: true,
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: secureWebPreferences(options.preload, { devTools: options.devTools }),
  })
  const onThemeChange = () => {
    if (!win.isDestroyed()) win.setBackgroundColor(backgroundColor())
  }
  nativeTheme.on('updated', onThemeChange)
  win.on('closed', () => nativeTheme.off('updated', onThemeChange))
  if (options.bounds?.maximized) win.maximize()
  if (options.show) win.once('ready-to-show', () => win.show())
  void win.loadURL(options.url)
  return win
}

/** Brings the window to the front, restoring it from the taskbar or the tray. */
export function reveal(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore()
  if (!win.isVisible()) win.show()
  win.focus()
}
