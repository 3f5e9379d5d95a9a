import { watch, watchEffect } from 'vue'
import { useI18n } from 'vue-i18n'
import { useConnectionStore } from '../stores/connection'
import { usePreferencesStore, type LanguageChoice } from '../stores/preferences'
import { FALLBACK_LANGUAGE, languageOf, type Language } from './languages'
import { api } from '../services/api'

/** The Settings override wins; then the user's account locale; then the OS; then English. */
export function resolveLanguage(choice: LanguageChoice, userLocale: string | null | undefined, systemLocale: string | null | undefined): Language {
  if (choice !== 'auto') return choice
  return languageOf(userLocale) ?? languageOf(systemLocale) ?? FALLBACK_LANGUAGE
}

/** Keeps vue-i18n's locale and <html lang> on the resolved language. Call once, in App. */
export function useLanguageSync(): void {
  const { locale } = useI18n()
  const preferences = usePreferencesStore()
  const connection = useConnectionStore()
  watchEffect(() => {
    const language = resolveLanguage(preferences.language, connection.user?.locale, navigator.language)
    locale.value = language
    document.documentElement.lang = language
  })
  // Desktop alerts and the tray are worded outside the window, by the core and the shell: they
  // follow the language shown here, not the account's.
  watch(
    locale,
    (language) => {
      void Promise.resolve()
        .then(() => api.system.setLanguage({ language: language as Language }))
        .catch(() => {
        /* no core (a unit test's bare mount): nothing outside the window to word */
      })
    },
    { immediate: true },
  )
}
