// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { isCancellable } from '../../../../shared/api'
import { appSuite } from '../../../../tests/support/renderer/app-suite'
import { $, waitFor } from '../../../../tests/support/renderer/mount-app'

/**
 * Against a live profile of a service without our sandbox's cancel route (like the real one), the
 * order page offers "Cancel in the web interface" and never calls the API. Real core (this process),
 * a real sandbox answering like the real service (cancelOrder: false, a child process).
 */
describe('cancel in the web interface', () => {
  const suite = appSuite({ sandbox: { products: 30, orders: 40, speed: 0, testMode: true, cancelOrder: false } })

  it('offers the web interface instead of Cancel on a live profile, and sends no cancel request', async () => {
    const { baseUrl, demo } = suite.sandbox
    const saved = await suite.app.api.connection.save({ name: 'Live', baseUrl, clientId: demo.clientId, clientSecret: demo.clientSecret, environment: 'production', webUrl: 'https://orders.example.com' })
    if (!saved.ok) throw new Error(saved.error.message)
    await suite.app.api.connection.activate({ id: saved.value.id })
    const order = (await suite.sandbox.control.listOrdersRaw()).find((o) => isCancellable(o.status))!
    await suite.sandbox.control.clearRequestLog()

    await suite.mount({ path: `/orders/${order.id}` })
    const inWeb = await waitFor(() => $<HTMLButtonElement>('[data-testid=cancel-in-web]'), 'the web interface button')
    expect(inWeb.textContent).toContain('Cancel in the web interface')
    expect($('[data-testid=cancel-in-web-hint]')!.textContent).toContain(`this opens order ${order.id} there`)
    expect($('[data-testid=cancel-order]')).toBeNull()

    inWeb.click()
    // The harness opens no browser: the page says which address it could not open.
    await waitFor(() => document.body.textContent?.includes(`https://orders.example.com/orders/${order.id}`), 'the address of the order in the web interface')
    expect((await suite.sandbox.control.requestLog()).filter((r) => r.method === 'POST')).toEqual([])
    expect((await suite.sandbox.control.listOrdersRaw()).find((o) => o.id === order.id)!.status).toBe(order.status)
  })
})
