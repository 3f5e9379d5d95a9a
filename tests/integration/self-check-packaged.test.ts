import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packagedExecutable } from '../../build/self-check-packaged.mjs'

const root = join(import.meta.dirname, '..', '..')
const names = { productName: 'Wholesale Desk', executableName: 'wholesale-desk' }

/** A release folder holding these files (each made executable). */
function release(files: string[], body = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'wd-release-'))
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true })
    writeFileSync(join(dir, file), body)
    chmodSync(join(dir, file), 0o755)
  }
  return dir
}

describe('the packaged app self-check runner (npm run self-check:packaged)', () => {
  it('finds the packaged executable electron-builder leaves for each system', () => {
    const dir = release([
      'linux-unpacked/wholesale-desk',
      'win-unpacked/Wholesale Desk.exe',
      'mac-arm64/Wholesale Desk.app/Contents/MacOS/Wholesale Desk',
      'wholesale-desk-0.1.0.AppImage',
    ])
    expect(packagedExecutable(dir, 'linux', names).path).toBe(join(dir, 'linux-unpacked/wholesale-desk'))
    expect(packagedExecutable(dir, 'win32', names).path).toBe(join(dir, 'win-unpacked/Wholesale Desk.exe'))
    expect(packagedExecutable(dir, 'darwin', names).path).toBe(join(dir, 'mac-arm64/Wholesale Desk.app/Contents/MacOS/Wholesale Desk'))
    const none = packagedExecutable(release(['wholesale-desk-0.1.0.AppImage']), 'linux', names)
    expect(none).toEqual({ path: null, lookedIn: [] })
  })

  it('says there is nothing to check when nothing was packaged (exit 2)', () => {
    const run = spawnSync(process.execPath, ['build/self-check-packaged.mjs', release([])], { cwd: root, encoding: 'utf8' })
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/^self-check: no packaged app in .*Run npm run package first\.\n$/)
  })

  // A stand-in for the packaged app (the real one needs an Electron binary): a script that answers --self-check as the app does.
  describe.skipIf(process.platform === 'win32')('with a packaged app', () => {
    const app = (exit: number, ok: boolean) =>
      release(
        ['linux-unpacked/wholesale-desk', 'mac/Wholesale Desk.app/Contents/MacOS/Wholesale Desk'],
        `#!/bin/sh\nfor a in "$@"; do case "$a" in --self-check=*) printf '{"ok": ${ok}, "steps": []}\\n' > "\${a#--self-check=}";; esac; done\nexit ${exit}\n`,
      )

    it("runs it with --self-check, prints the report it wrote and exits with the app's own code", () => {
      for (const [exit, ok] of [
        [0, true],
        [1, false],
      ] as const) {
        const run = spawnSync(process.execPath, ['build/self-check-packaged.mjs', app(exit, ok)], { cwd: root, encoding: 'utf8' })
        expect(run.status).toBe(exit)
        expect(run.stdout).toContain(`{"ok": ${ok}, "steps": []}`)
        expect(run.stdout).toMatch(new RegExp(`self-check: exit ${exit}\\n$`))
      }
    })
  })
})
