import type { SandboxOptions } from '../../electron/sandbox'
import { testKeychain } from '../support/core/test-keychain'
import { startInProcessApp, type InProcessApp } from './in-process'
import { startSandboxProcess, type SandboxProcess } from './sandbox-process'

export interface DemoApp {
  sandbox: SandboxProcess
  /** The real core in this process, as `window.api` for mountApp. */
  app: InProcessApp
  close(): Promise<void>
}

/**
 * TESTS ONLY — the real core in the test's process on a real sandbox in a child process (component
 * tests run under happy-dom, whose globals break an HTTP server in the same process), connected
 * with demo data; with `sync`, its catalogue synced to the end first.
 */
export async function startDemoApp(opts: { sandbox: SandboxOptions; sync?: boolean }): Promise<DemoApp> {
  const sandbox = await startSandboxProcess(opts.sandbox)
  let app: InProcessApp | null = null
  const close = async () => {
    await app?.close()
    await sandbox.close()
  }
  try {
    app = await startInProcessApp({ sandbox, secrets: testKeychain() })
    const started = await app.api.connection.startDemo()
    if (!started.ok) throw new Error(started.error.message)
    if (opts.sync) {
      const synced = await app.api.catalogue.sync()
      if (!synced.ok || synced.value.outcome !== 'completed') throw new Error('the catalogue did not sync')
    }
    return { sandbox, app, close }
  } catch (err) {
    await close()
    throw err
  }
}
