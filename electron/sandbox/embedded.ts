import { serveSandbox } from './serve'
import type { Sandbox, SandboxOptions } from './types'

/** What the app's demo may choose: everything but test mode. */
export type EmbeddedSandboxOptions = Omit<SandboxOptions, 'testMode'>

/**
 * The sandbox as the desktop app embeds it for demo mode: the service's routes only. It never
 * imports the test routes (routes/test-admin.ts), so they are not in the app's main bundle, and
 * fault injection stays off whatever a caller passes.
 */
export function startEmbeddedSandbox(opts: EmbeddedSandboxOptions = {}): Promise<Sandbox> {
  return serveSandbox({ ...opts, testMode: false })
}
