/**
 * The app's lifecycle (index.ts) end to end, with the real core, the real embedded demo service and
 * the real OS keychain — and a stand-in for the Electron runtime (tests/support/main/fake-electron), the
 * one part that cannot run here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/contract'
import { createKeychainStore } from '../core/credentials/secret-store'
import { APP_ENTRY_URL } from './security/app-origin'
import { secureWebPreferences } from './security/web-preferences'
import { electronEvent, fakeElectron } from '../../tests/support/main/fake-electron'

const TEST_KEYCHAIN = 'Wholesale Desk (tests)'

vi.mock('electron', async () => (await import('../../tests/support/main/fake-electron')).fakeElectron)
// Same real keychain, a service name of its own so a developer's real app entries are never touched.
vi.mock('../core/credentials/secret-store', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../core/credentials/secret-store')>()
  return { ...actual, createKeychainStore: () => actual.createKeychainStore('Wholesale Desk (tests)') }
})

const { app, BrowserWindow, Notification, Tray, protocol, ipcMain, session, shell } = fakeElectron
const userData = mkdtempSync(join(tmpdir(), 'wd-lifecycle-'))
const keychain = createKeychainStore(TEST_KEYCHAIN)
const argv = process.argv
const rendererUrlEnv = process.env.ELECTRON_RENDERER_URL
/** Keychain entries this test created (removed at the end: the core is stopped by then). */
const profileIds: string[] = []
type Win = InstanceType<typeof BrowserWindow>
const win = (): Win => BrowserWindow.all.at(-1)!
const invoke = (sender: { id: number; url: string | null }, channel: string, input?: unknown) =>
  ipcMain.handlers.get(IPC_INVOKE)!(electronEvent({ sender: { id: sender.id }, senderFrame: sender.url === null ? null : { parent: null, url: sender.url } }), channel, input) as Promise<{
    ok: boolean
    value?: unknown
    error?: { code: string }
  }>
const fromWindow = (channel: string, input?: unknown) => invoke({ id: win().webContents.id, url: APP_ENTRY_URL }, channel, input)
const eventsSent = (name: string) => win().webContents.sent.filter((s) => s[0] === IPC_EVENT && s[1] === name).map((s) => s[2])
const trayItem = (label: string) => Tray.last!.menu.find((i) => i.label?.trim() === label)
/** A channel called from the window: its value, or the test fails with the error. */
async function call<T>(channel: string, input?: unknown): Promise<T> {
  const reply = await fromWindow(channel, input)
  if (!reply.ok) throw new Error(`${channel}: ${JSON.stringify(reply.error)}`)
  return reply.value as T
}
/** A draft the service accepts as it is: a saved address, a shipping type for it, one line. */
async function sendableDraft(name: string): Promise<{ id: string }> {
  const ref = await call<{ shippingTypes: { id: number; countries?: unknown[] }[]; addresses: unknown[] }>('baskets.referenceData', {})
  const shippingType = ref.shippingTypes.find((t) => !t.countries?.length)!
  const draft = await call<{ id: string }>('baskets.create', { doc: { name, shipping_type: shippingType.id, shipping_address: ref.addresses[0] } })
  await call('baskets.addLine', { draftId: draft.id, sku: 'PHONE-DESK-IP', quantity: 2 })
  return draft
}

beforeAll(async () => {
  app.userData = userData
  process.argv = [argv[0]!, 'wholesale-desk']
  // As if the user had started the app with --disable-features=SomeUserChoice.
  app.commandLine.appendSwitch('disable-features', 'SomeUserChoice')
  // A packaged app never honours the dev server's address, whatever the environment says.
  process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173'
  await import('./index')
  app.becomeReady()
  await vi.waitFor(() => expect(ipcMain.handlers.has(IPC_INVOKE) && BrowserWindow.all.length === 1 && Tray.last).toBeTruthy(), { timeout: 15_000 })
  win().webContents.loading = false
})

afterAll(async () => {
  if (!app.calls.includes('quit:done')) app.quit()
  for (const id of profileIds) await keychain.delete(`profile:${id}`).catch(() => {})
  process.argv = argv
  if (rendererUrlEnv === undefined) delete process.env.ELECTRON_RENDERER_URL
  else process.env.ELECTRON_RENDERER_URL = rendererUrlEnv
  rmSync(userData, { recursive: true, force: true })
})

describe('start-up', () => {
  it('sandboxes every renderer, registers app:// as a privileged scheme and takes the single-instance lock — before ready', () => {
    const ready = app.calls.indexOf('ready')
    expect(app.calls[0]).toBe('enableSandbox')
    expect(app.calls.indexOf('requestSingleInstanceLock')).toBeGreaterThan(0)
    expect(app.calls.indexOf('requestSingleInstanceLock')).toBeLessThan(ready)
    expect(protocol.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }])
    expect(app.exitCode).toBeNull()
  })

  it("runs its renderers without Chromium's deferral of tasks after a key press (a search's answer paints with the key's echo), keeping the features the user disabled", () => {
    expect(app.commandLine.getSwitchValue('disable-features').split(',')).toEqual(['SomeUserChoice', 'DeferRendererTasksAfterInput'])
  })

  it('opens one secure window on app://wholesale-desk (not the dev server ELECTRON_RENDERER_URL names) with the bundled CommonJS preload', () => {
    expect(BrowserWindow.all).toHaveLength(1)
    expect(win().loadedUrl).toBe(APP_ENTRY_URL)
    const preload = String((win().options.webPreferences as { preload: string }).preload)
    expect(preload).toMatch(/preload[\\/]index\.cjs$/)
    expect(win().options.webPreferences).toEqual(secureWebPreferences(preload, { devTools: false }))
    expect(win().options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false })
  })

  it('guards the window it created: new windows denied, navigation away prevented (links go to the browser only where the external-link policy allows: with no connection, none), permissions denied', () => {
    expect(win().webContents.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
    expect(win().webContents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    const nav = electronEvent({ url: 'https://evil.example/' })
    win().webContents.emit('will-navigate', nav)
    expect(nav.defaultPrevented).toBe(true)
    // No connection, so no web interface host or tracking host is known: nothing may open.
    expect(shell.opened).toEqual([])
    const answers: boolean[] = []
    session.defaultSession.permissionRequest!(win().webContents, 'geolocation', (b: boolean) => answers.push(b), { requestingUrl: APP_ENTRY_URL })
    expect(answers).toEqual([false])
  })

  it('serves the renderer only through the app: handler (traversal refused, only GET/HEAD)', async () => {
    const handler = protocol.handlers.get('app')!
    expect((await handler(new Request('app://wholesale-desk/%2e%2e/%2e%2e/package.json'))).status).toBe(404)
    expect((await handler(new Request('app://wholesale-desk/index.html', { method: 'POST', body: 'x' }))).status).toBe(405)
  })

  it('writes its log under userData/logs', () => {
    expect(readFileSync(join(userData, 'logs', 'wholesale-desk.log'), 'utf8')).toContain('"message":"starting"')
  })
})

describe('IPC through the gate into the real core', () => {
  it('answers the window, refuses anyone else', async () => {
    expect(await fromWindow('system.info')).toEqual({ ok: true, value: { version: '1.2.3', platform: process.platform, harness: false } })
    expect(await invoke({ id: win().webContents.id, url: null }, 'system.info')).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    expect(await invoke({ id: 999, url: APP_ENTRY_URL }, 'system.info')).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    expect(await fromWindow('no.such', 1)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
  })

  it('starts demo mode against the embedded service, and the window and the tray hear about it', async () => {
    const reply = await fromWindow('connection.startDemo')
    expect(reply, JSON.stringify(reply.error)).toMatchObject({ ok: true, value: { profile: { demo: true }, online: true } })
    expect(eventsSent('connection.changed').at(-1)).toMatchObject({ profile: { demo: true }, online: true })
    await vi.waitFor(() => expect(Tray.last!.tooltip).toMatch(/^Wholesale Desk — Online \(demo data\)/))
    expect(Tray.last!.image).toEqual({ path: join(import.meta.dirname, '../../resources/tray/online.png') })
    // The demo secret went to the keychain and never into the log.
    const profile = (reply.value as { profile: { id: string } }).profile
    profileIds.push(profile.id)
    const secret = await keychain.get(`profile:${profile.id}`)
    expect(secret).toBeTruthy()
    expect(readFileSync(join(userData, 'logs', 'wholesale-desk.log'), 'utf8')).not.toContain(secret!)
  })
})

describe('notifications, second instances and the tray', () => {
  it('a second instance with --open-order=<id> brings the window forward and asks the renderer to open the order', () => {
    win().hide()
    app.emit('second-instance', electronEvent(), ['wholesale-desk', '--open-order=42'], '/')
    expect(win().isVisible()).toBe(true)
    expect(eventsSent('navigation.open').at(-1)).toEqual({ kind: 'order', orderId: 42 })
  })

  it('a second launch hands over its arguments (Chromium may mangle the argv): the order it names opens; a second start at login changes nothing', () => {
    win().hide()
    app.emit('second-instance', electronEvent(), ['wholesale-desk', '--hidden'], '/', { v: 1, argv: ['wholesale-desk', '--hidden'], demo: false })
    expect(win().isVisible()).toBe(false)
    app.emit('second-instance', electronEvent(), ['wholesale-desk'], '/', { v: 1, argv: ['wholesale-desk', '--open-order=43'], demo: false })
    expect(win().isVisible()).toBe(true)
    expect(eventsSent('navigation.open').at(-1)).toEqual({ kind: 'order', orderId: 43 })
  })

  it('closing the window keeps the app in the tray, with a one-time hint', () => {
    const shownBefore = Notification.shown.length
    win().bounds = { x: 300, y: 200, width: 1100, height: 700 }
    win().maximize()
    expect(win().requestClose()).toBe(false)
    expect(win().isVisible()).toBe(false)
    win().show()
    expect(win().requestClose()).toBe(false)
    const hints = Notification.shown.slice(shownBefore).map((n) => n.options.title)
    expect(hints).toEqual(['Wholesale Desk is still running'])
  })

  it('a basket the outbox holds for the rep\'s review while the window is closed to the tray is an OS notification; a click opens its draft', async () => {
    expect(win().isVisible()).toBe(false)
    const shownBefore = Notification.shown.length
    const draft = await sendableDraft('Held in the tray')
    await call('baskets.submit', { id: draft.id })
    // No catalogue synced here, so no estimate: the service's prices are the rep's to accept.
    const title = 'Prices changed in basket “Held in the tray”'
    await vi.waitFor(() => expect(Notification.shown.slice(shownBefore).map((n) => n.options.title)).toContain(title), { timeout: 15_000 })
    const held = Notification.shown.slice(shownBefore).find((n) => n.options.title === title)!
    expect(held.options.body).toBe('Check the service’s prices: accept them to send it, or edit the basket.')
    held.emit('click')
    expect(win().isVisible()).toBe(true)
    // Named with its profile (the demo's, started above): drafts are each profile's own.
    expect(eventsSent('navigation.open').at(-1)).toEqual({ kind: 'draft', draftId: draft.id, profileId: profileIds.at(-1) })
    // The rep takes it back to edit, and closes the window to the tray again.
    await call('baskets.editAgain', { id: draft.id })
    expect(win().requestClose()).toBe(false)
  })

  it('a basket the outbox sends while the window is closed to the tray is an OS notification; a click opens its order', async () => {
    expect(win().isVisible()).toBe(false)
    const shownBefore = Notification.shown.length
    const draft = await sendableDraft('Closed to the tray')
    await call('baskets.submit', { id: draft.id })
    // No catalogue synced here, so no estimate: the service's prices are accepted as the rep would.
    await vi.waitFor(async () => expect((await call<{ state: string }>('baskets.get', { id: draft.id })).state).toBe('needs_review'), { timeout: 15_000 })
    await call('baskets.acceptPrices', { id: draft.id })
    await vi.waitFor(() => expect(Notification.shown.slice(shownBefore).map((n) => n.options.title)).toContain('Basket “Closed to the tray” sent'), { timeout: 15_000 })
    const sent = Notification.shown.slice(shownBefore).find((n) => n.options.title === 'Basket “Closed to the tray” sent')!
    const { orderId } = await call<{ orderId: number }>('baskets.get', { id: draft.id })
    expect(sent.options.body).toBe(`Order ${orderId}`)
    sent.emit('click')
    expect(win().isVisible()).toBe(true)
    // Named with its profile, as its draft was: the order is that profile's service's.
    expect(eventsSent('navigation.open').at(-1)).toEqual({ kind: 'order', orderId, profileId: profileIds.at(-1) })
  })

  it('rebuilds the tray menu on every change, and "Pause alerts" toggles the order alerts', async () => {
    const before = Tray.last!.menu
    trayItem('Pause alerts')!.click!()
    await vi.waitFor(async () => expect(await fromWindow('orders.alertPrefs')).toMatchObject({ ok: true, value: { paused: true } }))
    expect(Tray.last!.menu).not.toBe(before)
    expect(trayItem('Pause alerts')!.checked).toBe(true)
  })

  it('"Quit" stops the core and the demo service, then quits', async () => {
    trayItem('Quit')!.click!()
    await vi.waitFor(() => expect(app.calls.filter((c) => c === 'quit').length).toBe(2), { timeout: 15_000 })
    expect(app.calls.at(-1)).toBe('quit:done')
    expect(Tray.last!.destroyed).toBe(true)
    expect(readFileSync(join(userData, 'logs', 'wholesale-desk.log'), 'utf8')).toContain('"message":"stopped"')
    // Where the user left the window is kept for the next start.
    const db = new DatabaseSync(join(userData, 'app.db'), { readOnly: true })
    const saved = db.prepare("SELECT value FROM settings WHERE key = 'shell.windowBounds'").get() as { value: string } | undefined
    db.close()
    expect(JSON.parse(saved!.value)).toEqual({ x: 300, y: 200, width: 1100, height: 700, maximized: true })
  })
})
