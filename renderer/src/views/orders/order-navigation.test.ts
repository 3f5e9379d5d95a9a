// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { isCancellable } from '../../../../shared/api'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, waitFor } from '../../../../tests/support/renderer/mount-app'

/**
 * Going from one order straight to another (the parent order link, an alert, back and forward),
 * on the real core (this process) and a real sandbox (a child process).
 */
describe('from one order to another', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 40, speed: 0 } })

  it('the next order does not show the refusal of an action on the previous one', async () => {
    const list = await demo.app.api.orders.list({ filters: {} })
    if (!list.ok) throw new Error(list.error.message)
    const first = list.value.rows.find((o) => isCancellable(o.status))!
    const other = list.value.rows.find((o) => o.id !== first.id)!
    await demo.mount({ path: `/orders/${first.id}` })
    const cancel = await waitFor(() => $<HTMLButtonElement>('[data-testid=cancel-order]'), 'the cancel button')
    // Someone else moves the order on meanwhile: the service refuses the cancellation.
    await demo.sandbox.control.transition(first.id, 'ACCEPTED')
    cancel.click()
    const confirm = await waitFor(() => [...document.querySelectorAll<HTMLButtonElement>('.n-dialog button')].find((b) => b.textContent?.trim() === 'Cancel order'), 'the confirmation')
    confirm.click()
    await waitFor(() => $('[data-testid=order-detail] [role=alert]'), 'the refusal')

    await demo.mounted.router.push(`/orders/${other.id}`)
    await waitFor(() => $('[data-testid=order-detail]')?.dataset.orderId === String(other.id) && $('[data-testid=order-status]'), 'the other order')
    expect($('[data-testid=order-detail] [role=alert]')).toBeNull()
  })
})
