import { z } from 'zod'
import { Id, OrderStatus, ServiceOrderStatus } from '../api'

/** The statuses a rep acts on or tells the customer about: alerted unless the user chooses otherwise. */
export const DEFAULT_ALERT_STATUSES = ['SHIPPED', 'ATTENTION_REQUIRED', 'FAILED', 'CANCELLED'] as const satisfies readonly OrderStatus[]

/** Which status changes raise a desktop alert, and do-not-disturb. */
export const AlertPrefs = z.object({
  /** New statuses that alert; by default what needs a rep (the rest is opt-in, or the day's moves flood in). */
  statuses: z.array(OrderStatus).default([...DEFAULT_ALERT_STATUSES]),
  /** Alerts paused until turned back on. */
  paused: z.boolean().default(false),
  /** Alerts paused until this moment (ISO date-time); null for no timed pause. */
  pausedUntil: z.iso.datetime({ offset: true }).nullable().default(null),
})
export type AlertPrefs = z.output<typeof AlertPrefs>

/** One status change the watcher saw. `from` is null for an order first seen already under way. */
export const OrderChange = z.object({
  orderId: Id,
  purchaseOrderNumber: z.string().nullable(),
  from: ServiceOrderStatus.nullable(),
  to: ServiceOrderStatus,
  at: z.string(),
})
export type OrderChange = z.infer<typeof OrderChange>

export const WatcherPhase = z.enum(['no_profile', 'starting', 'watching', 'offline', 'backing_off', 'stopped'])
export type WatcherPhase = z.infer<typeof WatcherPhase>

/** What the tray and the views show about open orders. */
export const WatchState = z.object({
  phase: WatcherPhase,
  open: z.int(),
  attention: z.int(),
  /**
   * The open orders of this profile have been listed at least once (now or in an earlier session):
   * until then `open` and `attention` are not known, not 0.
   */
  counted: z.boolean(),
  lastPollAt: z.string().nullable(),
  nextPollAt: z.string().nullable(),
  lastError: z.string().nullable(),
  recent: z.array(OrderChange),
})
export type WatchState = z.infer<typeof WatchState>
