import { watchEffect } from 'vue'
import { useI18n } from 'vue-i18n'
import { useConnectionStore } from '../stores/connection'
import { usePreferencesStore, type LanguageChoice } from '../stores/preferences'
import { FALLBACK_LANGUAGE, languageOf, type Language } from './languages'

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
}
