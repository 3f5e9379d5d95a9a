import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { DesktopPrefs } from '../../../shared/ipc/channels/system'
import type { ChannelInput } from '../../../shared/ipc/contract'
import { api, toApiError, type ApiError } from '../services/api'

/** What the app is running in: version, platform, and whether this is the browser harness. */
export const useSystemStore = defineStore('system', () => {
  const version = ref('')
  const platform = ref('')
  const harness = ref(false)
  const error = shallowRef<ApiError | null>(null)
  const desktop = ref<DesktopPrefs | null>(null)
  /** "Work offline": while on, the app sends nothing (kept by the core across restarts). */
  const workOffline = ref(false)

  async function init(): Promise<void> {
    try {
      const info = await api.system.info()
      version.value = info.version
      platform.value = info.platform
      harness.value = info.harness
      desktop.value = await api.system.desktopPrefs()
      workOffline.value = (await api.system.workOffline()).on
    } catch (err) {
      error.value = toApiError(err)
    }
    // The tray can change these too.
    api.on('system.desktopPrefsChanged', (prefs) => (desktop.value = prefs))
    api.on('system.workOfflineChanged', ({ on }) => (workOffline.value = on))
  }

  async function setDesktop(change: ChannelInput<'system.setDesktopPrefs'>): Promise<void> {
    try {
      desktop.value = await api.system.setDesktopPrefs(change)
      error.value = null
    } catch (err) {
      error.value = toApiError(err)
    }
  }

  async function setWorkOffline(on: boolean): Promise<void> {
    try {
      workOffline.value = (await api.system.setWorkOffline({ on })).on
      error.value = null
    } catch (err) {
      error.value = toApiError(err)
    }
  }

  return { version, platform, harness, error, desktop, workOffline, init, setDesktop, setWorkOffline }
})
