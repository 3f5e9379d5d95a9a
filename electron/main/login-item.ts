import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { app } from 'electron'
import { AUTOSTART_FILE, autostartEntry } from './autostart-entry'

import type { LoginItem } from '../core/platform/services'

const HIDDEN_ARGS = ['--hidden']

/** Start at login: the OS login item on macOS and Windows, an XDG autostart entry on Linux. */
export function loginItem(): LoginItem {
  if (!app.isPackaged) return { get: () => null, set: () => {} }
  if (process.platform === 'linux') {
    const dir = join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'autostart')
    const file = join(dir, AUTOSTART_FILE)
    // An AppImage must be started through its image, not the mounted executable that vanishes on exit.
    const executable = process.env.APPIMAGE || process.execPath
    return {
      get: () => existsSync(file),
      set(open) {
        if (!open) return void rmSync(file, { force: true })
        mkdirSync(dir, { recursive: true })
        writeFileSync(file, autostartEntry(executable, HIDDEN_ARGS))
      },
    }
  }
  return {
    get: () => app.getLoginItemSettings({ args: HIDDEN_ARGS }).openAtLogin,
    set: (open) => app.setLoginItemSettings({ openAtLogin: open, args: HIDDEN_ARGS }),
  }
}
