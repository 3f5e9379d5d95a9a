/**
 * Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security,
 * "Checklist: Security recommendations", items 1–20), walked against this app's code and
 * configuration. Electron cannot run here, so each item is checked through the policy functions the
 * shell uses (with small stand-ins for Electron objects where a policy is wired to one, and the
 * stand-in for the Electron runtime where the shell's own module is run) and, where the proof is
 * "nothing in the shell does X" or "the build is configured so", by reading the shell's sources and
 * build config. How the running shell wires these policies (the window's webPreferences, sandboxing
 * before ready, the session and navigation guards, the app: scheme) is checked by lifecycle.test.ts
 * and electron-wiring.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { IPC_INVOKE } from '../../../shared/ipc/contract'
import { createIpcGate } from '../ipc-gate'
import { APP_ENTRY_URL, APP_ORIGIN, appOrigins, rendererEntryUrl } from './app-origin'
import { buildCsp, imageSource, parseCsp } from './csp'
import { isSafeExternalUrl } from './external-links'
import { guardContents, type ContentsHooks, type PreventableEvent } from './navigation'
import { applySessionPolicy } from './session-policy'
import { secureWebPreferences } from './web-preferences'
import { injectDevCsp, serveRenderer } from '../protocol'
import { fakeElectron } from '../../../tests/support/main/fake-electron'

vi.mock('electron', async () => (await import('../../../tests/support/main/fake-electron')).fakeElectron)

const root = join(import.meta.dirname, '..', '..', '..')
const require = createRequire(import.meta.url)
const read = (rel: string) => readFileSync(join(root, rel), 'utf8')
/** Source without comments, so a comment that mentions an API never counts as using it. */
const code = (rel: string) => read(rel).replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
const shellSources = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f))
const allShellCode = () => [...shellSources('electron/main'), ...shellSources('electron/preload')].map((f) => ({ file: f, text: code(f) }))
const occurrences = (pattern: RegExp) => allShellCode().flatMap(({ file, text }) => (text.match(pattern) ?? []).map(() => file))

const prefs = secureWebPreferences('/app/out/preload/index.cjs', { devTools: false })

/** A stand-in for a webContents (no Electron runtime here): records the handlers the guard installs. */
function fakeContents() {
  const handlers: { open?: (d: { url: string }) => { action: 'deny' }; navigate?: (e: PreventableEvent, url: string) => void; redirect?: (e: PreventableEvent, url: string) => void; attach?: (e: PreventableEvent) => void } = {}
  const hooks: ContentsHooks = {
    setWindowOpenHandler: (h) => void (handlers.open = h),
    onWillNavigate: (l) => void (handlers.navigate = l),
    onWillRedirect: (l) => void (handlers.redirect = l),
    onWillAttachWebview: (l) => void (handlers.attach = l),
  }
  const opened: string[] = []
  guardContents(hooks, { appOrigins: appOrigins(undefined), openExternal: (u) => void opened.push(u) })
  const event = () => {
    const e = { prevented: false, preventDefault: () => void (e.prevented = true) }
    return e
  }
  return { handlers, opened, event }
}

/** A stand-in for a session: records the permission handlers the policy installs. */
function fakeSession() {
  let request: ((p: string, url: string, grant: (b: boolean) => void) => void) | undefined
  let check: ((p: string, origin: string) => boolean) | undefined
  applySessionPolicy({ setPermissionRequestHandler: (h) => void (request = h), setPermissionCheckHandler: (h) => void (check = h) }, appOrigins(undefined))
  const ask = (permission: string, url: string) => {
    let answer: boolean | undefined
    request!(permission, url, (b) => void (answer = b))
    return answer
  }
  return { ask, check: (permission: string, origin: string) => check!(permission, origin) }
}

describe('Electron security checklist', () => {
  it('1. Only load secure content: the window loads app://wholesale-desk (or a dev server on this computer), images come from https or loopback origins, links open only over https', () => {
    expect(rendererEntryUrl(undefined)).toBe(APP_ENTRY_URL)
    expect(rendererEntryUrl('http://localhost:5173')).toBe('http://localhost:5173/')
    expect(() => rendererEntryUrl('http://renderer.example.com')).toThrow()
    expect(imageSource('http://images.example.com/a.png')).toBeNull()
    expect(isSafeExternalUrl('http://example.com')).toBe(false)
    expect(occurrences(/\.loadURL\(/g)).toEqual(['electron/main/window.ts'])
  })

  it('2. Node.js integration is off everywhere: nodeIntegration, nodeIntegrationInWorker and nodeIntegrationInSubFrames are false, and nothing turns them on', () => {
    expect(prefs).toMatchObject({ nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false })
    expect(occurrences(/nodeIntegration\w*\s*:\s*true/g)).toEqual([])
    expect(occurrences(/new BrowserWindow\(/g)).toEqual(['electron/main/window.ts'])
  })

  it('3. Context isolation is on for the one window (and nothing turns it off)', () => {
    expect(prefs.contextIsolation).toBe(true)
    expect(occurrences(/contextIsolation\s*:\s*false/g)).toEqual([])
  })

  it('4. Process sandboxing: sandbox: true in the window, a single CommonJS preload that needs only electron (app.enableSandbox() before ready: lifecycle.test)', () => {
    expect(prefs.sandbox).toBe(true)
    const vite = code('electron.vite.config.ts')
    const preload = vite.slice(vite.indexOf('preload:'), vite.indexOf('renderer:'))
    expect(preload).toMatch(/externalizeDeps: false/)
    expect(preload).toMatch(/format: 'cjs'/)
    expect(preload).toMatch(/external: \['electron'\]/)
  })

  it('5. Session permission requests and checks are denied by default; only clipboard writing is granted, and only to the app’s own pages', () => {
    const s = fakeSession()
    for (const p of ['geolocation', 'media', 'notifications', 'openExternal', 'midi', 'hid', 'serial', 'usb', 'clipboard-read', 'display-capture', 'fullscreen', 'unknown']) {
      expect(s.ask(p, APP_ENTRY_URL), p).toBe(false)
      expect(s.check(p, APP_ORIGIN), p).toBe(false)
    }
    expect(s.ask('clipboard-sanitized-write', APP_ENTRY_URL)).toBe(true)
    expect(s.ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false)
    expect(s.check('clipboard-sanitized-write', 'https://evil.example')).toBe(false)
    expect(occurrences(/session\.fromPartition|partition\s*:/g)).toEqual([])
  })

  it('6. webSecurity stays on (and nothing turns it off)', () => {
    expect(prefs.webSecurity).toBe(true)
    expect(occurrences(/webSecurity\s*:\s*false|disablewebsecurity/gi)).toEqual([])
  })

  it("7. A Content-Security-Policy arrives as a response header on every app:// response (webRequest in development): script-src 'self' only, no eval, default-src 'none'", async () => {
    const csp = parseCsp(buildCsp())
    expect(csp.get('script-src')).toEqual(["'self'"])
    expect(csp.get('default-src')).toEqual(["'none'"])
    expect(parseCsp(buildCsp({ devServerUrl: 'http://localhost:5173' })).get('script-src')).toEqual(["'self'"])
    expect(buildCsp({ devServerUrl: 'http://localhost:5173' })).not.toMatch(/unsafe-eval/)

    // The policy of the moment, on the responses of the shell's own app: handler …
    const rendererDir = mkdtempSync(join(tmpdir(), 'wd-csp-'))
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html>')
    let policy = buildCsp()
    serveRenderer(rendererDir, () => policy)
    const handler = fakeElectron.protocol.handlers.get('app')!
    expect((await handler(new Request(APP_ENTRY_URL))).headers.get('Content-Security-Policy')).toBe(policy)
    policy = buildCsp({ imageOrigins: ['https://images.example.com'] })
    expect((await handler(new Request(APP_ENTRY_URL, { method: 'HEAD' }))).headers.get('Content-Security-Policy')).toBe(policy)
    rmSync(rendererDir, { recursive: true, force: true })
    // … and on the dev server's pages, replacing whatever policy the dev server sent.
    injectDevCsp('http://localhost:5173', () => policy)
    let headers: Record<string, string[]> = {}
    fakeElectron.session.defaultSession.headersListener!({ responseHeaders: { 'content-security-policy': ["script-src 'unsafe-eval'"], 'X-Other': ['kept'] } }, (r: { responseHeaders: Record<string, string[]> }) => void (headers = r.responseHeaders))
    expect(headers).toEqual({ 'X-Other': ['kept'], 'Content-Security-Policy': [policy] })
  })

  it('8. allowRunningInsecureContent is false (and nothing turns it on)', () => {
    expect(prefs.allowRunningInsecureContent).toBe(false)
    expect(occurrences(/allowRunningInsecureContent\s*:\s*true/g)).toEqual([])
  })

  it('9. experimentalFeatures is false (and nothing turns it on)', () => {
    expect(prefs.experimentalFeatures).toBe(false)
    expect(occurrences(/experimentalFeatures\s*:\s*true/g)).toEqual([])
  })

  it('10. enableBlinkFeatures is never used', () => {
    expect(prefs).not.toHaveProperty('enableBlinkFeatures')
    expect(occurrences(/enableBlinkFeatures/g)).toEqual([])
    expect(occurrences(/appendSwitch\(\s*'enable-blink-features'/g)).toEqual([])
  })

  it('11. <webview> allowpopups cannot happen: the webview tag is disabled and any webview attach is prevented', () => {
    expect(prefs.webviewTag).toBe(false)
    const c = fakeContents()
    const e = c.event()
    c.handlers.attach!(e)
    expect(e.prevented).toBe(true)
    expect(occurrences(/allowpopups/gi)).toEqual([])
  })

  it('12. <webview> options are never trusted: will-attach-webview is prevented for every webContents the app creates', () => {
    const c = fakeContents()
    for (let i = 0; i < 3; i++) {
      const e = c.event()
      c.handlers.attach!(e)
      expect(e.prevented).toBe(true)
    }
  })

  it('13. Navigation is limited: will-navigate away from the app is prevented (https links go to the browser), redirects away are prevented', () => {
    const c = fakeContents()
    const cases: Array<[string, boolean, boolean]> = [
      ['https://evil.example/login', true, true],
      ['javascript:alert(1)', true, false],
      ['file:///etc/passwd', true, false],
      ['http://example.com/', true, false],
      ['app://other-host/index.html', true, false],
      [`${APP_ORIGIN}/orders/3`, false, false],
    ]
    for (const [url, prevented, opened] of cases) {
      const e = c.event()
      c.opened.length = 0
      c.handlers.navigate!(e, url)
      expect(e.prevented, url).toBe(prevented)
      expect(c.opened.length > 0, url).toBe(opened)
    }
    const r = c.event()
    c.handlers.redirect!(r, 'https://evil.example/')
    expect(r.prevented).toBe(true)
  })

  it('14. New windows are never created: setWindowOpenHandler denies every request; https links open in the system browser instead', () => {
    const c = fakeContents()
    for (const url of ['https://docs.example.com/', 'javascript:alert(1)', 'file:///C:/x.exe', APP_ENTRY_URL, 'about:blank']) {
      expect(c.handlers.open!({ url })).toEqual({ action: 'deny' })
    }
    expect(c.opened).toEqual(['https://docs.example.com/'])
  })

  it('15. shell.openExternal is called in one place, behind an allow-list: https only, no credentials, never javascript:, file: or http:', () => {
    expect(occurrences(/shell\.openExternal\(/g)).toEqual(['electron/main/index.ts'])
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'http://example.com', 'https://a:b@example.com', 'smb://host/share']) expect(isSafeExternalUrl(bad), bad).toBe(false)
    expect(isSafeExternalUrl('https://example.com/help')).toBe(true)
  })

  it('16. A current Electron: the installed Electron is the exact version package.json pins, a supported major (45 or later)', () => {
    const installed = (require('electron/package.json') as { version: string }).version
    const pinned = (JSON.parse(read('package.json')) as { devDependencies: Record<string, string> }).devDependencies.electron
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/)
    expect(installed).toBe(pinned)
    expect(Number(installed.split('.')[0])).toBeGreaterThanOrEqual(45)
  })

  it('17. The sender of every IPC message is validated: one ipcMain.handle, through the gate, which refuses null frames, foreign origins and other webContents', async () => {
    expect(occurrences(/ipcMain\.(handle|on|once|handleOnce)\(/g)).toEqual(['electron/main/ipc.ts'])
    const gate = createIpcGate({ dispatch: async () => ({ ok: true, value: null }), trustedOrigins: [APP_ORIGIN], trustedWebContentsIds: new Set([3]) })
    expect(await gate({ id: 3, frameUrl: APP_ENTRY_URL }, 'system.info', undefined)).toMatchObject({ ok: true })
    expect(await gate({ id: 3, frameUrl: null }, 'system.info', undefined)).toMatchObject({ error: { code: 'forbidden_sender' } })
    expect(await gate({ id: 3, frameUrl: 'https://evil.example/' }, 'system.info', undefined)).toMatchObject({ error: { code: 'forbidden_sender' } })
    expect(await gate({ id: 4, frameUrl: APP_ENTRY_URL }, 'system.info', undefined)).toMatchObject({ error: { code: 'forbidden_sender' } })
  })

  it('18. No file://: nothing in the shell loads or names a file: URL (the app: scheme it uses instead: lifecycle.test), and the file: extra-privileges fuse is off', () => {
    expect(occurrences(/file:\/\/|loadFile\(|pathToFileURL/g)).toEqual([])
    const { FUSE_POLICY } = require(join(root, 'build/fuses.cjs')) as { FUSE_POLICY: Record<string, boolean> }
    expect(FUSE_POLICY.GrantFileProtocolExtraPrivileges).toBe(false)
  })

  describe('19. Fuses are flipped for production after packing', () => {
    const fuses = require(join(root, 'build/fuses.cjs')) as {
      FUSE_POLICY: Record<string, boolean>
      fuseConfig(strict: boolean): Record<string, unknown>
      applyFusePolicy(path: string): Promise<Record<string, number>>
    }
    const { FuseV1Options } = require('@electron/fuses') as { FuseV1Options: Record<string, number | string> }
    const dir = mkdtempSync(join(tmpdir(), 'wd-fuses-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    /** A stand-in Electron binary (the real one is not here): bytes around a fuse wire with Electron's defaults. */
    const standInBinary = (name: string, states: string) => {
      const file = join(dir, name)
      writeFileSync(file, Buffer.concat([Buffer.from('\x7fELF…electron…'), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, states.length]), Buffer.from(states), Buffer.from('…rest')]))
      return file
    }

    it('RunAsNode, NODE_OPTIONS and --inspect off; asar integrity, asar-only and cookie encryption on; file: privileges off — every fuse decided explicitly, strict', () => {
      expect(fuses.FUSE_POLICY).toMatchObject({
        RunAsNode: false,
        EnableNodeOptionsEnvironmentVariable: false,
        EnableNodeCliInspectArguments: false,
        EnableEmbeddedAsarIntegrityValidation: true,
        OnlyLoadAppFromAsar: true,
        EnableCookieEncryption: true,
        GrantFileProtocolExtraPrivileges: false,
      })
      const names = Object.keys(FuseV1Options).filter((k) => Number.isNaN(Number(k)))
      expect(Object.keys(fuses.FUSE_POLICY).sort()).toEqual(names.sort())
      const config = fuses.fuseConfig(true)
      expect(config.strictlyRequireAllFuses).toBe(true)
      for (const name of names) expect(config[FuseV1Options[name] as number], name).toBe(fuses.FUSE_POLICY[name])
    })

    it('flips a packed binary to the policy and reads it back (Electron 45 wire: nine fuses, the ninth decided by index)', async () => {
      const file = standInBinary('electron45', '101100011')
      const after = await fuses.applyFusePolicy(file)
      expect(String.fromCharCode(...Array.from({ length: 9 }, (_, i) => after[i]!))).toBe('010011001')
    })

    it('fails the build when Electron has a fuse nobody decided on', async () => {
      await expect(fuses.applyFusePolicy(standInBinary('electron-next', '1011000111'))).rejects.toThrow(/fuse #9 is known neither/)
    })

    it('runs in the afterPack hook of the packaging config, before signing: the packed binary comes out flipped', async () => {
      const config = require(join(root, 'build/electron-builder.config.cjs')) as { afterPack: string; asar: boolean }
      expect(config.afterPack).toBe('./build/after-pack.cjs')
      expect(config.asar).toBe(true)
      const afterPack = require(join(root, config.afterPack)) as (context: unknown) => Promise<void>
      const file = standInBinary('wholesale-desk', '101100011')
      const quiet = vi.spyOn(console, 'log').mockImplementation(() => {})
      await afterPack({ appOutDir: dir, electronPlatformName: 'linux', packager: { executableName: 'wholesale-desk' } })
      quiet.mockRestore()
      expect(readFileSync(file, 'utf8')).toContain('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX\x01\x09010011001')
    })
  })

  it('20. No Electron API reaches the page: the preload exposes exactly one object, window.api, made of contract functions that call the one invoke channel', async () => {
    await import('../../preload/index')
    const { exposed } = fakeElectron.contextBridge
    expect(exposed.map(([key]) => key)).toEqual(['api'])
    const api = exposed[0]![1] as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>
    await api.system!.info!()
    expect(fakeElectron.ipcRenderer.invoked).toEqual([[IPC_INVOKE, 'system.info', undefined]])
    for (const [key, group] of Object.entries(api)) {
      if (key === 'on') continue
      for (const fn of Object.values(group as Record<string, unknown>)) expect(typeof fn).toBe('function')
    }
    const reachable = JSON.stringify(api, (_k, v) => (typeof v === 'function' ? 'fn' : v))
    expect(reachable).not.toMatch(/invoke|removeListener|sender|ipcRenderer/)
  })
})
