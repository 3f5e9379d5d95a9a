import { join } from 'node:path'
import type { DemoLauncher, Logger } from '../core/platform/services'

export const DEMO_DB_FILE = 'demo-service.db'
/** The demo's order simulator pace. */
export const DEMO_MOVES_PER_MINUTE = 3

export interface DemoService {
  /** The core's DemoLauncher: starts the embedded service once and answers where and as whom to connect. */
  launch: DemoLauncher
  /** Stops the embedded service (app quit). */
  close(): Promise<void>
  control(): Promise<import('../sandbox/types').SandboxControl | null>
}

/**
 * The embedded demo service: our sandbox implementation of the wholesale API, on 127.0.0.1 with a
 * random port, keeping its data in `<userData>/demo-service.db` so demo orders survive a restart.
 * It is loaded lazily: a user who never opens the demo never loads it.
 */
export function createDemoService(userDataDir: string, log: Pick<Logger, 'info' | 'warn'>): DemoService {
  type Running = Awaited<ReturnType<typeof import('../sandbox/embedded').startEmbeddedSandbox>>
  let running: Promise<Running> | null = null

  const start = async (): Promise<Running> => {
    const { startEmbeddedSandbox } = await import('../sandbox/embedded')
    // A few orders move each minute, as in a distributor's day: not the seeded backlog all at once.
    const sandbox = await startEmbeddedSandbox({ dbPath: join(userDataDir, DEMO_DB_FILE), port: 0, movesPerMinute: DEMO_MOVES_PER_MINUTE })
    log.info('demo service started', { baseUrl: sandbox.baseUrl })
    return sandbox
  }

  return {
    async launch() {
      running ??= start()
      try {
        const s = await running
        return { baseUrl: s.baseUrl, clientId: s.demo.clientId, clientSecret: s.demo.clientSecret }
      } catch (err) {
        running = null // let the next attempt try again
        throw err
      }
    },
    /** The running demo service's control (tests drive its orders' statuses); null when it is not running. */
    async control() {
      return running ? (await running).control : null
    },
    async close() {
      const current = running
      running = null
      if (!current) return
      try {
        await (await current).close()
      } catch (err) {
        log.warn('demo service did not stop cleanly', { message: (err as Error).message })
      }
    },
  }
}
