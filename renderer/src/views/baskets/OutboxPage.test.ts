// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { sendableDraft as sendableDraftIn, workingOffline } from '../../../../tests/support/renderer/drafts'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'

/** The outbox (queue) view, on the real core (this process) and a real sandbox (a child process). */
describe('the outbox while the rep works offline', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0 } })

  /** A draft that can be sent as it is (the catalogue synced first: a sync under way since the demo started may end cancelled). */
  async function sendableDraft(name: string): Promise<string> {
    await waitFor(async () => {
      const synced = await demo.app.api.catalogue.sync()
      return synced.ok && synced.value.outcome === 'completed'
    }, 'the catalogue on this computer', 20_000)
    return sendableDraftIn(demo.app.api, name)
  }

  it('says plainly that the rep works offline, with a way back online; Retry is off and says why; no row shows it as an error', async () => {
    const id = await sendableDraft('Held on the road')
    // The outbox tries the draft once and is held back by "Work offline".
    const { heldBack } = await workingOffline(demo.app.api)
    const submitted = await demo.app.api.baskets.submit({ id })
    if (!submitted.ok) throw new Error(submitted.error.message)
    await waitFor(() => heldBack(), 'the held-back attempt')

    await demo.mount({ path: '/baskets/outbox' })
    const row = await waitFor(() => $$('[data-testid=queue-row]').find((r) => r.textContent?.includes('Held on the road')), 'the queued draft')
    const note = await waitFor(() => $('[data-testid=queue-working-offline]'), 'the working-offline note')
    expect(note.textContent).toContain('Working offline: these will be sent when you go back online.')
    expect(note.closest('[role=status]')).not.toBeNull()
    // Not an error of each draft, and not "cannot be reached": the rep chose it.
    expect(row.querySelector('[data-testid=queue-error]')!.textContent!.trim()).toBe('')
    expect($('[data-testid=outbox-page]')!.textContent).not.toMatch(/cannot be reached|nothing is sent until/i)
    // Retry could send nothing: it is off, and says why.
    const retry = row.querySelector<HTMLButtonElement>('[data-testid=queue-retry]')!
    expect(retry.disabled).toBe(true)
    const why = document.getElementById(retry.getAttribute('aria-describedby') ?? '')
    expect(why?.textContent).toContain('go back online')
    expect(retry.title).toContain('go back online')

    // "Go back online": the switch goes off and the draft is sent.
    const goOnline = note.querySelector<HTMLButtonElement>('[data-testid=queue-go-online]')!
    expect(goOnline.textContent).toContain('Go back online')
    goOnline.focus()
    goOnline.click()
    await waitFor(async () => {
      const now = await demo.app.api.system.workOffline()
      return now.ok && !now.value.on
    }, '"Work offline" switched off')
    await waitFor(() => !$('[data-testid=queue-working-offline]'), 'the note gone')
    // The button went with the note: a keyboard rep is on the page's heading, not back at the start of the window.
    await waitFor(() => document.activeElement?.tagName === 'H1', 'the focus on the heading')
    expect(document.activeElement!.textContent).toBe('Outbox')
    await waitFor(() => !$$('[data-testid=queue-row]').some((r) => r.textContent?.includes('Held on the road')), 'the draft sent', 20_000)
    expect((await demo.sandbox.control.listOrdersRaw()).filter((o) => o.name?.startsWith('Held on the road'))).toHaveLength(1)
  })

  /** The success messages shown (naive-ui's), as the rep reads them. */
  const confirmations = () => $$('.n-message--success-type .n-message__content').map((m) => m.textContent!.trim())

  it('confirms a basket sent once the rep is back online, wherever the rep is: its name and its order', async () => {
    const id = await sendableDraft('Queued at the client')
    const { heldBack } = await workingOffline(demo.app.api)
    const submitted = await demo.app.api.baskets.submit({ id })
    if (!submitted.ok) throw new Error(submitted.error.message)
    await waitFor(() => heldBack(), 'the held-back attempt')
    const mounted = await demo.mount({ path: '/catalogue' })
    await new Promise((r) => setTimeout(r, 200))
    expect(confirmations()).toEqual([])

    const online = await demo.app.api.system.setWorkOffline({ on: false })
    if (!online.ok) throw new Error(online.error.message)
    const said = await waitFor(() => confirmations().length && confirmations(), 'the sending confirmed', 20_000)
    const sent = await demo.app.api.baskets.get({ id })
    expect(sent.ok && sent.value.state).toBe('submitted')
    const orderId = sent.ok && sent.value.orderId
    expect(said).toEqual([`Basket “Queued at the client” sent as order ${orderId}.`])
    // The order number opens the order (it was plain text): a link, named for the order.
    const link = $('.n-message--success-type .n-message__content a')!
    expect(link.textContent!.trim()).toBe(String(orderId))
    expect(link.getAttribute('aria-label')).toBe(`Order ${orderId}`)
    link.click()
    await waitFor(() => mounted.router.currentRoute.value.path === `/orders/${orderId}`, 'the order opened')
  })

  it('confirms baskets sent together in one message that counts them', async () => {
    const ids = [await sendableDraft('Branch one'), await sendableDraft('Branch two'), await sendableDraft('Branch three')]
    const { heldBack } = await workingOffline(demo.app.api)
    for (const id of ids) {
      const submitted = await demo.app.api.baskets.submit({ id })
      if (!submitted.ok) throw new Error(submitted.error.message)
    }
    await waitFor(() => heldBack(), 'the held-back attempt')
    await demo.mount({ path: '/orders' })

    const online = await demo.app.api.system.setWorkOffline({ on: false })
    if (!online.ok) throw new Error(online.error.message)
    await waitFor(async () => {
      const list = await demo.app.api.baskets.list()
      return list.ok && ids.every((id) => list.value.drafts.find((d) => d.id === id)?.state === 'submitted')
    }, 'the three sent', 20_000)
    await waitFor(() => confirmations().join() === '3 baskets sent as orders.', 'one message counting them')
  })
})
