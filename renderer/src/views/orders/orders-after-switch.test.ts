// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'
import { useConnectionStore } from '../../stores/connection'

/**
 * Connecting to another profile whose credentials the service refuses, seen from the Orders view
 * and the header, on the real core (this process) and a real sandbox (a child process).
 */
describe('orders after connecting to a profile whose credentials are refused', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 30, speed: 0, testMode: true } })

  it('shows nothing of the account before, says signed out (not online) and why the history cannot be copied, and how to fix it', async () => {
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
      const index = await waitFor(() => $('[data-testid=orders-index][data-problem=credentials]'), 'the reason the history is not copied')
      await waitFor(() => $('[data-testid=connection-state]')?.getAttribute('data-credentials') === 'refused', 'the header signed out')
      observer.disconnect()
      seen.push(document.querySelector('main')?.textContent ?? '')

      // Never the account before: not its count, not its rows.
      expect(seen.filter((text) => /30 orders match|PO-20/.test(text))).toEqual([])
      // Why, and what to do: not "copying…" for ever, no count of a list that could not be read, no rows "Loading…".
      expect(index.textContent).toContain('Your order history cannot be copied to this computer: the service refused this connection’s credentials.')
      expect(index.textContent).toContain('Edit connection')
      expect(document.body.textContent).not.toContain('Copying your order history')
      expect($('[data-testid=orders-count]')).toBeNull()
      expect($$('[data-testid=orders-scroller] [role=row]')).toEqual([])
      expect($('main [data-error-code=unauthorized]')).not.toBeNull()

      // The header: signed out, with the way to fix it; no empty "Acting for", no "Online".
      const state = $('[data-testid=connection-state]')!
      expect(state.textContent).toContain('Signed out: credentials refused')
      expect(state.textContent).not.toContain('Online')
      expect($('[data-testid=acting-organisation]')).toBeNull()
      expect($('header [role=alert]')).toBeNull()

      // Fixing it: the link opens the connection's form on the secret; the right one signs in.
      $<HTMLAnchorElement>('[data-testid=fix-connection]')!.click()
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
