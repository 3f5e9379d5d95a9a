import { describe, expect, it } from 'vitest'
import { crashMessages } from './crash-texts'

describe('the crash dialog’s words', () => {
  it('are in the language of the locale, English for one the app does not have', () => {
    expect(crashMessages('de_DE').reload).toBe('Neu laden')
    expect(crashMessages('nl-BE').close).toBe('Sluiten')
    expect(crashMessages('pt_BR').title).toBe('The Wholesale Desk window keeps stopping')
    expect(crashMessages(null).reload).toBe('Reload')
  })
})
