/**
 * The thin Electron wiring (ipc.ts, hardening.ts) against the stand-in for the Electron runtime
 * (tests/support/main/fake-electron), which cannot run here: it records handlers and replays events
 * shaped like Electron's.
 */
import { describe, expect, it, vi } from 'vitest'
import { IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/contract'
import type { Core } from '../core'
import { APP_ENTRY_URL, APP_ORIGIN } from './security/app-origin'
import { electronEvent, fakeElectron } from '../../tests/support/main/fake-electron'

vi.mock('electron', async () => (await import('../../tests/support/main/fake-electron')).fakeElectron)

const { handleInvokes, forwardCoreEvents } = await import('./ipc')
const { guardSession, guardWebContents } = await import('./hardening')
const { BrowserWindow, ipcMain, session } = fakeElectron

const silent = { info: () => {}, warn: () => {}, error: () => {} }

/** A core that serves every call with 'served' and lets the test emit its events. */
function fakeCore() {
  const calls: unknown[][] = []
  let listener: ((e: string, p: unknown) => void) | null = null
  const core = {
    dispatch: async (channel: unknown, input: unknown) => (calls.push([channel, input]), { ok: true as const, value: 'served' }),
    onEvent: (l: (e: string, p: unknown) => void) => ((listener = l), () => (listener = null)),
  } as unknown as Core
  return { core, calls, emit: (e: string, p: unknown) => listener?.(e, p) }
}

describe('ipc.ts on Electron-shaped events', () => {
  const { core, calls } = fakeCore()
  const appWindow = new BrowserWindow({})
  const otherWindow = new BrowserWindow({})
  const stop = handleInvokes(core, { trustedOrigins: [APP_ORIGIN], trustedWebContentsIds: new Set([appWindow.webContents.id]), log: silent })
  const invoke = (event: unknown, channel: unknown = 'system.info', input: unknown = undefined) => ipcMain.handlers.get(IPC_INVOKE)!(event, channel, input)
  const sender = appWindow.webContents

  it('serves the main frame of the app window', async () => {
    expect(await invoke(electronEvent({ sender, senderFrame: { parent: null, url: APP_ENTRY_URL } }))).toEqual({ ok: true, value: 'served' })
    expect(calls).toEqual([['system.info', undefined]])
  })

  it('refuses a null senderFrame, a subframe, a disposed frame and another webContents', async () => {
    const refused = [
      electronEvent({ sender, senderFrame: null }),
      electronEvent({ sender, senderFrame: { parent: { url: APP_ENTRY_URL }, url: APP_ENTRY_URL } }),
      {
        sender,
        get senderFrame() {
          throw new Error('Render frame was disposed before WebFrameMain could be accessed')
        },
      },
      electronEvent({ sender: otherWindow.webContents, senderFrame: { parent: null, url: APP_ENTRY_URL } }),
    ]
    for (const event of refused) expect(await invoke(event)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    expect(calls).toHaveLength(1)
  })

  it('removes its handler on request', () => {
    stop()
    expect(ipcMain.handlers.has(IPC_INVOKE)).toBe(false)
  })

  it('forwards core events to the window as (IPC_EVENT, name, payload), and drops them while there is none or it is destroyed', () => {
    const { core: c, emit } = fakeCore()
    const contents = new BrowserWindow({}).webContents
    let target: typeof contents | null = contents
    forwardCoreEvents(c, () => target as never)
    emit('system.online', { online: true, checkedAt: 'now' })
    target = null
    emit('system.online', { online: false, checkedAt: 'later' })
    target = contents
    contents.destroyed = true
    emit('system.online', { online: false, checkedAt: 'after close' })
    expect(contents.sent).toEqual([[IPC_EVENT, 'system.online', { online: true, checkedAt: 'now' }]])
  })
})

describe('hardening.ts on Electron-shaped objects', () => {
  /** Fires a navigation event as Electron 45 does (the URL on the event); true when it was cancelled. */
  function fire(contents: InstanceType<typeof BrowserWindow>['webContents'], name: string, url?: string) {
    const event = electronEvent({ url })
    contents.emit(name, event)
    return event.defaultPrevented
  }

  it('reads the URL from Electron 45 navigation events and applies the policy', () => {
    const contents = new BrowserWindow({}).webContents
    const opened: string[] = []
    guardWebContents(contents as never, [APP_ORIGIN], (u) => void opened.push(u))
    expect(fire(contents, 'will-navigate', 'https://example.com/x')).toBe(true)
    expect(fire(contents, 'will-navigate', `${APP_ORIGIN}/orders`)).toBe(false)
    expect(fire(contents, 'will-redirect', 'https://evil.example/')).toBe(true)
    expect(fire(contents, 'will-attach-webview')).toBe(true)
    expect(contents.windowOpenHandler!({ url: 'https://example.com/y' })).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://example.com/x', 'https://example.com/y'])
  })

  it('answers permission requests from the details Electron passes', () => {
    const s = session.defaultSession
    guardSession(s as never, [APP_ORIGIN])
    const answers: boolean[] = []
    const contents = { getURL: () => APP_ENTRY_URL }
    s.permissionRequest!(contents, 'clipboard-sanitized-write', (b: boolean) => answers.push(b), { requestingUrl: APP_ENTRY_URL })
    s.permissionRequest!(contents, 'media', (b: boolean) => answers.push(b), { requestingUrl: APP_ENTRY_URL })
    s.permissionRequest!(contents, 'clipboard-sanitized-write', (b: boolean) => answers.push(b), { requestingUrl: 'https://evil.example/' })
    expect(answers).toEqual([true, false, false])
    expect(s.permissionCheck!(null, 'geolocation', APP_ORIGIN)).toBe(false)
  })
})
