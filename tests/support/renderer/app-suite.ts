import { afterAll, afterEach, beforeAll } from 'vitest'
import type { Api } from '../../../shared/ipc/api-builder'
import type { HarnessCoreOptions } from '../../harness/harness-core'
import { startDemoApp } from '../../harness/demo-app'
import { startInProcessApp, type InProcessApp } from '../../harness/in-process'
import { startSandboxProcess, type SandboxProcess } from '../../harness/sandbox-process'
import { mountApp } from './mount-app'

type MountedApp = Awaited<ReturnType<typeof mountApp>>
type SandboxOptions = NonNullable<Parameters<typeof startSandboxProcess>[0]>

/** What a suite starts: the real core in this process, on a sandbox or not. */
interface Started<S extends SandboxProcess | undefined> {
  sandbox: S
  app: InProcessApp
  close(): Promise<void>
}

export interface AppSuite<S extends SandboxProcess | undefined> {
  readonly sandbox: S
  readonly app: InProcessApp
  /** Mounts the app (on the suite's `window.api` unless given another); it is unmounted after the test. */
  mount(opts?: Parameters<typeof mountApp>[1] & { api?: Api }): Promise<MountedApp>
  /** The app the running test mounted. */
  readonly mounted: MountedApp
}

type CleanUp = { cleanUp?: () => unknown }

/**
 * TESTS ONLY — call in a `describe`: starts the core (tests/harness) before the suite, unmounts the
 * app a test mounted after each test and then runs `cleanUp`, closes it all at the end.
 */
function suite<S extends SandboxProcess | undefined>(start: () => Promise<Started<S>>, cleanUp?: () => unknown): AppSuite<S> {
  let started: Started<S> | undefined
  let mounted: MountedApp | null = null
  const running = (): Started<S> => {
    if (!started) throw new Error('the app starts before the suite: use it in tests and hooks')
    return started
  }

  beforeAll(async () => {
    started = await start()
  })
  afterEach(async () => {
    mounted?.unmount()
    mounted = null
    await cleanUp?.()
  })
  afterAll(() => started?.close())

  return {
    get sandbox() {
      return running().sandbox
    },
    get app() {
      return running().app
    },
    get mounted() {
      if (!mounted) throw new Error('no app is mounted in this test')
      return mounted
    },
    async mount({ api, ...rest } = {}) {
      mounted = await mountApp(api ?? running().app.api, rest)
      return mounted
    },
  }
}

/** TESTS ONLY — a suite on the demo app (tests/harness/demo-app): a sandbox, connected with demo data. */
export function demoAppSuite(opts: Parameters<typeof startDemoApp>[0] & CleanUp): AppSuite<SandboxProcess> {
  const { cleanUp, ...start } = opts
  return suite(() => startDemoApp(start), cleanUp)
}

/**
 * TESTS ONLY — a suite on the core before any connection (the first run), on a sandbox in a child
 * process when `sandbox` is given; `core` as the harness takes it (keychain, harness mode).
 */
export function appSuite(opts: { sandbox: SandboxOptions; core?: Omit<HarnessCoreOptions, 'sandbox'> } & CleanUp): AppSuite<SandboxProcess>
export function appSuite(opts: { core?: HarnessCoreOptions } & CleanUp): AppSuite<undefined>
export function appSuite(opts: { sandbox?: SandboxOptions; core?: HarnessCoreOptions } & CleanUp): AppSuite<SandboxProcess | undefined> {
  return suite(async () => {
    const sandbox = opts.sandbox ? await startSandboxProcess(opts.sandbox) : undefined
    try {
      const app = await startInProcessApp({ ...opts.core, sandbox: sandbox ?? opts.core?.sandbox })
      return {
        sandbox,
        app,
        close: async () => {
          await app.close()
          await sandbox?.close()
        },
      }
    } catch (err) {
      await sandbox?.close()
      throw err
    }
  }, opts.cleanUp)
}
