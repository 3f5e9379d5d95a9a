// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, waitFor } from '../../../../tests/support/renderer/mount-app'
import { workingOffline } from '../../../../tests/support/renderer/drafts'

/** The Orders view's watch line, on the real core (this process) and a real sandbox (a child process). */
describe('the orders watch line', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 30, speed: 0 } })
  afterEach(() => {
    vi.useRealTimers()
  })

  const lastChecked = () => $('[data-testid=watch-summary]')!.textContent!.match(/Last checked ([^C]*?)(?:Check now|$)/)?.[1]?.trim()

  it('says when the orders were last checked as the polls happen, never as a time to come', async () => {
    // The clock is the test's (the core's too, in this process): the page's 30-second tick and the
    // time move only when the test moves them. Everything else runs for real.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true })
    await demo.mount({ path: '/orders' })
    await waitFor(() => lastChecked() === 'now', 'the first check')

    // Five minutes on, the watcher polls by itself (no order changed), and the page's tick comes half a minute later.
    vi.setSystemTime(Date.now() + 5 * 60_000)
    const polled = await demo.app.api.orders.pollNow()
    if (!polled.ok) throw new Error(polled.error.message)
    vi.advanceTimersByTime(30_000)
    // (About 30 seconds: the test's clock also moves on with the real one, a few milliseconds a step.)
    await waitFor(() => /^3\d seconds ago$/.test(lastChecked() ?? ''), `"30 seconds ago" (the poll just made), not "${lastChecked()}"`)

    // 25 seconds after that tick the rep clicks "Check now": the check is now, not "in 25 seconds".
    vi.setSystemTime(Date.now() + 25_000)
    $<HTMLButtonElement>('[data-testid=check-now]')!.click()
    await waitFor(() => !$('[data-testid=check-now]')!.classList.contains('n-button--loading') && !lastChecked()?.endsWith('seconds ago'), 'the check made')
    expect(lastChecked()).toBe('now')
  })
})

/** A sort as a rep sees it: the sort mark and the rows it describes change together. */
describe('the orders list sorted', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 30, speed: 0 } })

  it('marks the new sort only with the rows sorted that way, never over the rows of the sort before, and says no wait for a quick answer', async () => {
    await demo.mount({ path: '/orders' })
    await waitFor(() => $('[data-testid=order-row]'), 'the list')
    const totalHeader = () => $('[data-testid=sort-total]')!.closest('[role=columnheader]')!.getAttribute('aria-sort')
    const firstRow = () => $('[data-testid=order-row]')!.getAttribute('data-order-id')
    expect(totalHeader()).toBe('none')
    const before = firstRow()
    // Every state the page goes through, from the click until the rows are sorted by total.
    const busy = () => $('[role=table]')!.getAttribute('aria-busy')
    // Every row of the list is held by now (the local index answers): nothing is being read.
    await waitFor(() => busy() === 'false', 'the list read whole')
    const seen: { mark: string | null; row: string | null; busy: string | null }[] = []
    const observer = new MutationObserver(() => seen.push({ mark: totalHeader(), row: firstRow(), busy: busy() }))
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
    $<HTMLButtonElement>('[data-testid=sort-total]')!.click()
    await waitFor(() => totalHeader() === 'descending' && firstRow() !== before, 'the list sorted by total')
    observer.disconnect()
    // The sort mark never showed over the rows of the date sort (a rep would read them as sorted by total).
    expect(seen.filter((s) => s.mark === 'descending' && s.row === before)).toEqual([])
    // Answered at once, the table never said it was busy: a screen reader is not told of a wait
    // that does not happen (and the table was not rendered again for it before its answer).
    expect(seen.filter((s) => s.busy === 'true')).toEqual([])
  })
})

/** The watch line while the rep works offline by choice: what brings the checks back is theirs to do. */
describe('the orders watch line, working offline', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 30, speed: 0 } })

  // It said 'Checking resumes when the service is reachable.': the service was reachable, the rep had chosen to work offline.
  it('says the checks resume when the rep goes back online, not when the service is reachable', async () => {
    await workingOffline(demo.app.api)
    await demo.mount({ path: '/orders' })
    const paused = await waitFor(() => $('[data-testid=watch-paused]'), 'the watch said paused')
    expect(paused.textContent!.trim()).toBe('You are working offline: checking resumes when you go back online.')
  })
})
