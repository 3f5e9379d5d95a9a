import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { api, toApiError, type ApiError } from '../services/api'

/** What the app is running in: version, platform, and whether this is the browser harness. */
export const useSystemStore = defineStore('system', () => {
  const version = ref('')
  const platform = ref('')
  const harness = ref(false)
  const error = shallowRef<ApiError | null>(null)

  async function init(): Promise<void> {
    try {
      const info = await api.system.info()
      version.value = info.version
      platform.value = info.platform
      harness.value = info.harness
    } catch (err) {
      error.value = toApiError(err)
    }
  }

  return { version, platform, harness, error, init }
})
