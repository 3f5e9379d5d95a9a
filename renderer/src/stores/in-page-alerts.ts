import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AlertShown } from '../../../shared/ipc/channels/alerts'
import { api } from '../services/api'

const KEEP = 20

/**
 * Whether `newer` tells a newer status of every order `older` told one of (the same profile's):
 * `older` is then stale ("Order 1042: Shipped" once it says "Complete"). Alerts about something
 * else than a status (a basket sent as that order) are never stale.
 */
function supersedes(newer: AlertShown, older: AlertShown): boolean {
  const [n, o] = [newer.statusOf, older.statusOf]
  if (!n || !o || n.profileId !== o.profileId) return false
  return o.orderIds.every((id) => n.orderIds.includes(id))
}

/**
 * Alerts shown inside the page. Only the browser harness needs this: in Electron the OS shows
 * them (the shell's notifier), so the frame turns this on only when system.info says harness.
 */
export const useInPageAlertsStore = defineStore('inPageAlerts', () => {
  const alerts = ref<AlertShown[]>([])
  let off: (() => void) | null = null

  function listen(): void {
    off ??= api.on('alerts.shown', (alert) => {
      // One alert per order, in its latest status, in the newest place: a dismissed one brings no stale one back.
      alerts.value = [alert, ...alerts.value.filter((a) => a.id !== alert.id && !supersedes(alert, a))].slice(0, KEEP)
    })
  }

  function stop(): void {
    off?.()
    off = null
  }

  function dismiss(id: string): void {
    alerts.value = alerts.value.filter((a) => a.id !== id)
  }

  function dismissAll(): void {
    alerts.value = []
  }

  return { alerts, listen, stop, dismiss, dismissAll }
})
