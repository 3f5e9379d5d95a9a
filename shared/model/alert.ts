import { z } from 'zod'
import { Id } from '../api'
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
  /**
   * The orders whose new status the alert tells (one order's change, or a poll's changes grouped),
   * and their profile (order numbers are each profile's own). A later alert telling a newer status of
   * each of them makes this one stale: the in-page strip keeps the newer only, as a rep expects one
   * alert per order saying where it is now. Absent on alerts that tell something else (baskets sent
   * or not, drafts damaged), which never replace one another.
   */
  statusOf: z.object({ orderIds: z.array(Id).min(1), profileId: z.string().min(1).max(64).optional() }).optional(),
})
export type AlertShown = z.infer<typeof AlertShown>

/**
 * Whether `newer` tells a newer status of every order `older` told one of (the same profile's):
 * `older` is then stale ("Order 1042: Shipped" once it says "Complete"), and the in-page strip drops
 * it as the shell closes its OS notification. Alerts about something else than a status (a basket
 * sent as that order) never supersede and are never superseded.
 */
export function supersedes(newer: AlertShown, older: AlertShown): boolean {
  const [n, o] = [newer.statusOf, older.statusOf]
  if (!n || !o || n.profileId !== o.profileId) return false
  return o.orderIds.every((id) => n.orderIds.includes(id))
}
