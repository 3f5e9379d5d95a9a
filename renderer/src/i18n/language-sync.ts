import { watch, watchEffect } from 'vue'
import { useI18n } from 'vue-i18n'
import { useConnectionStore } from '../stores/connection'
import { usePreferencesStore, type LanguageChoice } from '../stores/preferences'
import { switchLanguage, type AppI18n } from './index'
import { FALLBACK_LANGUAGE, languageOf, type Language } from './languages'
import { api } from '../services/api'

/** The Settings override wins; then the user's account locale; then the OS; then English. */
export function resolveLanguage(choice: LanguageChoice, userLocale: string | null | undefined, systemLocale: string | null | undefined): Language {
  if (choice !== 'auto') return choice
  return languageOf(userLocale) ?? languageOf(systemLocale) ?? FALLBACK_LANGUAGE
}

/**
 * Keeps vue-i18n's locale and <html lang> on the resolved language, switching once that language's
 * messages are loaded (only the shown language's are). Call once, in App.
 */
export function useLanguageSync(): void {
  const composer = useI18n({ useScope: 'global' }) as unknown as AppI18n['global']
  const { locale } = composer
  const preferences = usePreferencesStore()
  const connection = useConnectionStore()
  watchEffect(() => {
    const language = resolveLanguage(preferences.language, connection.user?.locale, navigator.language)
    switchLanguage(composer, language).catch((err: unknown) => {
      // The chosen language's files could not be read: the window stays in the language it shows.
      console.error(`Could not load the ${language} messages`, err)
    })
  })
  // Desktop alerts and the tray are worded outside the window, by the core and the shell: they
  // follow the language shown here, not the account's.
  watch(
    locale,
    (language) => {
      document.documentElement.lang = language
      void Promise.resolve()
        .then(() => api.system.setLanguage({ language: language as Language }))
        .catch(() => {
        /* no core (a unit test's bare mount): nothing outside the window to word */
      })
    },
    { immediate: true },
  )
}
