import type { Sandbox } from '../../../electron/sandbox'
import { until } from './until'

/**
 * TESTS ONLY — waits until the core has asked the service nothing for a moment (a warm-up, what
 * follows a connection or an edit), so a test can then check what was, or was not, asked.
 */
export async function serviceQuiet(service: Sandbox): Promise<void> {
  let seen = -1
  await until(async () => {
    const now = service.control.requestLog().length
    const settled = now === seen
    seen = now
    await new Promise((ok) => setTimeout(ok, 100))
    return settled
  }, 'the service quiet')
}
