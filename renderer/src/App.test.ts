// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../electron/sandbox'
import { TestClient } from '../../tests/support/sandbox/test-client'
import type { CurrentUser } from '../../shared/api'
import { appSuite } from '../../tests/support/renderer/app-suite'
import { waitFor } from '../../tests/support/renderer/mount-app'

/** The frame on the real core (in this process) and a real sandbox: first run, demo mode, online state. */
describe('app frame', () => {
  const suite = appSuite({ sandbox: { products: 300, orders: 10, speed: 0 } })
  let me: CurrentUser

  beforeAll(async () => {
    // What the sandbox says, asked over HTTP directly rather than through the app.
    me = (await new TestClient(suite.sandbox as unknown as Sandbox).call<CurrentUser>('GET', '/whoami')).body
  })

  it('starts on the first-run screen when no connection is active, whatever page was asked for', async () => {
    const mounted = await suite.mount({ path: '/orders' })
    await waitFor(() => mounted.router.currentRoute.value.name === 'welcome', 'the welcome route')
    expect(mounted.router.currentRoute.value.query.next).toBe('/orders')
    expect(document.querySelector('h1')?.textContent).toBe('Welcome to Wholesale Desk')
    expect(document.querySelector('[data-testid=target-banner]')).toBeNull()
  })

  it('connects to the demo, then shows a DEMO banner with the host, the user and the online state', async () => {
    const mounted = await suite.mount()
    const demo = await waitFor(() => document.querySelector<HTMLButtonElement>('[data-testid=start-demo]'), 'the demo button')
    demo.click()
    const banner = await waitFor(() => document.querySelector('[data-testid=target-banner]'), 'the target banner')
    expect(banner.getAttribute('data-target')).toBe('demo')
    expect(banner.textContent).toContain(`DEMO`)
    expect(banner.textContent).toContain(new URL(suite.sandbox.baseUrl).host)
    expect(document.querySelector('[data-testid=current-user]')?.textContent).toContain(me.name)
    expect(document.querySelector('[data-testid=connection-state]')?.textContent).toContain('Online')
    await waitFor(() => mounted.router.currentRoute.value.path === '/catalogue', 'the catalogue')
  })

  it('follows the service going offline and coming back', async () => {
    await suite.mount({ path: '/catalogue' })
    const state = () => document.querySelector('[data-testid=connection-state]')
    await waitFor(() => state()?.getAttribute('data-online') === 'true', 'online')
    await suite.sandbox.control.pause()
    await suite.app.core.context.connection.probe()
    await waitFor(() => state()?.getAttribute('data-online') === 'false', 'offline')
    expect(state()?.textContent).toContain('Offline')
    // The target stays on screen while offline: the demo is still the demo.
    expect(document.querySelector('[data-testid=target-banner]')?.getAttribute('data-target')).toBe('demo')
    await suite.sandbox.control.resume()
    await suite.app.core.context.connection.probe()
    await waitFor(() => state()?.getAttribute('data-online') === 'true', 'online again')
  })

  it('lists administrators-only navigation entries to administrators only', async () => {
    const hasEntry = () => [...document.querySelectorAll('nav.main-nav a')].some((a) => a.getAttribute('href')?.endsWith('/admin-only'))
    const adminOnly = { path: '/admin-only', component: { render: () => null }, meta: { nav: { labelKey: 'frame.nav.admin', order: 5, adminOnly: true } } }
    const plain = suite.sandbox.clients.find((c) => !c.admin)!
    const saved = await suite.app.api.connection.save({ name: 'Clerk', baseUrl: suite.sandbox.baseUrl, clientId: plain.clientId, clientSecret: plain.clientSecret })
    if (!saved.ok) throw new Error(saved.error.message)
    await suite.app.api.connection.activate({ id: saved.value.id })
    const mounted = await suite.mount({ path: '/catalogue', routes: [adminOnly] })
    await waitFor(() => document.querySelector('nav.main-nav a[href$="/settings"]') && document.querySelector('[data-testid=current-user]'), 'the frame')
    expect(hasEntry()).toBe(false)
    mounted.unmount()

    await suite.app.api.connection.startDemo() // the demo user is an administrator
    await suite.mount({ path: '/catalogue', routes: [adminOnly] })
    await waitFor(() => hasEntry(), 'the administrators-only entry')
    await suite.app.api.connection.remove({ id: saved.value.id })
  })

  it('shows a LIVE banner and PRODUCTION in the window title for a production profile', async () => {
    const saved = await suite.app.api.connection.save({ name: 'Head office', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret, environment: 'production' })
    if (!saved.ok) throw new Error(saved.error.message)
    await suite.app.api.connection.activate({ id: saved.value.id })
    await suite.mount({ path: '/catalogue' })
    const banner = await waitFor(() => document.querySelector('[data-testid=target-banner]'), 'the banner')
    expect(banner.getAttribute('data-target')).toBe('live')
    expect(banner.textContent).toContain('LIVE — Head office')
    expect(banner.textContent).toContain(new URL(suite.sandbox.baseUrl).host)
    await waitFor(() => document.title === 'Catalogue — Wholesale Desk — PRODUCTION', 'PRODUCTION in the title')
    await suite.app.api.connection.remove({ id: saved.value.id })
  })

  it('shows a STAGING banner and title for a staging profile', async () => {
    const saved = await suite.app.api.connection.save({ name: 'Test rig', baseUrl: suite.sandbox.baseUrl, clientId: suite.sandbox.demo.clientId, clientSecret: suite.sandbox.demo.clientSecret, environment: 'staging' })
    if (!saved.ok) throw new Error(saved.error.message)
    await suite.app.api.connection.activate({ id: saved.value.id })
    await suite.mount({ path: '/catalogue' })
    const banner = await waitFor(() => document.querySelector('[data-testid=target-banner][data-target=staging]'), 'the staging banner')
    expect(banner.textContent).toContain('STAGING — Test rig')
    await waitFor(() => document.title === 'Catalogue — Wholesale Desk — STAGING', 'STAGING in the title')
    await suite.app.api.connection.remove({ id: saved.value.id })
  })
})
