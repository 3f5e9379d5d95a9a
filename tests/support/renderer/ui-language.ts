import { onTestFinished } from 'vitest'

/** The UI in `language` for the rest of the test (the language chosen in Settings, read at mount). */
export function inLanguage(language: string): void {
  localStorage.setItem('wd.language', language)
  onTestFinished(() => localStorage.removeItem('wd.language'))
}
