import { ref } from 'vue'

/** How many times the quick lookup was asked for by a control that names it (its shortcut opens it by itself). */
const asked = ref(0)

/**
 * The quick lookup, mounted once (App), opened from elsewhere: the navigation's entry asks, the
 * palette follows `asked`.
 */
export function useQuickLookupTrigger() {
  return { asked, open: () => void asked.value++ }
}

/** The shortcut as the keyboard labels it: ⌘K on a Mac, Ctrl+K (Strg+K …) elsewhere. */
export const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
