import { IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/contract'
import type { Transport } from '../../shared/ipc/api-builder'

/** The two ipcRenderer calls the transport uses (Electron's ipcRenderer in the preload; a fake in tests). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
}

/**
 * Electron IPC as the api builder's Transport. Only the contract's two channels are used, and the
 * renderer never receives the IpcRendererEvent (it would hand the page `event.sender`, i.e. ipcRenderer).
 */
export function ipcTransport(ipc: IpcRendererLike): Transport {
  return {
    invoke: (channel, input) => ipc.invoke(IPC_INVOKE, channel, input),
    subscribe(listener) {
      const forward = (_event: unknown, name: unknown, payload: unknown) => {
        if (typeof name === 'string') listener(name, payload)
      }
      ipc.on(IPC_EVENT, forward as (event: unknown, ...args: unknown[]) => void)
      return () => void ipc.removeListener(IPC_EVENT, forward as (event: unknown, ...args: unknown[]) => void)
    },
  }
}
