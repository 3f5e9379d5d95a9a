/**
 * `--self-check` through index.ts (stand-in Electron runtime): the installed app checks itself in a
 * data folder of its own, shows nothing, takes no single-instance lock, and says how it went in its
 * exit code and report.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it, vi } from 'vitest'
import { fakeElectron } from '../../tests/support/main/fake-electron'

vi.mock('electron', async () => (await import('../../tests/support/main/fake-electron')).fakeElectron)
vi.mock('../core/credentials/secret-store', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../core/credentials/secret-store')>()
  return { ...actual, createKeychainStore: () => actual.createKeychainStore('Wholesale Desk (tests)') }
})

const { app, BrowserWindow, Tray, ipcMain } = fakeElectron
const repUserData = mkdtempSync(join(tmpdir(), 'wd-rep-profile-'))
const temp = mkdtempSync(join(tmpdir(), 'wd-temp-'))
const argv = process.argv
afterAll(() => {
  process.argv = argv
  for (const dir of [repUserData, temp]) rmSync(dir, { recursive: true, force: true })
})

it('checks itself in a folder of its own, with no window, tray or lock, and exits 0 with its report written', async () => {
  app.userData = repUserData
  app.tempPath = temp
  const reportPath = join(temp, 'report.json')
  process.argv = [argv[0]!, 'wholesale-desk', `--self-check=${reportPath}`]
  const printed = vi.spyOn(console, 'log').mockImplementation(() => {})
  await import('./index')
  // Before ready, the data folder is moved away from the rep's profile.
  expect(app.calls).toContain('setPath userData')
  // After the app's name, which Electron's default folder follows: the name cannot move it back.
  expect(app.calls.indexOf('setPath userData')).toBeGreaterThan(app.calls.findIndex((c) => c.startsWith('setName ')))
  const checkDir = app.userData
  expect(checkDir.startsWith(join(temp, 'wholesale-desk-self-check-'))).toBe(true)
  app.becomeReady()
  await vi.waitFor(() => expect(app.exitCode).not.toBeNull(), { timeout: 60_000 })

  const report = JSON.parse(readFileSync(reportPath, 'utf8'))
  expect(report.steps.filter((s: { ok: boolean }) => !s.ok)).toEqual([])
  expect(report).toMatchObject({ ok: true, version: '1.2.3' })
  expect(app.exitCode).toBe(0)
  expect(printed.mock.calls.some(([text]) => typeof text === 'string' && text.includes('"ok": true'))).toBe(true)
  // Nothing a rep would see, nothing of a running app's taken: no window, tray, IPC or lock.
  expect(BrowserWindow.all).toHaveLength(0)
  expect(Tray.last).toBeFalsy()
  expect(ipcMain.handlers.size).toBe(0)
  expect(app.calls).not.toContain('requestSingleInstanceLock')
  // Its folder is gone again, and the rep's profile was never written.
  expect(existsSync(checkDir)).toBe(false)
  expect(readdirSync(repUserData)).toEqual([])
  printed.mockRestore()
}, 90_000)

