import type { IpcResult } from '../../shared/ipc/contract-kit'
import type { Logger } from '../core/platform/services'
import { originOf } from './security/app-origin'

/** Who sent an IPC call: the webContents id and the URL of the frame it came from (null when the frame is gone or not a main frame). */
export interface IpcSender {
  id: number
  frameUrl: string | null
}

export interface IpcGateOptions {
  /** The core's dispatcher: validates the channel and input and never throws. */
  dispatch(channel: unknown, input: unknown): Promise<IpcResult<unknown>>
  /** Origins of the app's own pages (app://wholesale-desk, the dev server in development). */
  trustedOrigins: Iterable<string>
  /** The ids of the app's own windows' webContents; the owner adds and removes ids as windows come and go. */
  trustedWebContentsIds: ReadonlySet<number>
  /** Told about refused senders (never their payloads) and about a dispatcher that threw. */
  log?: Pick<Logger, 'warn' | 'error'>
}

export type IpcGate = (sender: IpcSender, channel: unknown, input: unknown) => Promise<IpcResult<unknown>>

const refused = (message: string): IpcResult<never> => ({ ok: false, error: { code: 'forbidden_sender', message } })

/**
 * The one wrapper every renderer call goes through, before the core sees it: (1) the sender must
 * be one of the app's own windows showing one of the app's own origins; (2) the core's dispatcher
 * parses channel and input with the contract; (3) whatever happens, a typed IpcResult comes back.
 */
export function createIpcGate(options: IpcGateOptions): IpcGate {
  const origins = new Set([...options.trustedOrigins].map((o) => o.toLowerCase()))
  return async function gate(sender, channel, input) {
    const id = sender?.id
    const origin = originOf(sender?.frameUrl)
    if (typeof id !== 'number' || !options.trustedWebContentsIds.has(id)) {
      options.log?.warn('ipc: refused a call from a webContents that is not the app window', { id, origin })
      return refused('This window may not talk to the app.')
    }
    if (origin === null || !origins.has(origin)) {
      options.log?.warn('ipc: refused a call from a frame outside the app', { id, origin })
      return refused('This page may not talk to the app.')
    }
    try {
      const reply = await options.dispatch(channel, input)
      if (reply && typeof reply === 'object' && typeof reply.ok === 'boolean') return reply
    } catch (err) {
      // The dispatcher promises not to throw; the gate makes sure nothing crosses the bridge if it does.
      options.log?.error('ipc: dispatch threw', err)
    }
    return { ok: false, error: { code: 'internal', message: 'Something went wrong inside the app; the details are in the log.' } }
  }
}
