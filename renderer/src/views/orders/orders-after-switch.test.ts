// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'
import { useConnectionStore } from '../../stores/connection'
import { useOrdersStore } from '../../stores/orders'

/**
 * Connecting to another profile whose credentials the service refuses, seen from the Orders view
 * and the header, on the real core (this process) and a real sandbox (a child process).
 */
describe('orders after connecting to a profile whose credentials are refused', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 30, speed: 0, testMode: true } })

  it('shows nothing of the account before, says the orders cannot be shown while signed out (no counts, no export), and how to fix it', async () => {
    const mounted = await demo.mount({ path: '/orders' })
    await waitFor(() => $('[data-testid=orders-count]')?.textContent?.includes('30 orders match'), 'the demo account’s 30 orders')
    await waitFor(() => $('[data-testid=orders-index][data-complete=true]'), 'the demo account’s history on this computer')
    const connection = useConnectionStore(mounted.pinia)
    const saved = await demo.app.api.connection.save({ name: 'Wrong secret', baseUrl: demo.sandbox.baseUrl, clientId: demo.sandbox.demo.clientId, clientSecret: 'wrong' })
    if (!saved.ok) throw new Error(saved.error.message)
    try {
      await mounted.router.push('/settings/connections')
      await connection.activate(saved.value.id)

      // From the moment Orders shows again, every state of the page is recorded.
      const seen: string[] = []
      const observer = new MutationObserver(() => seen.push(document.querySelector('main')?.textContent ?? ''))
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
      await mounted.router.push('/orders')
      const notice = await waitFor(() => $('[data-testid=orders-signed-out]'), 'the reason no orders show')
      await waitFor(() => $('[data-testid=connection-state]')?.getAttribute('data-credentials') === 'refused', 'the header signed out')
      await waitFor(() => useOrdersStore(mounted.pinia).listError?.code === 'unauthorized', 'the list refused')
      observer.disconnect()
      seen.push(document.querySelector('main')?.textContent ?? '')

      // Never the account before: not its count, not its rows.
      expect(seen.filter((text) => /30 orders match|PO-20/.test(text))).toEqual([])
      // Why, and what to do, as the header says it: not "copying…" for ever, no counts that are not
      // the account's ("Open orders: 0"), nothing to export, no empty list of a list that could not be read.
      expect(notice.textContent).toContain('Your orders cannot be shown while you are signed out: the service refused this connection’s credentials.')
      expect(notice.textContent).toContain('Edit connection')
      const main = document.querySelector('main')!.textContent!
      expect(main).not.toContain('Copying your order history')
      expect(main).not.toContain('Open orders')
      expect(main).not.toContain('Needing attention')
      expect($('[data-testid=check-now]')).toBeNull()
      expect($('[data-testid=export-orders]')).toBeNull()
      expect($('[data-testid=orders-count]')).toBeNull()
      expect($('[data-testid=orders-scroller]')).toBeNull()

      // The header: signed out, with the way to fix it; no empty "Acting for", no "Online".
      const state = $('[data-testid=connection-state]')!
      expect(state.textContent).toContain('Signed out: credentials refused')
      expect(state.textContent).not.toContain('Online')
      expect($('[data-testid=acting-organisation]')).toBeNull()
      expect($('header [role=alert]')).toBeNull()

      // Fixing it: the page's link opens the connection's form on the secret; the right one signs in.
      $<HTMLAnchorElement>('[data-testid=orders-fix-connection]')!.click()
      const secret = await waitFor(() => document.activeElement?.matches('[data-testid=profile-form] input[name=clientSecret]') && (document.activeElement as HTMLInputElement), 'the secret field focused')
      typeInto(secret, demo.sandbox.demo.clientSecret)
      $<HTMLButtonElement>('[data-testid=save-profile]')!.click()
      await waitFor(() => $('[data-testid=connection-state]')?.getAttribute('data-credentials') === 'accepted', 'signed in')
      expect($('[data-testid=connection-state]')!.textContent).toContain('Online')
      await mounted.router.push('/orders')
      await waitFor(() => $('[data-testid=orders-count]')?.textContent?.includes('30 orders match'), 'the account’s orders')
    } finally {
      await demo.app.api.connection.startDemo()
      await demo.app.api.connection.remove({ id: saved.value.id, discardDrafts: true })
    }
  })
})
