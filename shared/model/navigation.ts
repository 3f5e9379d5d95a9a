import { z } from 'zod'
import { Id } from '../api'
import { ORDER_FILTER_IDS_MAX } from './order'

/**
 * Where the shell asks the renderer to go: a notification or tray click names an order, or the
 * orders a grouped alert was about (the orders list, showing exactly those); a basket the outbox
 * could not send, its draft (the editor), or the outbox, for several.
 *
 * Each is one profile's (each profile keeps its own orders and drafts, order numbers being the
 * service's): `profileId` names it, so a click after switching profiles can say so instead of
 * showing the connected profile's order of that number. Absent where no profile is known (an order
 * named on the command line).
 */
const profileId = z.string().min(1).max(64).optional()
export const NavigationTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('order'), orderId: z.int().positive(), profileId }),
  z.object({ kind: z.literal('orders'), orderIds: z.array(Id).min(1).max(ORDER_FILTER_IDS_MAX), profileId }),
  z.object({ kind: z.literal('draft'), draftId: z.string().min(1).max(64), profileId }),
  z.object({ kind: z.literal('outbox'), profileId }),
])
export type NavigationTarget = z.infer<typeof NavigationTarget>

/** The shell only sends; the renderer has nothing to ask here. */
