import { z } from 'zod'

/**
 * A desktop alert (order status changed, …). In Electron the OS shows it; in the browser harness
 * there is no OS notification, so the harness sends it to the page as this event and the renderer
 * shows it in-page. `target` is what a click opens.
 */
export const AlertShown = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  target: z.object({ kind: z.literal('order'), orderId: z.int().positive() }).optional(),
})
export type AlertShown = z.infer<typeof AlertShown>
