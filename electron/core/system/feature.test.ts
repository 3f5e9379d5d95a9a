import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createCore } from '../index'
import type { LoginItem } from '../platform/services'
import { testKeychain } from '../../../tests/support/core/test-keychain'

const quiet = { info() {}, warn() {}, error() {} }

/** Stand-in for the OS login item, which only the Electron shell has. */
function fakeLoginItem(): LoginItem & { registered: boolean } {
  return {
    registered: false,
    get() {
      return this.registered
    },
    set(open) {
      this.registered = open
    },
  }
}

describe('desktop preferences', () => {
  it('keeps the app in the tray by default; the choice survives a restart and is announced to the shell', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-prefs-'))
    const core = createCore({ dataDir, secrets: testKeychain(), notifier: { show() {} }, log: quiet })
    const seen: unknown[] = []
    core.onEvent((e, p) => e === 'system.desktopPrefsChanged' && seen.push(p))
    expect(await core.dispatch('system.desktopPrefs', undefined)).toEqual({ ok: true, value: { keepInTray: true, startAtLogin: null } })
    expect(await core.dispatch('system.setDesktopPrefs', { keepInTray: false })).toEqual({ ok: true, value: { keepInTray: false, startAtLogin: null } })
    expect(seen).toEqual([{ keepInTray: false, startAtLogin: null }])
    await core.stop()
    const again = createCore({ dataDir, secrets: testKeychain(), notifier: { show() {} }, log: quiet })
    expect(await again.dispatch('system.desktopPrefs', undefined)).toMatchObject({ ok: true, value: { keepInTray: false } })
    await again.stop()
  })

  it('switches start-at-login where the platform has it, and says so where it has not', async () => {
    const login = fakeLoginItem()
    const core = createCore({ dataDir: mkdtempSync(join(tmpdir(), 'wd-prefs-')), secrets: testKeychain(), notifier: { show() {} }, log: quiet, loginItem: login })
    expect(await core.dispatch('system.setDesktopPrefs', { startAtLogin: true })).toMatchObject({ ok: true, value: { startAtLogin: true } })
    expect(login.registered).toBe(true)
    await core.stop()
    const without = createCore({ dataDir: mkdtempSync(join(tmpdir(), 'wd-prefs-')), secrets: testKeychain(), notifier: { show() {} }, log: quiet })
    expect(await without.dispatch('system.setDesktopPrefs', { startAtLogin: true })).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { startAtLogin: expect.any(String) } } })
    // A refused request changes nothing, not even its part that could have been done.
    expect(await without.dispatch('system.setDesktopPrefs', { keepInTray: false, startAtLogin: true })).toMatchObject({ ok: false })
    expect(await without.dispatch('system.desktopPrefs', undefined)).toMatchObject({ ok: true, value: { keepInTray: true } })
    await without.stop()
  })
})
