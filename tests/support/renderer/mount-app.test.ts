// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { waitFor } from './mount-app'

/** The component suites' wait: `cond && value` is the usual check, so every falsy value means "not yet". */
describe('waitFor', () => {
  it('keeps waiting while `length && list` gives 0, then gives the list', async () => {
    let alerts: string[] = []
    setTimeout(() => (alerts = ['Order 7 shipped']), 60)
    const [first] = await waitFor(() => alerts.length && alerts, 'the alert')
    expect(first).toBe('Order 7 shipped')
  })

  it('keeps waiting while the text is empty', async () => {
    let text = ''
    setTimeout(() => (text = 'Added to the basket'), 60)
    expect(await waitFor(() => text, 'the confirmation')).toBe('Added to the basket')
  })

  it('fails, naming what it waited for, when the check never passes', async () => {
    await expect(waitFor(() => false, 'the banner', 100)).rejects.toThrow('the banner is not met yet')
  })
})
