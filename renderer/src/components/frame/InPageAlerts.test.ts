// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startInProcessApp, type InProcessApp } from '../../../../tests/harness/in-process'
import { startSandboxProcess, type SandboxProcess } from '../../../../tests/harness/sandbox-process'
import { mountApp, waitFor } from '../../testing/mount-app'

const alerts = () => [...document.querySelectorAll<HTMLElement>('[data-testid=in-page-alert]')]

describe('alerts and requests to open an order', () => {
  let sandbox: SandboxProcess
  let app: InProcessApp
  let mounted: Awaited<ReturnType<typeof mountApp>> | null = null

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ products: 300, orders: 10, speed: 0 })
    app = await startInProcessApp({ sandbox })
    const started = await app.api.connection.startDemo()
    if (!started.ok) throw new Error(started.error.message)
  })
  afterEach(() => {
    mounted?.unmount()
    mounted = null
  })
  afterAll(async () => {
    await app?.close()
    await sandbox?.close()
  })

  it('shows an alert in the page in the harness, and its Open button opens the order', async () => {
    mounted = await mountApp(app.api, { path: '/catalogue' })
    app.notify({ id: 'a1', title: 'Order 7 shipped', body: 'On its way.', target: { kind: 'order', orderId: 7 } })
    const [alert] = await waitFor(() => alerts().length && alerts(), 'the alert')
    expect(alert!.textContent).toContain('Order 7 shipped')
    expect(alert!.textContent).toContain('On its way.')
    ;[...alert!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Open')!.click()
    await waitFor(() => mounted!.router.currentRoute.value.path === '/orders/7', 'the order route')
    expect(alerts()).toHaveLength(0)
  })

  it('dismisses an alert without going anywhere', async () => {
    mounted = await mountApp(app.api, { path: '/catalogue' })
    app.notify({ id: 'a2', title: 'Price change', body: 'Buy prices rose.' })
    const [alert] = await waitFor(() => alerts().length && alerts(), 'the alert')
    expect([...alert!.querySelectorAll('button')].map((b) => b.textContent?.trim())).toEqual(['Dismiss'])
    alert!.querySelector('button')!.click()
    await waitFor(() => alerts().length === 0, 'no alert')
    expect(mounted.router.currentRoute.value.path).toBe('/catalogue')
  })

  it('opens the order the shell asks for (a notification or tray click in Electron)', async () => {
    mounted = await mountApp(app.api, { path: '/catalogue' })
    app.emit('navigation.open', { kind: 'order', orderId: 12 })
    await waitFor(() => mounted!.router.currentRoute.value.path === '/orders/12', 'the order route')
  })
})

describe('alerts outside the harness', () => {
  let app: InProcessApp
  let mounted: Awaited<ReturnType<typeof mountApp>> | null = null
  beforeAll(async () => {
    app = await startInProcessApp({ harness: false })
  })
  afterAll(async () => {
    mounted?.unmount()
    await app?.close()
  })

  it('are left to the OS: nothing is shown in the page', async () => {
    mounted = await mountApp(app.api, { path: '/settings/display' })
    app.notify({ id: 'a3', title: 'Order 8 shipped', body: 'On its way.' })
    await waitFor(() => document.querySelector('h1'), 'the page')
    expect(alerts()).toHaveLength(0)
    expect(document.querySelector('.in-page-alerts')).toBeNull()
  })
})
