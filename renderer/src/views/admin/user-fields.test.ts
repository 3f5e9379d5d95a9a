import { describe, expect, it } from 'vitest'
import { USER_TIMEOUTS } from '../../../../shared/api'
import { durationLabel, languageName, timeZones } from './user-fields'

describe('user fields as people read them', () => {
  it('names languages in the UI language and in their own', () => {
    expect(languageName('de', 'en')).toBe('German (Deutsch)')
    expect(languageName('en', 'en')).toBe('English')
    expect(languageName('fr', 'de')).toBe('Französisch (français)')
  })

  it('shows the seven timeouts as durations', () => {
    expect(USER_TIMEOUTS.map((s) => durationLabel(s, 'en'))).toEqual(['24 hours', '12 hours', '8 hours', '4 hours', '2 hours', '1 hour', '30 minutes'])
    expect(durationLabel(1800, 'de')).toBe('30 Minuten')
  })

  it('offers the known time zones and keeps an unknown current one', () => {
    expect(timeZones()).toContain('Europe/London')
    expect(timeZones('Mars/Olympus')[0]).toBe('Mars/Olympus')
  })
})
