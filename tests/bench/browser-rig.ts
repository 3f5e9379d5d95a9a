import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { build } from 'vite'
import { testKeychain } from '../support/core/test-keychain'
import { startHarness, type Harness } from '../harness/server'
import { startSandboxProcess, type SandboxProcess } from '../harness/sandbox-process'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/app'

const REPO = resolve(import.meta.dirname, '../..')

/** What a browser bench runs against: the app in Chromium, on the harness core (this process) and a sandbox of its own. */
export interface BrowserRig {
  sandbox: SandboxProcess
  harness: Harness
  page: Page
  /** A channel of the harness core, straight (no page, no transport); throws on a refusal. */
  call<T>(channel: string, input?: unknown): Promise<T>
  /** Tears it all down, last started first. */
  close(): Promise<void>
}

/**
 * The renderer built for the harness (in a temporary folder), a sandbox in its own process with
 * `sandbox` options, the harness core and server, and a Chromium page of 1280×900 in British English.
 */
export async function browserRig(name: string, sandboxOptions: Parameters<typeof startSandboxProcess>[0]): Promise<BrowserRig> {
  const undo: (() => Promise<unknown>)[] = []
  const close = async () => {
    for (const step of undo.reverse()) await step().catch((err: unknown) => console.error(`${name} teardown:`, err))
  }
  try {
    const outDir = mkdtempSync(join(tmpdir(), `wd-${name}-bench-`))
    undo.push(async () => rmSync(outDir, { recursive: true, force: true }))
    await build({ configFile: join(REPO, 'tests/harness/vite.config.ts'), build: { outDir, emptyOutDir: true }, logLevel: 'error' })
    const sandbox = await startSandboxProcess(sandboxOptions)
    undo.push(() => sandbox.close())
    const harness = await startHarness({ sandbox, staticDir: outDir, secrets: testKeychain() })
    undo.push(() => harness.close())
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    undo.push(() => browser.close())
    const page = await (await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } })).newPage()
    const call = async <T>(channel: string, input?: unknown): Promise<T> => {
      const r = await harness.core.dispatch(channel, input)
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
      return r.value as T
    }
    return { sandbox, harness, page, call, close }
  } catch (err) {
    await close()
    throw err
  }
}
