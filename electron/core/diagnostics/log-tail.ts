import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LOG_FILE_NAME } from '../log/file-logger'

/** How many log lines a support bundle carries. */
export const BUNDLE_LOG_LINES = 2000

/**
 * The last `max` lines of the app's log, oldest first, across the rotated files (`.2`, `.1`, then
 * the current one). A missing or unreadable file contributes nothing.
 */
export function logTail(dataDir: string, max = BUNDLE_LOG_LINES, rotated = 2): string[] {
  const base = join(dataDir, 'logs', LOG_FILE_NAME)
  const out: string[] = []
  // Newest file first, each read from its end, until enough lines are collected.
  for (const path of [base, ...Array.from({ length: rotated }, (_, i) => `${base}.${i + 1}`)]) {
    if (out.length >= max) break
    if (!existsSync(path)) continue
    let lines: string[]
    try {
      lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0)
    } catch {
      continue
    }
    out.unshift(...lines.slice(Math.max(0, lines.length - (max - out.length))))
  }
  return out
}
