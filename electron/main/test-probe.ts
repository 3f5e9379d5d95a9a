import type { SecretStore } from '../core/credentials/secret-store'
import type { DemoService } from './demo'

/**
 * TESTS ONLY — what the shell did, for the real-Electron journeys (tests/electron), which read it
 * from the main process with `electronApp.evaluate(() => globalThis.__wholesaleDeskProbe)`. It
 * exists only when the app was started with WHOLESALE_DESK_TEST_PROBE=1; a normal start has none.
 */
export interface ShellProbe {
  tray: { tooltip: string | null; icon: string | null }
  notifications: { title: string; body: string }[]
  /** The secret store the core uses: the journey reads the demo's secret back from the OS keychain through it. */
  secrets: SecretStore | null
  demoSecret: string | null
  /** The embedded demo service: the journey changes an order's status through its control. */
  demo: DemoService | null
}

export function createShellProbe(env: NodeJS.ProcessEnv): ShellProbe | null {
  if (env.WHOLESALE_DESK_TEST_PROBE !== '1') return null
  const probe: ShellProbe = { tray: { tooltip: null, icon: null }, notifications: [], secrets: null, demoSecret: null, demo: null }
  ;(globalThis as { __wholesaleDeskProbe?: ShellProbe }).__wholesaleDeskProbe = probe
  return probe
}
