import { i18nWith, type AppI18n } from '../../../renderer/src/i18n/index'
import { LANGUAGES, type Language, type MessageTree } from '../../../renderer/src/i18n/languages'

/**
 * Every namespace of every language in shared/locales, loaded eagerly: for the tests that check all
 * the translations, and those that mount a component without the app's start-up. The app never
 * imports this module: it would put all six languages in the first bundle.
 */
const files = import.meta.glob<MessageTree>('../../../shared/locales/*/*.json', { import: 'default', eager: true })

/** Language → namespace → messages (the window's namespaces and the shell's and the core's alike). */
export const ALL_MESSAGES = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      Object.entries(files)
        .filter(([path]) => path.split('/').at(-2) === language)
        .map(([path, tree]) => [path.split('/').at(-1)!.replace(/\.json$/, ''), tree]),
    ),
  ]),
) as Record<Language, Record<string, MessageTree>>

/** An i18n instance with every language loaded, at once (no await): a component test's plugin. */
export function createTestI18n(language: Language = 'en'): AppI18n {
  return i18nWith(language, ALL_MESSAGES)
}
