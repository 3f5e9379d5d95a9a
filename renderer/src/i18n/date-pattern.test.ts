import { describe, expect, it } from 'vitest'
import { dateLetters, datePattern } from './date-pattern'

describe('date pattern of a locale', () => {
  it('puts day, month and year in the locale order with its separator', () => {
    expect(datePattern('fr')).toBe('dd/MM/yyyy')
    expect(datePattern('en-US')).toBe('MM/dd/yyyy')
    expect(datePattern('en-GB')).toBe('dd/MM/yyyy')
    expect(datePattern('de')).toBe('dd.MM.yyyy')
    expect(datePattern('nl')).toBe('dd-MM-yyyy')
  })

  it('writes an empty field\u2019s placeholder as letters in the locale\u2019s order, never as a date that looks chosen', () => {
    expect(dateLetters('fr', { day: 'jj', month: 'mm', year: 'aaaa' })).toBe('jj/mm/aaaa')
    expect(dateLetters('de', { day: 'TT', month: 'MM', year: 'JJJJ' })).toBe('TT.MM.JJJJ')
    expect(dateLetters('en-US', { day: 'dd', month: 'mm', year: 'yyyy' })).toBe('mm/dd/yyyy')
  })
})
