import { z } from 'zod'
import { channels, type ChannelInput, type ChannelName, type ChannelOutput } from '../../../shared/ipc/contract'
import { AppError, fieldsOf, type IpcResult } from '../../../shared/ipc/contract-kit'
import { storageFault } from '../store/storage-fault'

/** A core implementation of every channel of the contract. */
type Handlers = { [C in ChannelName]: (input: z.output<(typeof channels)[C]['input']>) => Promise<ChannelOutput<C>> | ChannelOutput<C> }
export type PartialHandlers = Partial<Handlers>

interface DispatchLog {
  error(message: string, detail?: unknown): void
}

/**
 * The one gate between a transport (Electron IPC, the harness's HTTP) and the core: unknown channel
 * → typed error; input parsed with the contract's schema before the core sees it; every failure
 * becomes an IpcError, so nothing throws across the bridge.
 */
export function createDispatcher(handlers: PartialHandlers, log: DispatchLog) {
  return async function dispatch(channel: unknown, rawInput: unknown): Promise<IpcResult<unknown>> {
    if (typeof channel !== 'string' || !Object.hasOwn(channels, channel)) {
      // Never stringify a hostile value (its toString may be anything): name only strings.
      const named = typeof channel === 'string' ? ` named ${channel.slice(0, 80)}` : ' of that kind'
      return { ok: false, error: { code: 'unknown_channel', message: `There is no channel${named}.` } }
    }
    const name = channel as ChannelName
    const handler = handlers[name] as ((input: unknown) => unknown) | undefined
    if (!handler) return { ok: false, error: { code: 'unknown_channel', message: `${name} is not available in this build.` } }
    let parsed: ReturnType<(typeof channels)[ChannelName]['input']['safeParse']>
    try {
      parsed = channels[name].input.safeParse(rawInput)
    } catch (err) {
      // A schema that throws on hostile input is a bug of ours; the caller still gets a typed answer.
      log.error(`channel ${name}: input schema threw`, err)
      return { ok: false, error: { code: 'invalid_input', message: `The request to ${name} was not valid.` } }
    }
    if (!parsed.success) {
      return { ok: false, error: { code: 'invalid_input', message: `The request to ${name} was not valid.`, fields: fieldsOf(parsed.error) } }
    }
    try {
      const value = await handler(parsed.data)
      return { ok: true, value }
    } catch (err) {
      if (err instanceof AppError) return { ok: false, error: err.toIpcError() }
      const full = storageFault(err)
      if (full) {
        log.error(`channel ${name}: the disk is full`, err)
        return { ok: false, error: full.toIpcError() }
      }
      log.error(`channel ${name} failed`, err)
      return { ok: false, error: { code: 'internal', message: 'Something went wrong inside the app; the details are in the log.' } }
    }
  }
}
export type Dispatch = ReturnType<typeof createDispatcher>

export type { ChannelInput }
