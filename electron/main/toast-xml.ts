import type { Alert } from '../core/platform/services'
import { openOrderArg } from './launch-args'

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)

/**
 * The Windows toast for an alert. Its launch argument carries `--open-order=<id>@<profile>`, so a click from
 * the Action Center after the app has quit starts it (or reaches the running instance as a second
 * instance) with the order to open. A grouped alert's orders are too many for a command line: its
 * toast has none, the click comes as -ToastActivated and the shell opens the last alert's target.
 */
export function toastXml(alert: Alert): string {
  const launch = alert.target?.kind === 'order' ? ` launch="${escapeXml(openOrderArg(alert.target.orderId, alert.target.profileId))}" activationType="foreground"` : ''
  return (
    `<toast${launch}><visual><binding template="ToastGeneric">` +
    `<text>${escapeXml(alert.title)}</text><text>${escapeXml(alert.body)}</text>` +
    `</binding></visual></toast>`
  )
}
