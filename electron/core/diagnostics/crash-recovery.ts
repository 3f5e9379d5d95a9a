/*
 * What the shell does when a process dies. The renderer holds nothing the core does not also keep
 * (drafts are saved in the core as they are edited), so a crashed window is reloaded where it was
 * and shows the same draft. A renderer that keeps crashing is not reloaded in a loop.
 */

/** Electron's RenderProcessGoneDetails.reason values. */
export type GoneReason = 'clean-exit' | 'abnormal-exit' | 'killed' | 'crashed' | 'oom' | 'launch-failed' | 'integrity-failure' | 'memory-eviction' | (string & {})

/** Crashes within this window count towards a crash loop. */
export const CRASH_LOOP_WINDOW_MS = 60_000
export const CRASH_LOOP_LIMIT = 3

export type RecoveryAction =
  /** Load the window again at `url`. */
  | { kind: 'reload'; url: string }
  /** Stop reloading; tell the user (with the log's path) and offer a manual reload. */
  | { kind: 'giveUp'; url: string }
  /** The process ended on purpose (the window closed): nothing to recover. */
  | { kind: 'none' }

export interface RecoveryInput {
  reason: GoneReason
  /** The page the window showed (its app:// URL with the route), or null when unknown. */
  lastUrl: string | null
  /** The app's entry page: where to go when the last URL is not one of ours. */
  entryUrl: string
  /** Origins the app's own pages are served from. */
  appOrigins: readonly string[]
  /** When earlier renderer crashes of this run happened. */
  recentCrashes: readonly number[]
  now: number
}

export function recoverFromRendererGone(input: RecoveryInput): RecoveryAction {
  if (input.reason === 'clean-exit') return { kind: 'none' }
  const url = ownPage(input.lastUrl, input.appOrigins) ?? input.entryUrl
  const recent = input.recentCrashes.filter((t) => input.now - t >= 0 && input.now - t < CRASH_LOOP_WINDOW_MS).length
  // This crash included: the third within a minute stops the loop.
  if (recent + 1 >= CRASH_LOOP_LIMIT) return { kind: 'giveUp', url }
  return { kind: 'reload', url }
}

/** The last URL when it is a page of the app's own origin; never a page a bug navigated elsewhere. */
function ownPage(url: string | null, origins: readonly string[]): string | null {
  if (!url || !URL.canParse(url)) return null
  const u = new URL(url)
  // Composed by hand: URL.origin is "null" for app:.
  return u.host && origins.includes(`${u.protocol}//${u.host}`.toLowerCase()) ? url : null
}

/** The crash times to keep: only those that still count towards a loop. */
export function rememberCrash(recent: readonly number[], now: number): number[] {
  return [...recent.filter((t) => now - t >= 0 && now - t < CRASH_LOOP_WINDOW_MS), now]
}

/** A log entry for a process that went away, with everything Electron said about why. */
export function goneLogEntry(kind: 'renderer' | 'child', details: { reason: string; exitCode?: number; type?: string; serviceName?: string; name?: string }): { message: string; detail: Record<string, unknown> } {
  return {
    message: kind === 'renderer' ? `renderer process gone: ${details.reason}` : `child process gone: ${details.type ?? 'unknown'} ${details.reason}`,
    detail: { reason: details.reason, exitCode: details.exitCode ?? null, type: details.type ?? null, serviceName: details.serviceName ?? null, name: details.name ?? null },
  }
}
