import { describe, expect, it } from 'vitest'
import { dateExample, datePattern } from './date-pattern'

describe('date pattern of a locale', () => {
  it('puts day, month and year in the locale order with its separator', () => {
    expect(datePattern('fr')).toBe('dd/MM/yyyy')
    expect(datePattern('en-US')).toBe('MM/dd/yyyy')
    expect(datePattern('en-GB')).toBe('dd/MM/yyyy')
    expect(datePattern('de')).toBe('dd.MM.yyyy')
    expect(datePattern('nl')).toBe('dd-MM-yyyy')
    expect(dateExample('fr')).toBe('31/12/2026')
  })
})
