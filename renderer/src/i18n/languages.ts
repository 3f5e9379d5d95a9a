import type { Language } from '../../../shared/api/common'

export type { Language }

/** The service's six display languages (spec 2.5 user_language); English is the fallback. */
export const LANGUAGES: readonly Language[] = ['de', 'en', 'es', 'fr', 'it', 'nl']
export const FALLBACK_LANGUAGE: Language = 'en'

/** A message file's shape: a tree whose leaves are strings. */
export interface MessageTree {
  [key: string]: string | MessageTree
}

/** The same tree with every leaf a string: what each translation of `en` must look like. */
type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> }

/**
 * What every file in messages/ exports by default: one tree per language, all with the keys of
 * `en` (checked by `satisfies DomainMessages<typeof en>` at compile time and by a unit test).
 */
export type DomainMessages<T extends MessageTree> = { en: T } & { [L in Exclude<Language, 'en'>]: SameKeys<T> }

/** 'en_GB', 'de-DE', 'FR' → the UI language, or null when the app has no such language. */
export function languageOf(locale: string | null | undefined): Language | null {
  const primary = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null
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
