import { Notification } from 'electron'
import type { Alert, Logger, Notifier } from '../core/platform/services'
import type { NavigationTarget } from '../../shared/ipc/channels/navigation'
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
 */
export function createElectronNotifier(deps: NotifierDeps): Notifier {
  // Electron drops click handlers of notifications that were garbage-collected: keep them alive.
  const live = new Set<Notification>()
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
      live.add(n)
      if (live.size > 50) live.delete(live.values().next().value!)
      n.on('click', () => {
        live.delete(n)
        deps.open(alert.target ?? null)
      })
      n.on('close', () => live.delete(n))
      n.on('failed', (_e, error) => {
        live.delete(n)
        deps.log.warn('a notification could not be shown', { id: alert.id, error })
      })
      n.show()
    },
  }
}
