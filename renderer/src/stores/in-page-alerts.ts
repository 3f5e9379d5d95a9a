import { defineStore } from 'pinia'
import { ref } from 'vue'
import { afterNewer, type AlertShown } from '../../../shared/ipc/channels/alerts'
import { api } from '../services/api'

const KEEP = 20

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
      // A grouped one forgets the orders told anew, and goes once none are left (afterNewer).
      const kept = alerts.value.filter((a) => a.id !== alert.id).flatMap((a) => afterNewer(alert, a) ?? [])
      alerts.value = [alert, ...kept].slice(0, KEEP)
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
