import { flushPromises, mount } from '@vue/test-utils'
import { createMemoryHistory, type RouteRecordRaw } from 'vue-router'
import type { Api } from '../../../shared/ipc/api-builder'
import App from '../../../renderer/src/App.vue'
import { createPlugins } from '../../../renderer/src/setup'
import { useConnectionStore } from '../../../renderer/src/stores/connection'
import { useInPageAlertsStore } from '../../../renderer/src/stores/in-page-alerts'

/**
 * TESTS ONLY — mounts the whole app as main.ts does, on the `window.api` given (in component
 * tests: tests/harness/in-process.ts, the real core in the test's process), at `path`, with any
 * `routes` a test needs besides the app's.
 */
export async function mountApp(api: Api, opts: { path?: string; routes?: RouteRecordRaw[] } = {}) {
  window.api = api
  const plugins = await createPlugins({ history: createMemoryHistory() })
  for (const route of opts.routes ?? []) plugins.router.addRoute(route)
  await plugins.router.push(opts.path ?? '/')
  const wrapper = mount(App, { attachTo: document.body, global: { plugins: [plugins.pinia, plugins.i18n, plugins.router] } })
  await flushPromises()
  return {
    wrapper,
    ...plugins,
    unmount() {
      // naive-ui's message timers outlive an unmount (nothing clears them) and fire on a window that
      // happy-dom has already torn down: an unhandled error that fails a run whose tests all passed.
      for (const provider of wrapper.findAllComponents({ name: 'MessageProvider' })) (provider.vm as unknown as { destroyAll(): void }).destroyAll()
      wrapper.unmount()
      useConnectionStore(plugins.pinia).dispose()
      useInPageAlertsStore(plugins.pinia).stop()
      document.body.innerHTML = ''
    },
  }
}

/** What a check gives once it has passed: `cond && value` gives false, 0 or '' while it has not. */
type Passed<T> = Exclude<T, false | 0 | '' | null | undefined>

/** Waits until `check` gives something truthy (re-rendering in between), or fails with its last error. */
export async function waitFor<T>(check: () => T | Promise<T>, what = 'the condition', timeoutMs = 10_000): Promise<Passed<T>> {
  const started = Date.now()
  let last: unknown
  for (;;) {
    await flushPromises()
    try {
      const result = await check()
      if (result) return result as Passed<T>
      last = new Error(`${what} is not met yet`)
    } catch (err) {
      last = err
    }
    if (Date.now() - started > timeoutMs) throw last
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** The first element matching, in the mounted app. */
export const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)
/** Every element matching, in the mounted app. */
export const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)]

/** Types `value` into an input as a user would: the value, then the input event the app listens to. */
export function typeInto(el: HTMLInputElement, value: string): void {
  el.value = value
  el.dispatchEvent(new Event('input', { bubbles: true }))
}
