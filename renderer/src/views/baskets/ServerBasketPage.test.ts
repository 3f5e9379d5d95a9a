// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { TestClient } from '../../../../electron/sandbox/test-client'
import { startDemoApp, type DemoApp } from '../../../../tests/harness/demo-app'
import { $, mountApp, waitFor } from '../../testing/mount-app'

/** A service basket edited in the app, on the real core (this process) and a real sandbox (a child process). */

function type(el: HTMLInputElement, value: string): void {
  el.value = value
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

describe('a service basket', () => {
  let demo: DemoApp
  let app: DemoApp['app']

  beforeAll(async () => {
    demo = await startDemoApp({ sandbox: { products: 300, orders: 0, speed: 0 } })
    app = demo.app
  })
  afterAll(() => demo?.close())

  it('keeps unsaved edits when a line is added', async () => {
    const client = new TestClient(demo.sandbox)
    const created = (await client.post<{ id: number; line_items: { id: number }[] }>('/baskets', { name: 'Showroom', line_items: [{ product: SHOWCASE.phone.id, quantity: 2 }] })).body
    const mounted = await mountApp(app.api, { path: `/baskets/server/${created.id}` })
    try {
      const name = await waitFor(() => $<HTMLInputElement>('#server-name'), 'the basket')
      type(name, 'Showroom (edited)')
      type($<HTMLInputElement>(`#server-qty-${created.line_items[0]!.id}`)!, '5')
      type($<HTMLInputElement>('[data-testid=sku-input]')!, SHOWCASE.switch.sku)
      $<HTMLFormElement>('[data-testid=line-entry]')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
      await waitFor(() => document.querySelectorAll('.server-basket__qty').length === 2, 'the added line')
      expect($<HTMLInputElement>('#server-name')!.value).toBe('Showroom (edited)')
      expect($<HTMLInputElement>(`#server-qty-${created.line_items[0]!.id}`)!.value).toBe('5')
    } finally {
      mounted.unmount()
    }
  })
})
