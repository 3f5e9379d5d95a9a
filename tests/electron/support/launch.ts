import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron, type ElectronApplication, type Page } from 'playwright-core'
import type { ShellProbe } from '../../../electron/main/test-probe'

const root = join(import.meta.dirname, '..', '..', '..')

export interface LaunchedApp {
  app: ElectronApplication
  window: Page
  userData: string
  /** The shell probe's plain data (tray, notifications), read from the main process. */
  probe(): Promise<Pick<ShellProbe, 'tray' | 'notifications' | 'demoSecret'>>
}

/**
 * Launches the built app (out/main/index.js) in the real Electron that build/test-electron.mjs
 * found, with its own data folder and the test probe on. Arguments are the app's (--demo …).
 */
export async function launchApp(args: string[], userData = mkdtempSync(join(tmpdir(), 'wd-electron-'))): Promise<LaunchedApp> {
  const app = await _electron.launch({
    executablePath: process.env.WHOLESALE_DESK_ELECTRON,
    args: [join(root, 'out/main/index.js'), `--user-data-dir=${userData}`, ...args],
    cwd: root,
    env: { ...(process.env as Record<string, string>), WHOLESALE_DESK_TEST_PROBE: '1', XDG_CONFIG_HOME: userData, APPDATA: userData, ELECTRON_RENDERER_URL: '' },
  })
  const window = await app.firstWindow()
  return {
    app,
    window,
    userData,
    probe: () =>
      app.evaluate(() => {
        const p = (globalThis as { __wholesaleDeskProbe?: ShellProbe }).__wholesaleDeskProbe!
        return { tray: p.tray, notifications: [...p.notifications], demoSecret: p.demoSecret }
      }),
  }
}

/** Polls until check() is truthy (every 100 ms, up to `ms`), failing with what did not happen. */
export async function eventually<T>(check: () => Promise<T> | T, what: string, ms = 30_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms
  for (;;) {
    const v = await check()
    if (v) return v as NonNullable<T>
    if (Date.now() > end) throw new Error(`${what} did not happen within ${ms / 1000} s`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
