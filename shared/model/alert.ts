import { z } from 'zod'
import { NavigationTarget } from './navigation'

/**
 * A desktop alert (order status changed, …). In Electron the OS shows it; in the browser harness
 * there is no OS notification, so the harness sends it to the page as this event and the renderer
 * shows it in-page. `target` is what a click opens: one order, or the orders of a grouped alert.
 */
export const AlertShown = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  target: NavigationTarget.optional(),
})
export type AlertShown = z.infer<typeof AlertShown>
