import { computed, inject, provide, type ComputedRef, type InjectionKey } from 'vue'

const READ_ONLY: InjectionKey<ComputedRef<boolean>> = Symbol('the draft’s fields are read-only')

/**
 * A sent or queued draft's details: their fieldset is disabled, which makes its text boxes
 * read-only text, but a naive select does not see it and looked as if it could still be opened.
 */
export function provideReadOnlyFields(readOnly: () => boolean): void {
  provide(READ_ONLY, computed(readOnly))
}

/** Whether the select stands among read-only fields (false outside a draft's details). */
export function useReadOnlyField(): ComputedRef<boolean> {
  return inject(READ_ONLY, null) ?? computed(() => false)
}
