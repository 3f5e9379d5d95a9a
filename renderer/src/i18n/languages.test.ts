import { describe, expect, it } from 'vitest'
import { resolveLanguage } from './language-sync'
import { bcp47, languageOf } from './languages'

describe('UI language', () => {
  it('comes from an account locale in either spelling', () => {
    expect(languageOf('en_GB')).toBe('en')
    expect(languageOf('de-DE')).toBe('de')
    expect(languageOf('FR')).toBe('fr')
    expect(languageOf('nl_BE')).toBe('nl')
  })
  it('is null for a language the app does not have', () => {
    expect(languageOf('pt_BR')).toBeNull()
    expect(languageOf('')).toBeNull()
    expect(languageOf(undefined)).toBeNull()
  })
  it('follows the Settings override first, then the account, then the OS, then English', () => {
    expect(resolveLanguage('it', 'de_DE', 'fr-FR')).toBe('it')
    expect(resolveLanguage('auto', 'de_DE', 'fr-FR')).toBe('de')
    expect(resolveLanguage('auto', null, 'fr-FR')).toBe('fr')
    expect(resolveLanguage('auto', 'pt_BR', 'ja-JP')).toBe('en')
  })
  it('turns an account locale into one Intl accepts', () => {
    expect(bcp47('en_GB')).toBe('en-GB')
    expect(bcp47('de-de')).toBe('de-DE')
    expect(bcp47('not a locale!')).toBeNull()
  })
})
