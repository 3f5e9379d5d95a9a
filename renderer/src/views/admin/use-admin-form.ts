import { ref, shallowRef } from 'vue'
import type { z } from 'zod'
import { fieldsOf } from '../../../../shared/ipc/contract-kit'
import { toApiError, type ApiError } from '../../services/api'
import { byFormField } from './field-errors'

/**
 * An admin form's checking and saving: what was typed is checked against the body schema first,
 * then sent; refusals (the schema's or the service's) land on the fields they name, and the
 * service's refusal is also kept whole for the form's notice. Nothing typed is touched.
 */
export function useAdminForm() {
  const errors = ref<Record<string, string>>({})
  const failure = shallowRef<ApiError | null>(null)
  const saving = ref(false)

  /** The body to send, or null with the fields marked. */
  function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      errors.value = byFormField(fieldsOf(parsed.error))
      return null
    }
    errors.value = {}
    return parsed.data
  }

  /**
   * The form's one save: `request` sends, `then` follows an accepted save (a message, the next
   * page) with the last refusal's notice cleared, `refused` a refusal while the form still saves.
   */
  async function send<T>(request: () => Promise<T>, then: (saved: T) => unknown, refused?: (e: ApiError) => unknown): Promise<void> {
    saving.value = true
    try {
      const saved = await request()
      failure.value = null
      await then(saved)
    } catch (err) {
      const e = toApiError(err)
      failure.value = e
      errors.value = byFormField(e.fields)
      await refused?.(e)
    } finally {
      saving.value = false
    }
  }

  return { errors, failure, saving, check, send }
}
