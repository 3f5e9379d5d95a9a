/** The sandbox's own time: real time plus an offset tests can advance (token expiry, workflow). */
export class Clock {
  private offsetMs = 0

  now(): number {
    return Date.now() + this.offsetMs
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('advanceClock needs a non-negative number of seconds')
    this.offsetMs += seconds * 1000
  }

  /** ISO 8601 without a zone designator, as the spec writes date-times. */
  iso(ms = this.now()): string {
    return isoDateTime(ms)
  }
}

export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19)
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}
