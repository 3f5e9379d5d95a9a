import { API_PREFIX } from './operation'
import { testAdminRoutes } from './routes/test-admin'
import { serveSandbox } from './serve'
import type { Sandbox, SandboxOptions } from './types'

export type { Fault, FaultMatch, RequestLogEntry, Sandbox, SandboxClientCredentials, SandboxControl, SandboxOptions } from './types'
export { SHOWCASE } from './seed/catalogue'

/**
 * Starts our implementation of the wholesale ordering API on 127.0.0.1 for tests and `npm run
 * sandbox`: with `testMode`, `/api/v1/_test/...` too. The app's demo starts embedded.ts instead,
 * so the test routes are not in the app's bundle.
 */
export function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  return serveSandbox(opts, (app, state, server) => {
    if (state.testMode) app.route(`${API_PREFIX}/_test`, testAdminRoutes(state, server))
  })
}
