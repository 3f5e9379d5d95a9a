// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $$, waitFor } from '../../../../tests/support/renderer/mount-app'

describe('users list', () => {
  const demo = demoAppSuite({ sandbox: { products: 20, orders: 0, speed: 0 } })

  it('lists users A to Z by name at first', async () => {
    await demo.mount({ path: '/admin/users' })
    const names = () => $$('[data-testid=user-row] td:first-child').map((td) => td.textContent?.trim() ?? '')
    await waitFor(() => names().length > 2, 'the users')
    expect(names()).toEqual([...names()].sort((a, b) => a.localeCompare(b)))
    expect(names()[0]!.localeCompare(names().at(-1)!)).toBeLessThan(0)
  })
})
