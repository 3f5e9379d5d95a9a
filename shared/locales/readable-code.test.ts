import { describe, expect, it } from 'vitest'
import { readableCode } from './readable-code'

describe('a code the app has no words for, made readable', () => {
  it('reads as words in sentence case, not a shouted code', () => {
    expect(readableCode('ON_HOLD')).toBe('On hold')
    expect(readableCode('RENEWAL_UPGRADE')).toBe('Renewal upgrade')
    expect(readableCode('per_seat_tier')).toBe('Per seat tier')
    expect(readableCode('host')).toBe('Host')
  })

  it('keeps the case of a code written in mixed case', () => {
    expect(readableCode('eSIM')).toBe('eSIM')
    expect(readableCode('per_GB')).toBe('per GB')
  })
})
