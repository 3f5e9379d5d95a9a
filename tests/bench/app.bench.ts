import { readdirSync, readFileSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { build } from 'vite'
import type { CatalogueStatus, SyncOutcome } from '../../shared/ipc/channels/catalogue'
import { createCore, type Core } from '../../electron/core'
import { testKeychain } from '../support/core/test-keychain'
import { rendererDefines } from '../../renderer/bundle-flags'
import { startSandboxProcess } from '../harness/sandbox-process'
import type { Print } from './run'
import { percentile } from './statistics'

/**
 * The app as it starts:
 * - app.renderer.initial_js_kb: the JavaScript the renderer's index.html loads before the first
 *   view (its entry module and the modules preloaded with it), built as electron-vite builds it;
 *   app.renderer.total_js_kb for comparison (every chunk, the lazily loaded routes included).
 * - app.start.first_search: from createCore + start() with a 100,000-product catalogue on disk and
 *   the last connection to resume, to the first catalogue.search answered (asked again and again
 *   from the start, as a renderer opening on the catalogue would). The core's modules are loaded
 *   already (a first core synced the catalogue), so this is the core's own start, not Node's.
 *   Median of ROUNDS starts; the floor is the same search on the started core.
 */
const PRODUCTS = 100_000
const ROUNDS = 5
const REPO = resolve(import.meta.dirname, '../..')

async function rendererBundle(print: Print): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'wd-app-bench-'))
  try {
    await build({
      configFile: false,
      root: join(REPO, 'renderer'),
      base: './',
      plugins: [vue()],
      define: rendererDefines,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, reportCompressedSize: false, rolldownOptions: { input: { index: join(REPO, 'renderer/index.html') } } },
    })
    const html = readFileSync(join(outDir, 'index.html'), 'utf8')
    const initial = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]!)
    if (!initial.length) throw new Error('no script found in the built index.html')
    const kb = (files: string[]) => files.reduce((s, f) => s + statSync(join(outDir, f)).size, 0) / 1024
    const all = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'))
    print('app', 'renderer.initial_js_kb', Math.round(kb(initial)), 'KB')
    print('app', 'renderer.initial_js_files', initial.length, 'files')
    print('app', 'renderer.total_js_kb', Math.round(kb(all.map((f) => `assets/${f}`))), 'KB')
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

function core(dataDir: string): Core {
  return createCore({ dataDir, secrets: testKeychain(), notifier: { show: () => {} }, log: { info: () => {}, warn: () => {}, error: () => {} } })
}

async function coldStart(print: Print): Promise<void> {
  const sandbox = await startSandboxProcess({ products: PRODUCTS, orders: 0, speed: 0, tokenTtlSeconds: 24 * 3600 })
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-app-start-'))
  try {
    // A first run: connect and sync the whole catalogue, then quit.
    const first = core(dataDir)
    await first.start()
    const call = async <T>(c: Core, channel: string, input?: unknown): Promise<T> => {
      const r = await c.dispatch(channel, input)
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
      return r.value as T
    }
    const profile = await call<{ id: string }>(first, 'connection.save', { name: 'Bench', baseUrl: sandbox.baseUrl, clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret })
    await call(first, 'connection.activate', { id: profile.id })
    let outcome = await call<SyncOutcome>(first, 'catalogue.sync')
    while ((await call<CatalogueStatus>(first, 'catalogue.status')).syncing) outcome = await call<SyncOutcome>(first, 'catalogue.sync')
    if ((await call<CatalogueStatus>(first, 'catalogue.status')).products !== PRODUCTS) throw new Error(`sync ended ${JSON.stringify(outcome)}`)
    await first.stop()

    const starts: number[] = []
    const searches: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now()
      const c = core(dataDir)
      const starting = c.start()
      for (;;) {
        const r = await c.dispatch('catalogue.search', { query: 'switch', limit: 100 })
        if (r.ok && (r.value as { source: string }).source === 'local') break
        await new Promise((res) => setTimeout(res, 1))
      }
      starts.push(performance.now() - started)
      await starting
      const t0 = performance.now()
      await call(c, 'catalogue.search', { query: 'switch', limit: 100 })
      searches.push(performance.now() - t0)
      await c.stop()
    }
    starts.sort((a, b) => a - b)
    searches.sort((a, b) => a - b)
    print('app', 'start.first_search', percentile(starts, 50), 'ms')
    print('app', 'start.first_search.max', starts.at(-1)!, 'ms')
    print('app', 'start.first_search.floor', percentile(searches, 50), 'ms')
  } finally {
    await sandbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function bench(print: Print): Promise<void> {
  await rendererBundle(print)
  await coldStart(print)
}
