import type { Clock } from './services'

/**
 * A clock that moves only when told to: lets tests (and benchmarks) drive token expiry, polling
 * intervals and schedules deterministically. Timers due at or before the new time run in order.
 */
export class ManualClock implements Clock {
  private time: number
  private seq = 0
  private timers = new Map<number, { at: number; fn: () => void }>()

  constructor(start = Date.UTC(2026, 10, 22, 9, 0, 0)) {
    this.time = start
  }

  now(): number {
    return this.time
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number)
  }

  /** Moves time forward, running each timer that falls due (timers may schedule more). */
  advance(ms: number): void {
    const target = this.time + ms
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined
      for (const entry of this.timers) if (entry[1].at <= target && (!next || entry[1].at < next[1].at)) next = entry
      if (!next) break
      this.timers.delete(next[0])
      this.time = Math.max(this.time, next[1].at)
      next[1].fn()
    }
    this.time = target
  }

  /**
   * The wall clock is set forward or back (a timezone fix, a wrong clock corrected). Timers run after
   * the time they were given, as the system's do (they measure elapsed time, not the wall clock).
   */
  jump(ms: number): void {
    this.time += ms
    for (const t of this.timers.values()) t.at += ms
  }

  pending(): number {
    return this.timers.size
  }
}
