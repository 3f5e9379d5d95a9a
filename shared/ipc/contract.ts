import type { z } from 'zod'
import { alertsChannels } from './channels/alerts'
import { catalogueChannels } from './channels/catalogue'
import { connectionChannels } from './channels/connection'
import { navigationChannels } from './channels/navigation'
import { systemChannels } from './channels/system'
import { basketsChannels } from './channels/baskets'
import { ordersChannels } from './channels/orders'
import { adminChannels } from './channels/admin'
import { diagnosticsChannels } from './channels/diagnostics'
import { managedChannels } from './channels/managed'
import { updatesChannels } from './channels/updates'
import type { ChannelDef, IpcResult } from './contract-kit'
import { coreEvents } from '../model/core-events'

/**
 * The one IPC contract: every channel (name → input and output schema) and every main→renderer
 * event (name → payload schema). Each domain declares its own in channels/<domain>.ts.
 */
export const channels = {
  ...systemChannels,
  ...connectionChannels,
  ...alertsChannels,
  ...catalogueChannels,
  ...navigationChannels,
  ...basketsChannels,
  ...ordersChannels,
  ...adminChannels,
  ...updatesChannels,
  ...diagnosticsChannels,
  ...managedChannels,
} satisfies Record<string, ChannelDef>

/** The core's events (shared/model/core-events), forwarded to the renderer as they are. */
export const events = coreEvents

type Channels = typeof channels
export type ChannelName = keyof Channels
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>
type Events = typeof events
export type EventName = keyof Events
export type EventPayload<E extends EventName> = z.output<Events[E]>

/** The Electron IPC channel names the contract travels on. */
export const IPC_INVOKE = 'wd:invoke'
export const IPC_EVENT = 'wd:event'

export type { IpcResult }
