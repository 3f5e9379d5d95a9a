import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Api } from '../../shared/ipc/api-builder'
import type { ShellProbe } from '../../electron/main/test-probe'
import { eventually, launchApp, type LaunchedApp } from './support/launch'

/*
 * The real app in the real Electron, one journey through it in order: demo sign-in, catalogue,
 * a draft, working offline and back, an order's status change, tray, second launch, quit.
 * Each step reads what the user (the window) and the OS (the main process) saw.
 */

declare global {
  interface Window {
    api: Api
  }
}

let launched: LaunchedApp
const win = () => launched.window
/** A channel call from the page, through the preload bridge. */
const call = <T>(fn: (api: Api) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>) =>
  win().evaluate(async (src) => {
    const reply = await (new Function('api', `return (${src})(api)`) as (api: Api) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>)(window.api)
    if (!reply.ok) throw new Error(JSON.stringify(reply.error))
    return reply.value
  }, fn.toString()) as Promise<T>

beforeAll(async () => {
  launched = await launchApp(['--demo'])
  await win().waitForLoadState('domcontentloaded')
})
afterAll(async () => {
  await launched?.app.close().catch(() => {})
})

describe('Wholesale Desk in Electron', () => {
  it('loads its window from the app: protocol, with the CSP header', async () => {
    expect(win().url()).toMatch(/^app:\/\/wholesale-desk\/index\.html/)
    const csp = await launched.app.evaluate(async ({ net }) => (await net.fetch('app://wholesale-desk/index.html')).headers.get('content-security-policy'))
    expect(csp).toMatch(/default-src 'self'/)
    expect(csp).not.toMatch(/unsafe-eval/)
  })

  it("gives Chromium the app's --disable-features (a search's answer is not held back until the key's echo has painted)", async () => {
    const disabled = await launched.app.evaluate(({ app }) => app.commandLine.getSwitchValue('disable-features'))
    expect(disabled.split(',')).toContain('DeferRendererTasksAfterInput')
  })

  it('gives the page window.api and nothing else of Node or Electron', async () => {
    const globals = await win().evaluate(() => ({
      api: typeof window.api,
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      module: typeof (globalThis as { module?: unknown }).module,
      buffer: typeof (globalThis as { Buffer?: unknown }).Buffer,
      electron: typeof (globalThis as { electron?: unknown }).electron,
    }))
    expect(globals).toEqual({ api: 'object', require: 'undefined', process: 'undefined', module: 'undefined', buffer: 'undefined', electron: 'undefined' })
  })

  it('signs in to the demo, whose secret the main process reads back from the OS keychain', async () => {
    await win().locator('[data-testid=current-user]').waitFor({ timeout: 60_000 })
    const status = await call<{ profile: { id: string; demo: boolean } | null; online: boolean }>((api) => api.connection.status())
    expect(status).toMatchObject({ profile: { demo: true }, online: true })
    const fromKeychain = await launched.app.evaluate(async (_electron, account) => {
      const p = (globalThis as { __wholesaleDeskProbe?: ShellProbe }).__wholesaleDeskProbe!
      return { stored: await p.secrets!.get(account), issued: p.demoSecret }
    }, `profile:${status.profile!.id}`)
    expect(fromKeychain.stored).toBeTruthy()
    expect(fromKeychain.stored).toBe(fromKeychain.issued)
  })

  let sku = ''
  let draftId = ''
  it('finds a product by SKU in the catalogue and puts it in a draft', async () => {
    await call((api) => api.catalogue.sync())
    const first = await call<{ items: { sku: string }[] }>((api) => api.catalogue.search({ query: '', limit: 1 }))
    sku = first.items[0]!.sku
    await win().evaluate(() => (location.hash = '#/catalogue'))
    await win().locator('[data-testid=catalogue-search]').fill(sku)
    await win().locator('[data-testid=result-row]', { hasText: sku }).first().waitFor()
    const draft = await win().evaluate(async (s) => window.api.baskets.addLine({ sku: s, quantity: 2 }), sku)
    expect(draft.ok).toBe(true)
    draftId = (draft as { ok: true; value: { id: string } }).value.id
  })

  it('works offline, and submits the draft once back online', async () => {
    const ref = await call<{ countries: { id: number }[]; shippingTypes: { id: number }[] }>((api) => api.baskets.referenceData())
    await win().evaluate(
      async ({ id, country, shipping }) =>
        window.api.baskets.update({ id, patch: { name: 'Electron journey', shipping_address: { addr_line_1: '1 Quay St', city: 'Leeds', postal_code: 'LS1 1AA', country_code: country }, shipping_type: shipping } as never }),
      { id: draftId, country: ref.countries[0]!.id, shipping: ref.shippingTypes[0]!.id },
    )
    // "Work offline" is a global switch by its accessible label; a build without it goes on online.
    const offlineSwitch = win().getByLabel('Work offline').or(win().getByRole('button', { name: 'Work offline' })).or(win().getByRole('switch', { name: 'Work offline' })).first()
    const hasSwitch = (await offlineSwitch.count()) > 0
    if (hasSwitch) await offlineSwitch.click()
    await call((api) => api.baskets.submit({ id: draftId } as never))
    if (hasSwitch) {
      const held = await call<{ queued: number; sending: number }>((api) => api.baskets.outbox())
      expect(held.queued + held.sending).toBeGreaterThan(0)
      await offlineSwitch.click()
    }
    const sent = await eventually(async () => {
      const d = await call<{ state: string; orderId?: number | null }>((api) => api.baskets.get({ id: draftId } as never))
      if (d.state === 'needs_review') await call((api) => api.baskets.acceptPrices({ id: draftId } as never))
      return d.orderId ? d : null
    }, 'the draft submitted as an order')
    expect(sent.orderId).toBeGreaterThan(0)
    ;(globalThis as { orderId?: number }).orderId = sent.orderId!
  })

  it('raises a native notification, and the tray tooltip and icon follow, when the order changes status', async () => {
    const orderId = (globalThis as { orderId?: number }).orderId!
    await launched.app.evaluate(async (_electron, id) => {
      const p = (globalThis as { __wholesaleDeskProbe?: ShellProbe }).__wholesaleDeskProbe!
      ;(await p.demo!.control())!.transition(id, 'ATTENTION_REQUIRED', { reason: 'Stock check' })
    }, orderId)
    await call((api) => api.orders.pollNow())
    const seen = await eventually(async () => ((await launched.probe()).notifications.length > 0 ? launched.probe() : null), 'a native notification')
    expect(seen.notifications.at(-1)!.title + seen.notifications.at(-1)!.body).toContain(String(orderId))
    expect(seen.tray.icon).toBe('attention')
    expect(seen.tray.tooltip).toMatch(/Wholesale Desk/)
  })

  it('focuses the first window when launched a second time', async () => {
    await launched.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.minimize())
    const second = spawnSync(process.env.WHOLESALE_DESK_ELECTRON!, ['out/main/index.js', `--user-data-dir=${launched.userData}`], { env: { ...process.env, XDG_CONFIG_HOME: launched.userData, APPDATA: launched.userData }, timeout: 60_000 })
    expect(second.status).toBe(0)
    await eventually(() => launched.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length === 1 && !BrowserWindow.getAllWindows()[0]!.isMinimized()), 'the first window restored')
  })

  it('keeps running in the tray when the window is closed', async () => {
    await launched.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close())
    await eventually(() => launched.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().every((w) => !w.isVisible())), 'the window hidden')
    expect(await launched.app.evaluate(({ app }) => app.isReady())).toBe(true)
    expect((await launched.probe()).tray.tooltip).toBeTruthy()
  })

  it('ends every child process when quitting', async () => {
    const main = launched.app.process()
    const children = (pid: number): number[] => {
      if (process.platform === 'win32') return []
      const out = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.trim()
      return out ? out.split('\n').map(Number).flatMap((c) => [c, ...children(c)]) : []
    }
    const before = children(main.pid!)
    await launched.app.evaluate(({ app }) => app.quit())
    await eventually(() => main.exitCode !== null || main.signalCode !== null, 'the app exited')
    const alive = before.filter((pid) => {
      try {
        process.kill(pid, 0)
        return true
      } catch {
        return false
      }
    })
    expect(alive).toEqual([])
  })
})
