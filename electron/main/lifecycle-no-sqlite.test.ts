/** An Electron without node:sqlite: the app says so in a dialog and exits with code 1 (stand-in Electron runtime). */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it, vi } from 'vitest'
import { fakeElectron } from '../../tests/support/main/fake-electron'

vi.mock('electron', async () => (await import('../../tests/support/main/fake-electron')).fakeElectron)
vi.mock('node:sqlite', () => {
  throw new Error('No such built-in module: node:sqlite')
})

const { app, dialog, BrowserWindow, ipcMain } = fakeElectron
const userData = mkdtempSync(join(tmpdir(), 'wd-nosqlite-'))
afterAll(() => rmSync(userData, { recursive: true, force: true }))

it('fails loudly: an error dialog naming node:sqlite, exit code 1, no window, no IPC', async () => {
  app.userData = userData
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  await import('./index')
  app.becomeReady()
  await vi.waitFor(() => expect(app.exitCode).toBe(1))
  expect(dialog.errors).toHaveLength(1)
  expect(dialog.errors[0]![0]).toBe('Wholesale Desk cannot start')
  expect(dialog.errors[0]![1]).toContain('node:sqlite')
  expect(BrowserWindow.all).toHaveLength(0)
  expect(ipcMain.handlers.size).toBe(0)
  errors.mockRestore()
})
