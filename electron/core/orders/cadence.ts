/**
 * How long the watcher waits before its next poll. Pure, so the policy is tested on its own.
 *
 * - quick (5 s) for two minutes after a submission (`nudge`): the user is waiting for the order
 *   to be taken up;
 * - the default (30 s) while orders are open and moving;
 * - slower (2 min) when nothing is open, or nothing changed for 15 minutes;
 * - after errors, exponential backoff from 5 s to 10 min with jitter (half fixed, half random, so
 *   many desktops recovering together do not poll in step), never sooner than the service's
 *   Retry-After.
 * Offline there is no timer at all: the connection's probe says when the service is back.
 */
export const CADENCE = {
  quickMs: 5_000,
  quickWindowMs: 120_000,
  defaultMs: 30_000,
  idleMs: 120_000,
  quietAfterMs: 15 * 60_000,
  errorBaseMs: 5_000,
  errorMaxMs: 10 * 60_000,
} as const

interface CadenceInput {
  now: number
  /** Until when polling stays quick (0 when never nudged). */
  quickUntil: number
  openOrders: number
  /** When the last change was seen (0 when never). */
  lastChangeAt: number
  /** Consecutive failed polls. */
  failures: number
  retryAfterSeconds?: number
  /** A number in [0, 1): the jitter source. */
  random: number
}

export function nextPollDelay(c: CadenceInput): number {
  if (c.failures > 0) {
    const ceiling = Math.min(CADENCE.errorMaxMs, CADENCE.errorBaseMs * 2 ** (c.failures - 1))
    const jittered = Math.round(ceiling / 2 + (ceiling / 2) * c.random)
    return Math.max(jittered, (c.retryAfterSeconds ?? 0) * 1000)
  }
  if (c.now < c.quickUntil) return CADENCE.quickMs
  const quiet = c.openOrders === 0 || (c.lastChangeAt > 0 && c.now - c.lastChangeAt >= CADENCE.quietAfterMs)
  return quiet ? CADENCE.idleMs : CADENCE.defaultMs
}
