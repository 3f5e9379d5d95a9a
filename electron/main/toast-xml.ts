import type { Alert } from '../core/platform/services'
import { openOrderArg } from './launch-args'

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)

/**
 * The Windows toast for an alert. Its launch argument carries `--open-order=<id>`, so a click from
 * the Action Center after the app has quit starts it (or reaches the running instance as a second
 * instance) with the order to open.
 */
export function toastXml(alert: Alert): string {
  const launch = alert.target ? ` launch="${escapeXml(openOrderArg(alert.target.orderId))}" activationType="foreground"` : ''
  return (
    `<toast${launch}><visual><binding template="ToastGeneric">` +
    `<text>${escapeXml(alert.title)}</text><text>${escapeXml(alert.body)}</text>` +
    `</binding></visual></toast>`
  )
}
