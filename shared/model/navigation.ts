import { z } from 'zod'

/** Where the shell asks the renderer to go: a notification or tray click names an order. */
export const NavigationTarget = z.object({ kind: z.literal('order'), orderId: z.int().positive() })
export type NavigationTarget = z.infer<typeof NavigationTarget>

/** The shell only sends; the renderer has nothing to ask here. */
