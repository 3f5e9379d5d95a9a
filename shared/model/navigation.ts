import { z } from 'zod'
import { Id } from '../api'
import { ORDER_FILTER_IDS_MAX } from './order'

/**
 * Where the shell asks the renderer to go: a notification or tray click names an order, or the
 * orders a grouped alert was about (the orders list, showing exactly those).
 */
export const NavigationTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('order'), orderId: z.int().positive() }),
  z.object({ kind: z.literal('orders'), orderIds: z.array(Id).min(1).max(ORDER_FILTER_IDS_MAX) }),
])
export type NavigationTarget = z.infer<typeof NavigationTarget>

/** The shell only sends; the renderer has nothing to ask here. */
