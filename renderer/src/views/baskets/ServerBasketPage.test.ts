// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { TestClient } from '../../../../tests/support/sandbox/test-client'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'

/** A service basket edited in the app, on the real core (this process) and a real sandbox (a child process). */

describe('a service basket', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 } })

  it('keeps unsaved edits when a line is added', async () => {
    const client = new TestClient(demo.sandbox)
    const created = (await client.post<{ id: number; line_items: { id: number }[] }>('/baskets', { name: 'Showroom', line_items: [{ product: SHOWCASE.phone.id, quantity: 2 }] })).body
    await demo.mount({ path: `/baskets/server/${created.id}` })
    const name = await waitFor(() => $<HTMLInputElement>('#server-name'), 'the basket')
    typeInto(name, 'Showroom (edited)')
    typeInto($<HTMLInputElement>(`#server-qty-${created.line_items[0]!.id}`)!, '5')
    typeInto($<HTMLInputElement>('[data-testid=sku-input]')!, SHOWCASE.switch.sku)
    $<HTMLFormElement>('[data-testid=line-entry]')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    await waitFor(() => document.querySelectorAll('.server-basket__qty').length === 2, 'the added line')
    expect($<HTMLInputElement>('#server-name')!.value).toBe('Showroom (edited)')
    expect($<HTMLInputElement>(`#server-qty-${created.line_items[0]!.id}`)!.value).toBe('5')
  })
})
