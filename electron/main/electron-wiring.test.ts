/**
 * The thin Electron wiring (ipc.ts, hardening.ts) against a small stand-in for the Electron runtime,
 * which cannot run here. The stand-in records handlers and replays events shaped like Electron's.
 */
import { describe, expect, it, vi } from 'vitest'
import { IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/contract'
import type { Core } from '../core'
import { APP_ENTRY_URL, APP_ORIGIN } from './security/app-origin'

const fakeElectron = vi.hoisted(() => {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  return {
    handlers,
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) => void handlers.set(channel, fn),
      removeHandler: (channel: string) => void handlers.delete(channel),
    },
  }
})
vi.mock('electron', () => ({ ipcMain: fakeElectron.ipcMain }))

const { handleInvokes, forwardCoreEvents } = await import('./ipc')
const { guardSession, guardWebContents } = await import('./hardening')

const silent = { info: () => {}, warn: () => {}, error: () => {} }

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
  const stop = handleInvokes(core, { trustedOrigins: [APP_ORIGIN], trustedWebContentsIds: new Set([5]), log: silent })
  const invoke = (event: unknown, channel: unknown = 'system.info', input: unknown = undefined) => fakeElectron.handlers.get(IPC_INVOKE)!(event, channel, input)

  it('serves the main frame of the app window', async () => {
    expect(await invoke({ sender: { id: 5 }, senderFrame: { parent: null, url: APP_ENTRY_URL } })).toEqual({ ok: true, value: 'served' })
    expect(calls).toEqual([['system.info', undefined]])
  })

  it('refuses a null senderFrame, a subframe, a disposed frame and another webContents', async () => {
    const refused = [
      { sender: { id: 5 }, senderFrame: null },
      { sender: { id: 5 }, senderFrame: { parent: { url: APP_ENTRY_URL }, url: APP_ENTRY_URL } },
      {
        sender: { id: 5 },
        get senderFrame() {
          throw new Error('Render frame was disposed before WebFrameMain could be accessed')
        },
      },
      { sender: { id: 6 }, senderFrame: { parent: null, url: APP_ENTRY_URL } },
    ]
    for (const event of refused) expect(await invoke(event)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    expect(calls).toHaveLength(1)
  })

  it('removes its handler on request', () => {
    stop()
    expect(fakeElectron.handlers.has(IPC_INVOKE)).toBe(false)
  })

  it('forwards core events to the window as (IPC_EVENT, name, payload), and drops them while there is none', () => {
    const { core: c, emit } = fakeCore()
    const sent: unknown[][] = []
    let target: { isDestroyed(): boolean; send(...args: unknown[]): void } | null = { isDestroyed: () => false, send: (...args) => void sent.push(args) }
    forwardCoreEvents(c, () => target as never)
    emit('system.online', { online: true, checkedAt: 'now' })
    target = null
    emit('system.online', { online: false, checkedAt: 'later' })
    expect(sent).toEqual([[IPC_EVENT, 'system.online', { online: true, checkedAt: 'now' }]])
  })
})

describe('hardening.ts on Electron-shaped objects', () => {
  function fakeWebContents() {
    const listeners = new Map<string, (event: unknown) => void>()
    let openHandler: ((d: { url: string }) => unknown) | null = null
    return {
      on: (name: string, l: (event: unknown) => void) => void listeners.set(name, l),
      setWindowOpenHandler: (h: (d: { url: string }) => unknown) => void (openHandler = h),
      fire(name: string, url?: string) {
        const event = { url, defaultPrevented: false, preventDefault() { this.defaultPrevented = true } }
        listeners.get(name)!(event)
        return event.defaultPrevented
      },
      open: (url: string) => openHandler!({ url }),
    }
  }

  it('reads the URL from Electron 45 navigation events and applies the policy', () => {
    const wc = fakeWebContents()
    const opened: string[] = []
    guardWebContents(wc as never, [APP_ORIGIN], (u) => void opened.push(u))
    expect(wc.fire('will-navigate', 'https://example.com/x')).toBe(true)
    expect(wc.fire('will-navigate', `${APP_ORIGIN}/orders`)).toBe(false)
    expect(wc.fire('will-redirect', 'https://evil.example/')).toBe(true)
    expect(wc.fire('will-attach-webview')).toBe(true)
    expect(wc.open('https://example.com/y')).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://example.com/x', 'https://example.com/y'])
  })

  it('answers permission requests from the details Electron passes', () => {
    let request: ((wc: unknown, p: string, grant: (b: boolean) => void, details: unknown) => void) | null = null
    let check: ((wc: unknown, p: string, origin: string) => boolean) | null = null
    guardSession({ setPermissionRequestHandler: (h: never) => void (request = h), setPermissionCheckHandler: (h: never) => void (check = h) } as never, [APP_ORIGIN])
    const answers: boolean[] = []
    const contents = { getURL: () => APP_ENTRY_URL }
    request!(contents, 'clipboard-sanitized-write', (b) => answers.push(b), { requestingUrl: APP_ENTRY_URL })
    request!(contents, 'media', (b) => answers.push(b), { requestingUrl: APP_ENTRY_URL })
    request!(contents, 'clipboard-sanitized-write', (b) => answers.push(b), { requestingUrl: 'https://evil.example/' })
    expect(answers).toEqual([true, false, false])
    expect(check!(null, 'geolocation', APP_ORIGIN)).toBe(false)
  })
})
