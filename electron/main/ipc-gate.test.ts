import { describe, expect, it } from 'vitest'
import type { IpcResult } from '../../shared/ipc/contract-kit'
import { createIpcGate } from './ipc-gate'
import { APP_ENTRY_URL, APP_ORIGIN } from './security/app-origin'

const WINDOW_ID = 7

function gateWith(dispatch: (channel: unknown, input: unknown) => Promise<IpcResult<unknown>>) {
  const calls: unknown[][] = []
  const warnings: string[] = []
  const gate = createIpcGate({
    dispatch: async (channel, input) => {
      calls.push([channel, input])
      return dispatch(channel, input)
    },
    trustedOrigins: [APP_ORIGIN, 'http://localhost:5173'],
    trustedWebContentsIds: new Set([WINDOW_ID]),
    log: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
  })
  return { gate, calls, warnings }
}
const ok = async () => ({ ok: true as const, value: { version: '1' } })

describe('IPC gate: who may call', () => {
  it('passes calls from the app window showing the app origin to the dispatcher', async () => {
    const { gate, calls } = gateWith(ok)
    expect(await gate({ id: WINDOW_ID, frameUrl: APP_ENTRY_URL }, 'system.info', undefined)).toEqual({ ok: true, value: { version: '1' } })
    expect(await gate({ id: WINDOW_ID, frameUrl: 'http://localhost:5173/orders/3' }, 'system.info', undefined)).toMatchObject({ ok: true })
    expect(calls).toHaveLength(2)
  })

  it('refuses a call whose senderFrame is null (frame gone, or a subframe), without dispatching it', async () => {
    const { gate, calls, warnings } = gateWith(ok)
    expect(await gate({ id: WINDOW_ID, frameUrl: null }, 'connection.list', undefined)).toEqual({
      ok: false,
      error: { code: 'forbidden_sender', message: expect.any(String) },
    })
    expect(calls).toHaveLength(0)
    expect(warnings).toHaveLength(1)
  })

  it.each([
    ['a web page', 'https://evil.example/phish'],
    ['a look-alike host', 'https://wholesale-desk.evil.example/'],
    ['another app: host', 'app://other/index.html'],
    ['file:', 'file:///home/user/index.html'],
    ['the dev server port of someone else', 'http://localhost:5174/'],
    ['about:blank', 'about:blank'],
    ['a data: page', 'data:text/html,<script></script>'],
    ['garbage', 'not a url'],
  ])('refuses %s in the app window', async (_why, frameUrl) => {
    const { gate, calls } = gateWith(ok)
    expect(await gate({ id: WINDOW_ID, frameUrl }, 'connection.list', undefined)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    expect(calls).toHaveLength(0)
  })

  it('refuses another webContents even when it shows the app origin', async () => {
    const { gate, calls } = gateWith(ok)
    expect(await gate({ id: WINDOW_ID + 1, frameUrl: APP_ENTRY_URL }, 'connection.list', undefined)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    expect(calls).toHaveLength(0)
  })

  it('follows the live set of window ids: a closed window is refused, a new one is served', async () => {
    const ids = new Set([1])
    const gate = createIpcGate({ dispatch: ok, trustedOrigins: [APP_ORIGIN], trustedWebContentsIds: ids })
    ids.delete(1)
    ids.add(2)
    expect(await gate({ id: 1, frameUrl: APP_ENTRY_URL }, 'system.info', undefined)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    expect(await gate({ id: 2, frameUrl: APP_ENTRY_URL }, 'system.info', undefined)).toMatchObject({ ok: true })
  })

  it('refuses garbage senders', async () => {
    const { gate } = gateWith(ok)
    for (const sender of [null, undefined, {}, { id: '7', frameUrl: APP_ENTRY_URL }, { id: NaN, frameUrl: APP_ENTRY_URL }]) {
      expect(await gate(sender as never, 'system.info', undefined)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    }
  })
})

describe('IPC gate: what comes back', () => {
  const sender = { id: WINDOW_ID, frameUrl: APP_ENTRY_URL }

  it('turns a dispatcher that throws into a typed internal error', async () => {
    const { gate, warnings } = gateWith(async () => {
      throw new Error('boom')
    })
    expect(await gate(sender, 'system.info', undefined)).toEqual({ ok: false, error: { code: 'internal', message: expect.any(String) } })
    expect(warnings).toEqual(['ipc: dispatch threw'])
  })

  it('turns a malformed dispatcher answer into a typed internal error', async () => {
    const { gate } = gateWith(async () => 'not a result' as never)
    expect(await gate(sender, 'system.info', undefined)).toMatchObject({ ok: false, error: { code: 'internal' } })
  })
})
