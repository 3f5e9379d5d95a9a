import { nextTick, ref, shallowRef } from 'vue'
import { useI18n } from 'vue-i18n'
import type { z } from 'zod'
import { zodFieldCode } from '../../../../shared/model/field-code'
import { toApiError, type ApiError } from '../../services/api'
import { byFormField } from './field-errors'

/**
 * An admin form's checking and saving: what was typed is checked against the body schema first,
 * then sent; refusals (the schema's or the service's) land on the fields they name, and the
 * service's refusal is also kept whole for the form's notice. Nothing typed is touched.
 */
export function useAdminForm() {
  const { t } = useI18n()
  const errors = ref<Record<string, string>>({})
  const failure = shallowRef<ApiError | null>(null)
  const saving = ref(false)

  /** The body to send, or null with the fields marked. */
  function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      // What the form's own check finds, in the user's words ("Required"), not zod's English.
      const fields: Record<string, string> = {}
      for (const issue of parsed.error.issues) {
        const code = zodFieldCode(issue, value)
        fields[issue.path.map(String).join('.') || '_'] ??= t(`baskets.fieldErrors.${code.key}`, code.params ?? {})
      }
      errors.value = byFormField(fields)
      focusFirstError()
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

  /**
   * The focus goes to the first field marked (a FormField's message is `<id>-error`), so the user
   * is where the form needs them rather than on the Save button.
   */
  function focusFirstError(): void {
    void nextTick(() => {
      const message = document.querySelector<HTMLElement>('main [data-field-error][id$="-error"]')
      if (message) document.getElementById(message.id.slice(0, -'-error'.length))?.focus()
    })
  }

  return { errors, failure, saving, check, send }
}
