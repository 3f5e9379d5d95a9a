import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const scratch = mkdtempSync(join(tmpdir(), 'wd-start-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function npmStart(args: string[], env: Record<string, string | undefined> = {}) {
  const clean = { ...process.env }
  delete clean.ELECTRON_OVERRIDE_DIST_PATH
  delete clean.ELECTRON_EXEC_PATH
  return spawnSync(process.execPath, ['build/start.mjs', ...args], { cwd: root, env: { ...clean, ...env }, encoding: 'utf8', timeout: 60_000 })
}

// npm start's own lookup (build/start.mjs has no types: the module is loaded by its address).
const { findElectronBinary } = (await import(pathToFileURL(join(root, 'build', 'start.mjs')).href)) as {
  findElectronBinary(env: NodeJS.ProcessEnv): { path: string | null; reason: string | null }
}

/** Whether this machine has the real Electron binary (CI and this sandbox do not), by npm start's own lookup. */
const electronBinaryPresent = () => findElectronBinary({}).path !== null

describe('npm start without the Electron binary', () => {
  it('stops with a message saying why, how to fix it, and pointing to the harness', () => {
    const empty = mkdtempSync(join(scratch, 'no-electron-'))
    const run = npmStart(['--demo'], { ELECTRON_OVERRIDE_DIST_PATH: empty })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('the Electron binary is not available')
    expect(run.stderr).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD=1')
    expect(run.stderr).toContain('npx electron --version')
    expect(run.stderr).toContain('npm run harness')
  })

  it.skipIf(electronBinaryPresent())('says the same on this machine, where the binary was never downloaded — without trying to download it', () => {
    const run = npmStart([])
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('the Electron binary was never downloaded')
    expect(run.stdout).not.toContain('Downloading Electron')
  })
})

describe('npm start with an Electron binary', () => {
  // A stand-in for the Electron program (which cannot run here): it records how it was started and exits.
  it.skipIf(process.platform === 'win32')('builds main and preload, starts the renderer dev server and launches Electron with our arguments', () => {
    const dist = mkdtempSync(join(scratch, 'fake-electron-'))
    const record = join(dist, 'record.json')
    const fake = join(dist, 'electron')
    writeFileSync(
      fake,
      `#!${process.execPath}\nrequire('node:fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify({ args: process.argv.slice(2), rendererUrl: process.env.ELECTRON_RENDERER_URL ?? null }))\n`,
    )
    chmodSync(fake, 0o755)
    const run = npmStart(['--demo', '--open-order=12'], { ELECTRON_OVERRIDE_DIST_PATH: dist })
    expect(run.status, run.stderr).toBe(0)
    const seen = JSON.parse(readFileSync(record, 'utf8')) as { args: string[]; rendererUrl: string | null }
    expect(seen.args).toEqual(['.', '--demo', '--open-order=12'])
    expect(new URL(seen.rendererUrl!).hostname).toMatch(/^(localhost|127\.0\.0\.1|\[::1\])$/)
    expect(existsSync(join(root, 'out', 'main', 'index.js'))).toBe(true)
    expect(existsSync(join(root, 'out', 'preload', 'index.cjs'))).toBe(true)
  })
})
