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

  async function init(): Promise<void> {
    try {
      const info = await api.system.info()
      version.value = info.version
      platform.value = info.platform
      harness.value = info.harness
      desktop.value = await api.system.desktopPrefs()
    } catch (err) {
      error.value = toApiError(err)
    }
    // The tray can change these too.
    api.on('system.desktopPrefsChanged', (prefs) => (desktop.value = prefs))
  }

  async function setDesktop(change: ChannelInput<'system.setDesktopPrefs'>): Promise<void> {
    try {
      desktop.value = await api.system.setDesktopPrefs(change)
      error.value = null
    } catch (err) {
      error.value = toApiError(err)
    }
  }

  return { version, platform, harness, error, desktop, init, setDesktop }
})
