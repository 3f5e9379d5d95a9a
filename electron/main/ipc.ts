import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron'
import { IPC_EVENT, IPC_INVOKE, type EventName, type EventPayload } from '../../shared/ipc/contract'
import type { Core } from '../core'
import type { Logger } from '../core/platform/services'
import { createIpcGate, type IpcSender } from './ipc-gate'

/**
 * The sender of a call as the gate judges it. Only the top frame of a window speaks for it: a
 * missing frame (navigated away, destroyed) or a subframe yields frameUrl null, which the gate refuses.
 */
function senderOf(event: IpcMainInvokeEvent): IpcSender {
  let frameUrl: string | null = null
  try {
    const frame = event.senderFrame
    if (frame && frame.parent === null) frameUrl = frame.url
  } catch {
    frameUrl = null // a disposed frame throws on access
  }
  return { id: event.sender.id, frameUrl }
}

export interface IpcWiring {
  trustedOrigins: readonly string[]
  /** The live set of the app window's webContents ids (index.ts adds and removes them). */
  trustedWebContentsIds: ReadonlySet<number>
  log: Logger
}

/** ipcMain.handle for the contract's one invoke channel, every call through the gate. */
export function handleInvokes(core: Core, wiring: IpcWiring): () => void {
  const gate = createIpcGate({ dispatch: core.dispatch, trustedOrigins: wiring.trustedOrigins, trustedWebContentsIds: wiring.trustedWebContentsIds, log: wiring.log })
  ipcMain.handle(IPC_INVOKE, (event, channel: unknown, input: unknown) => gate(senderOf(event), channel, input))
  return () => ipcMain.removeHandler(IPC_INVOKE)
}

/** Sends one contract event to the window (dropped while there is none). */
export function sendEvent<E extends EventName>(target: WebContents | null, event: E, payload: EventPayload<E>): void {
  if (target && !target.isDestroyed()) target.send(IPC_EVENT, event, payload)
}

/** Core events → the window, as `webContents.send(IPC_EVENT, name, payload)`. */
export function forwardCoreEvents(core: Core, target: () => WebContents | null): () => void {
  return core.onEvent((event, payload) => sendEvent(target(), event, payload))
}
