import type { RestartBlocker } from '../../../shared/model/updates'

/*
 * When to look for an update and when a restart into it is safe: pure decisions, the clock passed in.
 */

export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000
/** A failed check (offline, feed down) is tried again sooner than the regular interval. */
export const RETRY_AFTER_FAILURE_MS = 30 * 60 * 1000
/** The scheduler wakes at least this often: a laptop that slept through a due check checks on waking. */
export const WAKE_INTERVAL_MS = 15 * 60 * 1000
/** A draft changed this recently is being edited: its typist is mid-change. */
export const EDIT_QUIET_MS = 10_000

export interface CheckState {
  /** This build can update itself and the user (or the administrator) has checks on. */
  enabled: boolean
  /** A check or download runs already, or an update is downloaded and waits for a restart. */
  busy: boolean
  /** The last check of this run; null at start, so the first check is made at once. */
  lastAttempt: { at: number; ok: boolean } | null
}

/** Milliseconds until the next check is due (0: now), or null when no check will be made. */
export function msUntilCheck(s: CheckState, now: number): number | null {
  if (!s.enabled || s.busy) return null
  if (!s.lastAttempt) return 0
  const elapsed = now - s.lastAttempt.at
  // A clock set back would otherwise postpone the next check by however far it went back.
  if (elapsed < 0) return 0
  return Math.max(0, (s.lastAttempt.ok ? CHECK_INTERVAL_MS : RETRY_AFTER_FAILURE_MS) - elapsed)
}

export interface RestartInput {
  /** Drafts the outbox is sending right now. */
  sending: number
  /** The renderer holds edits it has not handed to the core. */
  unsavedReported: boolean
  lastDraftEditAt: number | null
}

/** What a restart now would interrupt or lose; empty when it is safe. */
export function restartBlockers(s: RestartInput, now: number): RestartBlocker[] {
  const out: RestartBlocker[] = []
  if (s.sending > 0) out.push('sending')
  const typing = s.lastDraftEditAt !== null && now - s.lastDraftEditAt >= 0 && now - s.lastDraftEditAt < EDIT_QUIET_MS
  if (s.unsavedReported || typing) out.push('unsavedEdits')
  return out
}
