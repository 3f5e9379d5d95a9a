import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
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

describe('packaging configuration (npm run package)', () => {
  it('is a configuration electron-builder 26 accepts', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as { validateConfiguration(c: unknown, log: unknown): Promise<void> }
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined()
    await expect(validateConfiguration({ ...config, nsis: { notAnOption: true } }, new DebugLogger(false))).rejects.toThrow(/configuration/)
  })

  it('names the app com.wholesaledesk.app / Wholesale Desk and ships the built app, its icons, and keytar outside the archive', () => {
    expect(config).toMatchObject({ appId: 'com.wholesaledesk.app', productName: 'Wholesale Desk', asar: true })
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'resources/**']))
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
