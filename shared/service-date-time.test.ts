import { describe, expect, it } from 'vitest'
import { parseServiceDateTime } from './service-date-time'

describe('service date-times', () => {
  it('reads a zone-less date-time as UTC', () => {
    expect(parseServiceDateTime('2024-05-01T14:30:00')?.toISOString()).toBe('2024-05-01T14:30:00.000Z')
    expect(parseServiceDateTime('2024-05-01 14:30')?.toISOString()).toBe('2024-05-01T14:30:00.000Z')
  })
  it('reads fractional seconds, with or without a zone', () => {
    expect(parseServiceDateTime('2024-05-01T14:30:00.123456')?.toISOString()).toBe('2024-05-01T14:30:00.123Z')
    expect(parseServiceDateTime('2024-05-01T14:30:00.5+02:00')?.toISOString()).toBe('2024-05-01T12:30:00.500Z')
  })
  it('keeps an explicit zone', () => {
    expect(parseServiceDateTime('2024-05-01T14:30:00+02:00')?.toISOString()).toBe('2024-05-01T12:30:00.000Z')
    expect(parseServiceDateTime('2024-05-01T14:30:00Z')?.toISOString()).toBe('2024-05-01T14:30:00.000Z')
  })
  it('refuses what is not a date-time', () => {
    expect(parseServiceDateTime('yesterday')).toBeNull()
    expect(parseServiceDateTime('2024-13-45T99:00:00')).toBeNull()
    expect(parseServiceDateTime('')).toBeNull()
    expect(parseServiceDateTime(null)).toBeNull()
  })
})
