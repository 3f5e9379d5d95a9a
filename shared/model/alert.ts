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
 * `older` as it stands once `newer` is shown: itself when `newer` tells no newer status of any of
 * its orders (the same profile's); narrowed to the orders it is still the latest news of when
 * `newer` tells some of them; null, stale, when it tells all ("Order 1042: Shipped" once it says
 * "Complete"). So a grouped alert ("4 orders changed status") goes once each of its orders has been
 * told a newer status, by one alert or by several single ones, and until then stays for the others.
 * Only `statusOf` narrows: the words are the core's, and a click still shows all its orders, each in
 * its status of now. Alerts about something else than a status (a basket sent as that order) never
 * narrow and narrow none.
 */
export function afterNewer<A extends AlertShown>(newer: AlertShown, older: A): A | null {
  const [n, o] = [newer.statusOf, older.statusOf]
  if (!n || !o || n.profileId !== o.profileId) return older
  const left = o.orderIds.filter((id) => !n.orderIds.includes(id))
  if (!left.length) return null
  return left.length === o.orderIds.length ? older : { ...older, statusOf: { ...o, orderIds: left } }
}
