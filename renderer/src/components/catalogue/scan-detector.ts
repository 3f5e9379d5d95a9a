/**
 * Tells a keyboard-wedge barcode scanner from a person typing. A scanner "types" the whole code in
 * a burst (a few milliseconds between keys) and ends it with Enter; people leave 80 ms or more
 * between keys. A scan is a run of at least MIN_LENGTH characters whose gaps average under
 * BURST_GAP_MS, none over MAX_GAP_MS (a busy machine may delay one key), followed quickly by Enter.
 */
const BURST_GAP_MS = 35
const MAX_GAP_MS = 100
const MIN_LENGTH = 3

export class ScanDetector {
  private chars: string[] = []
  private times: number[] = []

  /** A printable character was typed at `time` (ms, event.timeStamp). */
  key(char: string, time: number): void {
    const last = this.times.at(-1)
    // A slow key starts a new run: whatever was typed before it is not part of a scan.
    if (last === undefined || time - last > MAX_GAP_MS) {
      this.chars = []
      this.times = []
    }
    this.chars.push(char)
    this.times.push(time)
  }

  /** Any other key (Backspace, arrows …): the run is broken. */
  reset(): void {
    this.chars = []
    this.times = []
  }

  /** Enter at `time`: the scanned code, or null when the run was typed by hand. Resets either way. */
  enter(time: number): string | null {
    const { chars, times } = this
    this.reset()
    if (chars.length < MIN_LENGTH) return null
    const last = times.at(-1)!
    if (time - last > MAX_GAP_MS) return null
    const gaps = times.slice(1).map((t, i) => t - times[i]!)
    const average = gaps.reduce((a, b) => a + b, 0) / gaps.length
    if (average >= BURST_GAP_MS) return null
    const code = chars.join('').trim()
    return code || null
  }
}
