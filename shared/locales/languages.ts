/**
 * The app's six languages, the service's display languages (spec 2.5 user_language), declared here
 * once: the service schema, the renderer, the tray and the desktop alerts all take them from this
 * list, and shared/locales/<language>/ holds each one's messages. English is the fallback.
 */
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'nl'] as const
export type Language = (typeof LANGUAGES)[number]
export const FALLBACK_LANGUAGE: Language = 'en'

/** 'en_GB', 'de-DE', 'FR', 'de_DE.UTF-8@euro' → the app's language, or null when it has no such language. */
export function languageOf(locale: string | null | undefined): Language | null {
  const primary = (locale ?? '').trim().toLowerCase().split(/[-_.@]/)[0] ?? ''
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null
}

/** The language to word something in for a locale: its own when the app has it, English otherwise. */
export function languageOrFallback(locale: string | null | undefined): Language {
  return languageOf(locale) ?? FALLBACK_LANGUAGE
}
