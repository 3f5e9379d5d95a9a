import type { Settings } from '../store/app-store'
import { KEEP_IN_TRAY } from './feature'

const TRAY_HINT_SHOWN = 'shell.trayHintShown'

/** The tray's settings kept by the core, as the shell asks for them (it never reads settings keys). */
export interface TraySettings {
  /** Closing the window keeps the app running in the tray (Settings › Desktop; on by default). */
  keepInTray(): boolean
  /** True only the first time the window hides to the tray, when the hint saying so is due; remembered. */
  takeHint(): boolean
}

export function traySettings(settings: Settings): TraySettings {
  return {
    keepInTray: () => settings.get(KEEP_IN_TRAY, true),
    takeHint: () => {
      if (settings.get(TRAY_HINT_SHOWN, false)) return false
      settings.set(TRAY_HINT_SHOWN, true)
      return true
    },
  }
}
