import { chromium, type Browser, type Page } from 'playwright-core'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../electron/sandbox'
import { startHarness, type Harness, type HarnessOptions } from '../../harness/server'
import { DISABLE_FEATURES_ARG } from '../../../electron/main/chromium-features'

/**
 * Debian's Chromium (CI on Windows and macOS names its Chrome in CHROMIUM_PATH), headless, with
 * nothing that talks to the outside world, and without the Chromium features the app's own
 * renderer runs without (chromium-features.ts): the harness page behaves as the app's does.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', DISABLE_FEATURES_ARG]

/** Small seeds keep every journey fast; the simulator is off so tests drive order transitions. */
export const E2E_SANDBOX: SandboxOptions = { products: 300, orders: 30, speed: 0, testMode: true }

export interface AppUnderTest {
  page: Page
  browser: Browser
  harness: Harness
  /** The sandbox demo mode connects to: drive it with `sandbox.control` (pause, transition, faults …). */
  sandbox: Sandbox
  url: string
  /** Uncaught errors of any page so far: a journey with one has failed, even if the screen looks right. */
  pageErrors: Error[]
  /** Opens the app in a fresh page (a new window on the same core). */
  newPage(): Promise<Page>
  /** A channel of the core behind the page, as the page would call it; throws on an error reply. */
  call<T = unknown>(channel: string, input?: unknown): Promise<T>
  /** "Explore with demo data" on the connection screen, until the demo user is shown. */
  startDemo(): Promise<void>
  close(): Promise<void>
}

export interface LaunchOptions {
  sandbox?: SandboxOptions
  harness?: Omit<HarnessOptions, 'sandbox'>
  /** Browser preferences of the page, e.g. { colorScheme: 'dark', locale: 'de-DE' }. */
  page?: { colorScheme?: 'light' | 'dark'; locale?: string }
  /** The window's inner size the pages open at (1280×860 when not given), e.g. a small laptop's { width: 1024, height: 700 }. */
  viewport?: { width: number; height: number }
  /**
   * Scrollbars that take their width from the page, as the app's window has on Windows and Linux
   * (headless Chromium hides them): for what lines up beside a scrolling list.
   */
  scrollbars?: boolean
}

/**
 * Sandbox + harness (the real core) + Chromium on the built renderer, everything torn down by
 * close() in reverse order, also when a step of the start fails half-way.
 */
export async function launchApp(opts: LaunchOptions = {}): Promise<AppUnderTest> {
  const undo: (() => Promise<unknown>)[] = []
  const close = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch((err: unknown) => console.error('e2e teardown:', err))
  }
  try {
    const sandbox = await startSandbox({ ...E2E_SANDBOX, ...opts.sandbox })
    undo.push(() => sandbox.close())
    const harness = await startHarness({ ...opts.harness, sandbox })
    undo.push(() => harness.close())
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ignoreDefaultArgs: opts.scrollbars ? ['--hide-scrollbars'] : undefined })
    undo.push(() => browser.close())
    const context = await browser.newContext({ colorScheme: opts.page?.colorScheme ?? 'light', locale: opts.page?.locale ?? 'en-GB', viewport: opts.viewport ?? { width: 1280, height: 860 } })
    const pageErrors: Error[] = []
    const newPage = async () => {
      const p = await context.newPage()
      p.on('pageerror', (err) => pageErrors.push(err))
      await p.goto(harness.url)
      return p
    }
    const page = await newPage()
    const call = async <T>(channel: string, input?: unknown): Promise<T> => {
      const r = await harness.core.dispatch(channel, input)
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
      return r.value as T
    }
    const startDemo = async () => {
      await page.click('[data-testid=start-demo]')
      await page.waitForSelector('[data-testid=current-user]')
    }
    return { page, browser, harness, sandbox, url: harness.url, pageErrors, newPage, call, startDemo, close }
  } catch (err) {
    await close()
    throw err
  }
}
