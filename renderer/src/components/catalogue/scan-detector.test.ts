import { describe, expect, it } from 'vitest'
import { ScanDetector } from './scan-detector'

function typed(detector: ScanDetector, text: string, start: number, gap: number): number {
  let t = start
  for (const c of text) {
    detector.key(c, t)
    t += gap
  }
  return t - gap
}

describe('telling a scanner from a person', () => {
  it('takes a fast burst followed by Enter as a scan', () => {
    const d = new ScanDetector()
    const last = typed(d, 'SW-24P-POE', 1000, 6)
    expect(d.enter(last + 8)).toBe('SW-24P-POE')
  })

  it('takes hand typing followed by Enter as typing', () => {
    const d = new ScanDetector()
    const last = typed(d, 'switch', 1000, 120)
    expect(d.enter(last + 150)).toBeNull()
  })

  it('keeps only the burst when a scan follows typed text', () => {
    const d = new ScanDetector()
    const last = typed(d, 'abc', 0, 150)
    const end = typed(d, 'AP-WIFI6-IN', last + 2000, 4)
    expect(d.enter(end + 5)).toBe('AP-WIFI6-IN')
  })

  it('tolerates one key delayed by a busy machine, not a slow Enter', () => {
    const d = new ScanDetector()
    for (const [c, t] of [['A', 0], ['B', 5], ['C', 75], ['D', 80], ['E', 85], ['F', 90], ['G', 95]] as const) d.key(c, t)
    expect(d.enter(100)).toBe('ABCDEFG')
    typed(d, 'ABCDEFG', 0, 5)
    expect(d.enter(30 + 500)).toBeNull()
  })

  it('ignores bursts too short to be a code, and runs broken by other keys', () => {
    const d = new ScanDetector()
    typed(d, 'ab', 0, 5)
    expect(d.enter(12)).toBeNull()
    typed(d, 'ABCDEF', 0, 5)
    d.reset()
    expect(d.enter(30)).toBeNull()
  })
})
