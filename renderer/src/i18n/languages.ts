import { FALLBACK_LANGUAGE, LANGUAGES, languageOf, type Language } from '../../../shared/locales/languages'

/** The language list is declared once, in shared/locales; the renderer adds what Intl needs. */
export { FALLBACK_LANGUAGE, LANGUAGES, languageOf, type Language }

/** A message file's shape: a tree whose leaves are strings. */
export interface MessageTree {
  [key: string]: string | MessageTree
}

/** 'en_GB' → 'en-GB' (Intl wants BCP 47); anything Intl does not accept → null. */
export function bcp47(locale: string | null | undefined): string | null {
  if (!locale) return null
  try {
    return Intl.getCanonicalLocales(locale.trim().replace(/_/g, '-'))[0] ?? null
  } catch {
    return null
  }
}
