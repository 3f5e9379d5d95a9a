import { describe, expect, it } from 'vitest'
import { CADENCE, nextPollDelay } from './cadence'

const base = { now: 1_000_000, quickUntil: 0, openOrders: 5, lastChangeAt: 1_000_000 - 60_000, failures: 0, random: 0.5 }

describe('poll cadence', () => {
  it('polls at the default interval while orders are open and moving', () => {
    expect(nextPollDelay(base)).toBe(CADENCE.defaultMs)
  })

  it('polls quickly right after a submission, then falls back', () => {
    expect(nextPollDelay({ ...base, quickUntil: base.now + 1 })).toBe(CADENCE.quickMs)
    expect(nextPollDelay({ ...base, quickUntil: base.now })).toBe(CADENCE.defaultMs)
  })

  it('slows down when nothing is open or nothing changed for a long while', () => {
    expect(nextPollDelay({ ...base, openOrders: 0 })).toBe(CADENCE.idleMs)
    expect(nextPollDelay({ ...base, lastChangeAt: base.now - CADENCE.quietAfterMs })).toBe(CADENCE.idleMs)
  })

  it('backs off exponentially with jitter, capped, on errors', () => {
    const at = (failures: number, random: number) => nextPollDelay({ ...base, failures, random })
    expect(at(1, 0)).toBe(2_500)
    expect(at(1, 0.999)).toBeLessThanOrEqual(5_000)
    expect(at(2, 0)).toBe(5_000)
    expect(at(4, 0)).toBe(20_000)
    expect(at(30, 0.999)).toBeLessThanOrEqual(CADENCE.errorMaxMs)
    expect(at(30, 0)).toBe(CADENCE.errorMaxMs / 2)
    // Jitter spreads recovering clients.
    expect(at(3, 0.1)).not.toBe(at(3, 0.9))
  })

  it('never polls before the Retry-After the service asked for', () => {
    expect(nextPollDelay({ ...base, failures: 1, random: 0, retryAfterSeconds: 120 })).toBe(120_000)
    expect(nextPollDelay({ ...base, failures: 1, random: 0, retryAfterSeconds: 1 })).toBe(2_500)
  })
})
