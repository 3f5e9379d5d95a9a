import { ref, shallowRef } from 'vue'
import { toApiError, type ApiError } from '../services/api'

/**
 * A button's call to the core: `busy` while it runs (for :loading and :disabled), and its failure
 * as `error` (for ErrorNotice), cleared when the next call starts. `run` resolves with the call's
 * value, or undefined when it failed.
 */
export function useApiAction() {
  const busy = ref(false)
  const error = shallowRef<ApiError | null>(null)
  async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
    busy.value = true
    error.value = null
    try {
      return await action()
    } catch (err) {
      error.value = toApiError(err)
      return undefined
    } finally {
      busy.value = false
    }
  }
  return { busy, error, run }
}
