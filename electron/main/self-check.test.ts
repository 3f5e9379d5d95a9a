/**
 * The installation's self-check with the parts the installed app ships: the real core, the real
 * embedded demo service, the real OS keychain (its test service name) — everything but Electron.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/model/app-error'
import type { SecretStore } from '../core/credentials/secret-store'
import { testKeychain } from '../../tests/support/core/test-keychain'
import { SELF_CHECK_STEPS } from '../../shared/model/diagnostics'
import { createCore } from '../core'
import { SyncWorkers } from '../core/catalogue/sync-workers'
import { createFileLogger } from '../core/log/file-logger'
import { createDemoService, DEMO_DB_FILE } from './demo'
import { runSelfCheck, selfCheckInstallation } from './self-check'

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wd-self-check-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The keychain, with the accounts written to it and those deleted. */
function recordingKeychain(): SecretStore & { written: Set<string>; deleted: Set<string> } {
  const real = testKeychain()
  const written = new Set<string>()
  const deleted = new Set<string>()
  return {
    written,
    deleted,
    get: (account) => real.get(account),
    set: async (account, secret) => (written.add(account), real.set(account, secret)),
    delete: async (account) => (deleted.add(account), real.delete(account)),
  }
}

describe('the installation self-check', () => {
  it('signs in to the demo, syncs, finds a product by SKU and by name, signs out, and leaves no secret behind', async () => {
    const dataDir = freshDir()
    const reportPath = join(freshDir(), 'report.json')
    const printed: string[] = []
    const keychain = recordingKeychain()
    const report = await selfCheckInstallation({ dataDir, version: '9.8.7', reportPath, secrets: keychain, print: (t) => printed.push(t) })

    expect(report.steps.map((s) => [s.name, s.ok])).toEqual(SELF_CHECK_STEPS.map((name) => [name, true]))
    expect(report.ok).toBe(true)
    expect(report.steps.find((s) => s.name === 'catalogue')!.detail).toMatch(/^\d+ products stored$/)
    expect(report.steps.find((s) => s.name === 'search')!.detail).toMatch(/by its SKU; ".+" in \d+ names$/)
    expect(report.versions.node).toBe(process.versions.node)
    // The same report on the terminal and in the file, with the app's version.
    const written = JSON.parse(readFileSync(reportPath, 'utf8'))
    expect(written).toEqual(JSON.parse(printed[0]!))
    expect(written).toMatchObject({ version: '9.8.7', ok: true })
    // Every secret it kept (the throwaway one, the demo connection's) is gone from the keychain.
    expect(keychain.written.size).toBe(2)
    for (const account of keychain.written) {
      expect(keychain.deleted.has(account), account).toBe(true)
      expect(await keychain.get(account)).toBeNull()
    }
  }, 60_000)

  it('stops at a keychain that does not answer, says why, and never loads the core', async () => {
    const dataDir = freshDir()
    const refusing: SecretStore = {
      get: async () => null,
      delete: async () => false,
      set: async () => {
        throw new AppError('keychain_unavailable', 'No OS keychain service answered.')
      },
    }
    const report = await selfCheckInstallation({ dataDir, version: '9.8.7', reportPath: null, secrets: refusing, print: () => {} })
    expect(report.ok).toBe(false)
    expect(report.steps.map((s) => [s.name, s.ok])).toEqual([
      ['sqlite', true],
      ['keychain', false],
    ])
    expect(report.steps[1]!.detail).toBe('No OS keychain service answered.')
    // Nothing started: no demo service, no app store in the folder.
    expect(existsSync(join(dataDir, DEMO_DB_FILE))).toBe(false)
  })

  it('when a step after sign-in fails, still removes the demo connection and its secret from the keychain', async () => {
    const dataDir = freshDir()
    const keychain = recordingKeychain()
    const log = createFileLogger({ dataDir })
    const demo = createDemoService(dataDir, log)
    // The catalogue cannot be stored on this installation: its files are capped, which SQLite
    // reports exactly as a full disk (as sync-storage-full.test does).
    SyncWorkers.testPragmas = ' PRAGMA max_page_count = 8;'
    try {
      const report = await runSelfCheck({
        secrets: keychain,
        openCore: async () => {
          const core = createCore({ dataDir, secrets: keychain, notifier: { show() {} }, log, demo: demo.launch })
          await core.start()
          return core
        },
      })
      expect(report.steps.map((s) => [s.name, s.ok])).toEqual([
        ['sqlite', true],
        ['keychain', true],
        ['demo', true],
        ['catalogue', false],
      ])
      expect(report.steps[3]!.detail).toMatch(/full/i)
      expect(keychain.written.size).toBe(2)
      for (const account of keychain.written) expect(await keychain.get(account), account).toBeNull()
    } finally {
      SyncWorkers.testPragmas = ''
      await demo.close()
    }
  }, 60_000)
})
