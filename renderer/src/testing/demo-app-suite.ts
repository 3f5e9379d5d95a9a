import { afterAll, afterEach, beforeAll } from 'vitest'
import type { Api } from '../../../shared/ipc/api-builder'
import { startDemoApp, type DemoApp } from '../../../tests/harness/demo-app'
import { mountApp } from './mount-app'

type MountedApp = Awaited<ReturnType<typeof mountApp>>

interface DemoAppSuite extends Pick<DemoApp, 'sandbox' | 'app'> {
  /** Mounts the app (on the demo app's `window.api` unless given another); it is unmounted after the test. */
  mount(opts?: Parameters<typeof mountApp>[1] & { api?: Api }): Promise<MountedApp>
  /** The app the running test mounted. */
  readonly mounted: MountedApp
}

/**
 * TESTS ONLY — call in a `describe`: starts the demo app (tests/harness/demo-app) before the suite,
 * unmounts the app a test mounted after each test and then runs `cleanUp`, closes it all at the end.
 */
export function demoAppSuite(opts: Parameters<typeof startDemoApp>[0] & { cleanUp?: () => unknown }): DemoAppSuite {
  const { cleanUp, ...start } = opts
  let demo: DemoApp | undefined
  let mounted: MountedApp | null = null
  const started = (): DemoApp => {
    if (!demo) throw new Error('the demo app starts before the suite: use it in tests and hooks')
    return demo
  }

  beforeAll(async () => {
    demo = await startDemoApp(start)
  })
  afterEach(async () => {
    mounted?.unmount()
    mounted = null
    await cleanUp?.()
  })
  afterAll(() => demo?.close())

  return {
    get sandbox() {
      return started().sandbox
    },
    get app() {
      return started().app
    },
    get mounted() {
      if (!mounted) throw new Error('no app is mounted in this test')
      return mounted
    },
    async mount({ api, ...rest } = {}) {
      mounted = await mountApp(api ?? started().app.api, rest)
      return mounted
    },
  }
}
