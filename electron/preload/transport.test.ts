import { describe, expect, it } from 'vitest'
import { buildApi } from '../../shared/ipc/api-builder'
import { IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/contract'
import { ipcTransport, type IpcRendererLike } from './transport'

/** A stand-in for Electron's ipcRenderer (the Electron runtime does not exist here), recording what the preload does. */
function fakeIpcRenderer() {
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>()
  const invoked: unknown[][] = []
  const ipc: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      invoked.push([channel, ...args])
      return { ok: true, value: { version: '9.9.9', platform: 'linux', harness: false } }
    },
    on: (channel, l) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(l)),
    removeListener: (channel, l) => listeners.get(channel)?.delete(l),
  }
  const sentinelEvent = { sender: { send: () => {}, invoke: () => {} }, senderId: 0, ports: [] }
  const emit = (channel: string, ...args: unknown[]) => {
    for (const l of listeners.get(channel) ?? []) l(sentinelEvent, ...args)
  }
  return { ipc, invoked, emit, listeners, sentinelEvent }
}

describe('preload transport', () => {
  it('sends every call on the one invoke channel as (channel, input)', async () => {
    const fake = fakeIpcRenderer()
    const api = buildApi(ipcTransport(fake.ipc))
    expect(await api.system.info()).toEqual({ ok: true, value: { version: '9.9.9', platform: 'linux', harness: false } })
    await api.connection.remove({ id: 'p1' })
    expect(fake.invoked).toEqual([
      [IPC_INVOKE, 'system.info', undefined],
      [IPC_INVOKE, 'connection.remove', { id: 'p1' }],
    ])
  })

  it('hands the page the event name and payload only — never the IpcRendererEvent (and so never ipcRenderer)', () => {
    const fake = fakeIpcRenderer()
    const received: unknown[][] = []
    const unsubscribe = ipcTransport(fake.ipc).subscribe((...args) => received.push(args))
    fake.emit(IPC_EVENT, 'navigation.open', { kind: 'order', orderId: 5 })
    fake.emit(IPC_EVENT, 42, 'not an event name')
    expect(received).toEqual([['navigation.open', { kind: 'order', orderId: 5 }]])
    for (const args of received) for (const a of args) expect(a).not.toBe(fake.sentinelEvent)
    unsubscribe()
    fake.emit(IPC_EVENT, 'navigation.open', { kind: 'order', orderId: 6 })
    expect(received).toHaveLength(1)
    expect(fake.listeners.get(IPC_EVENT)?.size).toBe(0)
  })

  it('delivers contract events through api.on with their payload checked', () => {
    const fake = fakeIpcRenderer()
    const api = buildApi(ipcTransport(fake.ipc))
    const opened: unknown[] = []
    api.on('navigation.open', (target) => opened.push(target))
    fake.emit(IPC_EVENT, 'navigation.open', { kind: 'order', orderId: 12 })
    fake.emit(IPC_EVENT, 'navigation.open', { kind: 'order', orderId: -1 })
    expect(opened).toEqual([{ kind: 'order', orderId: 12 }])
  })
})
