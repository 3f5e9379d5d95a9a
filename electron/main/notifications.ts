import { Notification } from 'electron'
import type { Alert, Logger, Notifier } from '../core/platform/services'
import type { NavigationTarget } from '../../shared/ipc/channels/navigation'
import { afterNewer } from '../../shared/model/alert'
import type { AlertTargetStore } from './alert-targets'
import { toastXml } from './toast-xml'

export interface NotifierDeps {
  targets: AlertTargetStore
  /** Focus or open the window and ask the renderer to open the target. */
  open(target: NavigationTarget | null): void
  icon?: string
  log: Logger
}

/**
 * The core's Notifier as native OS notifications. A click focuses (or reopens) the window and sends
 * `navigation.open`; the target is also persisted, so a click after a restart still finds its order.
 * An order status alert closes the earlier notifications it tells a newer status of (`afterNewer`,
 * as the in-page strip drops their alerts), so the OS centre keeps one per order; a grouped one
 * closes once each of its orders has been told anew, by one alert or several.
 */
export function createElectronNotifier(deps: NotifierDeps): Notifier {
  // Notifications still on screen or in the OS centre, with the alert each tells, oldest first. Held
  // also because Electron drops click handlers of notifications that were garbage-collected.
  const live = new Map<Notification, Alert>()
  const forget = (n: Notification) => live.delete(n)
  return {
    show(alert: Alert) {
      if (!Notification.isSupported()) {
        deps.log.warn('notifications are not supported here; alert dropped', { id: alert.id })
        return
      }
      deps.targets.remember(alert)
      const n = new Notification({
        title: alert.title,
        body: alert.body,
        ...(deps.icon ? { icon: deps.icon } : {}),
        ...(process.platform === 'win32' ? { toastXml: toastXml(alert) } : {}),
      })
      n.on('click', () => {
        forget(n)
        deps.open(alert.target ?? null)
      })
      // On Windows "close" also comes when a toast times out into the Action Center, where it stays:
      // kept, a newer status of its order still takes it away there.
      n.on('close', () => {
        if (process.platform !== 'win32') forget(n)
      })
      n.on('failed', (_e, error) => {
        forget(n)
        deps.log.warn('a notification could not be shown', { id: alert.id, error })
      })
      n.show()
      // One notification per order in the OS centre, saying its latest status: the stale ones go.
      // A grouped one forgets the orders told anew, and closes once none are left (afterNewer).
      for (const [earlier, told] of live) {
        const left = afterNewer(alert, told)
        if (left === told) continue
        if (left) {
          live.set(earlier, left)
          continue
        }
        forget(earlier)
        earlier.close()
      }
      live.set(n, alert)
      if (live.size > 50) forget(live.keys().next().value!)
    },
  }
}
