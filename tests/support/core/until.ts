import { vi } from 'vitest'

/**
 * TESTS ONLY — vitest's waitUntil (every 10 ms, up to 5 s) for something the core does in the
 * background (a probe, a sync, a warm-up), failing with what did not happen rather than a bare timeout.
 */
export function until<T>(check: () => T | Promise<T>, what: string): Promise<T> {
  return vi.waitUntil(check, { timeout: 5000, interval: 10 }).catch(() => {
    throw new Error(`${what} did not happen`)
  })
}
