import type { DatabaseSync } from 'node:sqlite'
import type { CoreEventName, CoreEventPayload } from '../../shared/model/core-events'
import type { PartialHandlers } from './ipc/dispatcher'
import type { Connection } from './connection/connection'
import type { Clock, Logger, Notifier } from './platform/services'
import type { Settings } from './store/app-store'
import type { WorkOffline } from './connection/work-offline'

/** What every domain module of the core is built from. */
export interface CoreContext {
  dataDir: string
  clock: Clock
  log: Logger
  notifier: Notifier
  appDb: DatabaseSync
  settings: Settings
  connection: Connection
  /** The "Work offline" switch (the connection's clients and the image cache obey it). */
  workOffline: WorkOffline
  emit<E extends CoreEventName>(event: E, payload: CoreEventPayload<E>): void
}

/**
 * A domain module (catalogue, baskets, orders, admin …): its channel handlers and its lifecycle.
 * Per-profile state (databases, timers) follows `ctx.connection.onChange`.
 */
export interface Feature {
  handlers: PartialHandlers
  start?(): Promise<void> | void
  stop?(): Promise<void> | void
}
