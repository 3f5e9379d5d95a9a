import { channels, events, type ChannelInput, type ChannelName, type ChannelOutput, type EventName, type EventPayload } from './contract'
import type { IpcResult } from './contract-kit'

/** What carries calls and events: Electron IPC in the preload, HTTP + SSE in the browser harness. */
export interface Transport {
  invoke(channel: string, input: unknown): Promise<unknown>
  subscribe(listener: (event: string, payload: unknown) => void): () => void
}

type Domain<C extends string> = C extends `${infer D}.${string}` ? D : never
type MethodsOf<D extends string> = {
  [C in ChannelName as C extends `${D}.${infer M}` ? M : never]: undefined extends ChannelInput<C>
    ? (input?: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>
    : (input: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>
}

export type Api = { [D in Domain<ChannelName>]: MethodsOf<D> } & {
  /** Subscribe to a main→renderer event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

const malformedReply = (channel: string): IpcResult<never> => ({
  ok: false,
  error: { code: 'internal', message: `The app answered ${channel} with something unexpected.` },
})

/**
 * Builds `window.api` from the contract. The preload and the browser harness both call this, so
 * the two cannot drift. Replies are checked against the channel's output schema on arrival.
 */
export function buildApi(transport: Transport): Api {
  const api: Record<string, unknown> = {}
  for (const name of Object.keys(channels) as ChannelName[]) {
    const [domain, method] = name.split('.') as [string, string]
    const group = (api[domain] ??= {}) as Record<string, unknown>
    group[method] = async (input?: unknown) => {
      const reply = (await transport.invoke(name, input)) as IpcResult<unknown> | undefined
      if (!reply || typeof reply !== 'object' || typeof reply.ok !== 'boolean') return malformedReply(name)
      if (!reply.ok) return reply
      const parsed = channels[name].output.safeParse(reply.value)
      return parsed.success ? { ok: true, value: parsed.data } : malformedReply(name)
    }
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) =>
    transport.subscribe((name, payload) => {
      if (name !== event) return
      const parsed = events[event].safeParse(payload)
      if (parsed.success) listener(parsed.data)
    })
  return api as Api
}
