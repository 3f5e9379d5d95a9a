import { DESKTOP_MESSAGES, type DesktopMessages } from '../../shared/locales/desktop-messages'
import { languageOrFallback } from '../../shared/locales/languages'

/** What the window says when it keeps crashing (shared/locales/<language>/crash.json). */
export type CrashMessages = DesktopMessages['crash']

export function crashMessages(locale: string | null | undefined): CrashMessages {
  return DESKTOP_MESSAGES[languageOrFallback(locale)].crash
}
