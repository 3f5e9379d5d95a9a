import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

describe('npm run test:electron without the Electron binary', () => {
  it('says so in one line and succeeds without building or running anything', () => {
    const empty = mkdtempSync(join(tmpdir(), 'wd-no-electron-'))
    const run = spawnSync(process.execPath, ['build/test-electron.mjs'], { cwd: root, env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty }, encoding: 'utf8', timeout: 60_000 })
    expect(run.status).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^test:electron: skipped, no Electron binary here \(ELECTRON_OVERRIDE_DIST_PATH points at .*\)\.$/)])
  })
})
