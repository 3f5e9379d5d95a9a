import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, matchesGlob } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const require = createRequire(import.meta.url)
const identity = JSON.parse(readFileSync(join(root, 'build/app-identity.json'), 'utf8')) as { appId: string; productName: string; toastActivatorClsid: string }
const config = require(join(root, 'build/electron-builder.config.cjs')) as Record<string, unknown> & {
  files: string[]
  asarUnpack: string[]
  appx: { customExtensionsPath: string; identityName: string }
  win: { target: string[] }
  linux: { target: string[] }
}

type Config = Record<string, unknown> & {
  publish: Record<string, unknown>
  win: Record<string, unknown>
  mac: Record<string, unknown>
  nsis: Record<string, unknown>
}
const SIGNING_VARS = ['CSC_LINK', 'CSC_KEY_PASSWORD', 'CSC_NAME', 'WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID', 'GITHUB_REPOSITORY', 'WD_UPDATE_URL', 'WD_NSIS_PER_MACHINE']

/** The configuration as electron-builder would load it on a machine with these variables (and no other signing ones). */
function configWith(env: Record<string, string>): Config {
  const path = join(root, 'build/electron-builder.config.cjs')
  const saved = { ...process.env }
  for (const k of SIGNING_VARS) delete process.env[k]
  Object.assign(process.env, env)
  try {
    delete require.cache[require.resolve(path)]
    delete require.cache[require.resolve(join(root, 'build/release-env.cjs'))]
    return require(path) as Config
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k]
    Object.assign(process.env, saved)
  }
}

async function validate(c: unknown): Promise<void> {
  const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as { validateConfiguration(c: unknown, log: unknown): Promise<void> }
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
  await validateConfiguration(c, new DebugLogger(false))
}

describe('packaging configuration (npm run package)', () => {
  it('builds unsigned where no signing identity is set, publishing updates to GitHub releases', async () => {
    const c = configWith({})
    await expect(validate(c)).resolves.toBeUndefined()
    expect(c.publish).toEqual({ provider: 'github', owner: 'wholesale-desk', repo: 'wholesale-desk', releaseType: 'release' })
    expect(c.win.signtoolOptions).toBeUndefined()
    // identity null: no search of the keychain, no failure for want of a certificate.
    expect(c.mac).toMatchObject({ identity: null, notarize: false, hardenedRuntime: true })
    // The assisted installer offers "for me" or "for everyone" (silently: /S /allusers).
    expect(c.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: true })
  })

  it('signs and notarises with the identities CI passes from repository secrets', async () => {
    const c = configWith({
      GITHUB_REPOSITORY: 'acme/desk',
      WIN_CSC_LINK: 'C:\\certs\\acme.pfx',
      WIN_CSC_KEY_PASSWORD: 'pfx-pass',
      CSC_LINK: 'base64-p12',
      CSC_KEY_PASSWORD: 'p12-pass',
      APPLE_ID: 'release@acme.example',
      APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh-ijkl-mnop',
      APPLE_TEAM_ID: 'ACME123456',
    })
    await expect(validate(c)).resolves.toBeUndefined()
    expect(c.win.signtoolOptions).toEqual({ certificateFile: 'C:\\certs\\acme.pfx', certificatePassword: 'pfx-pass' })
    expect(c.mac).toMatchObject({ notarize: true })
    expect(c.mac).not.toHaveProperty('identity')
    expect(c.publish).toMatchObject({ provider: 'github', owner: 'acme', repo: 'desk' })
    // Notarisation needs all three Apple variables; two are not enough.
    expect(configWith({ APPLE_ID: 'a@b.example', APPLE_TEAM_ID: 'X' }).mac).toMatchObject({ notarize: false })
  })

  it('publishes to a company\'s own update server and builds a per-machine installer when asked', async () => {
    const c = configWith({ WD_UPDATE_URL: 'https://updates.acme.example/desk', WD_NSIS_PER_MACHINE: '1' })
    await expect(validate(c)).resolves.toBeUndefined()
    expect(c.publish).toEqual({ provider: 'generic', url: 'https://updates.acme.example/desk' })
    expect(c.nsis).toMatchObject({ perMachine: true, allowElevation: true })
  })

  it('is a configuration electron-builder 26 accepts', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as { validateConfiguration(c: unknown, log: unknown): Promise<void> }
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined()
    await expect(validateConfiguration({ ...config, nsis: { notAnOption: true } }, new DebugLogger(false))).rejects.toThrow(/configuration/)
  })

  it('names the app com.wholesaledesk.app / Wholesale Desk and ships the built app, its icons, and keytar outside the archive', () => {
    expect(config).toMatchObject({ appId: 'com.wholesaledesk.app', productName: 'Wholesale Desk', asar: true })
    // The last pattern that matches a file decides, as in electron-builder; the tests' leftovers in out/ stay out.
    const shipped = (file: string) => config.files.reduce((kept, p) => (p.startsWith('!') ? (matchesGlob(file, p.slice(1)) ? false : kept) : matchesGlob(file, p) || kept), false)
    for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'resources/icon.png', 'package.json']) expect(shipped(file), file).toBe(true)
    for (const file of ['out/harness/index.html', 'out/harness/assets/index.js', 'out/test-results/unit.json']) expect(shipped(file), file).toBe(false)
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['node_modules/keytar/**', 'resources/**']))
    expect(config.win.target).toEqual(['nsis', 'appx'])
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
  })

  it('registers the same fixed toast activator CLSID in the AppX manifest that the app sets at start', () => {
    const xml = readFileSync(join(root, config.appx.customExtensionsPath), 'utf8')
    const clsid = identity.toastActivatorClsid.replace(/[{}]/g, '')
    expect(clsid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/)
    expect(xml).toContain(`ToastActivatorCLSID="${clsid}"`)
    expect(xml).toContain(`<com:Class Id="${clsid}"`)
    expect(xml.match(/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/g)?.every((id) => id === clsid)).toBe(true)
    expect(readFileSync(join(root, 'electron/main/index.ts'), 'utf8')).toMatch(/app\.setToastActivatorCLSID\(TOAST_ACTIVATOR_CLSID\)\n\s*app\.setAppUserModelId\(APP_USER_MODEL_ID\)/)
  })
})
