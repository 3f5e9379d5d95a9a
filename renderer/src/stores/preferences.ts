import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import { LANGUAGES, type Language } from '../i18n/languages'

export type LanguageChoice = Language | 'auto'
export type ThemeChoice = 'auto' | 'light' | 'dark'
const THEMES: readonly ThemeChoice[] = ['auto', 'light', 'dark']

const LANGUAGE_KEY = 'wd.language'
const THEME_KEY = 'wd.theme'

function read<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const v = localStorage.getItem(key)
    return v !== null && (allowed as readonly string[]).includes(v) ? (v as T) : fallback
  } catch {
    return fallback
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value)
  } catch {
    /* storage unavailable (private mode): the choice lasts for this session */
  }
}

/**
 * Display overrides chosen in Settings. View state only, so it lives in localStorage, not in the
 * core: 'auto' means follow the user's account (language) or the OS (theme).
 */
export const usePreferencesStore = defineStore('preferences', () => {
  const language = ref<LanguageChoice>(read<LanguageChoice>(LANGUAGE_KEY, ['auto', ...LANGUAGES], 'auto'))
  const theme = ref<ThemeChoice>(read(THEME_KEY, THEMES, 'auto'))
  watch(language, (v) => write(LANGUAGE_KEY, v))
  watch(theme, (v) => write(THEME_KEY, v))
  return { language, theme }
})
