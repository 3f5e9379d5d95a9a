// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, waitFor } from '../../../../tests/support/renderer/mount-app'

/** The desktop alerts' fold on the orders page, on the real core (this process) and a real sandbox (a child process). */
describe('desktop alert preferences', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 5, speed: 0 } })

  it('opens from a button in its one heading, and shows its title once', async () => {
    await demo.mount({ path: '/orders' })
    const toggle = await waitFor(() => $<HTMLButtonElement>('h2 > button[aria-expanded]'), 'the fold')
    expect(toggle.textContent?.trim()).toBe('Desktop alerts')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    toggle.click()
    await waitFor(() => $('[data-testid=alert-prefs]')?.style.display !== 'none' && $('[data-testid=alert-prefs] [role=checkbox][aria-checked=true]'), 'the statuses alerted')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect($(`#${toggle.getAttribute('aria-controls')}`)).not.toBeNull()
    // Open, the title is written once: in the heading, which names the section.
    const section = toggle.closest('section')!
    expect(section.textContent!.split('Desktop alerts').length - 1).toBe(1)
    expect(document.getElementById(section.getAttribute('aria-labelledby')!)).toBe(toggle)
  })
})
