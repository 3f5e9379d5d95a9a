// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { waitFor } from '../../../../tests/support/renderer/mount-app'

describe('baskets page', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 10, speed: 0, testMode: true } })

  it('reads "Baskets on the service" again when the user acts for another organisation', async () => {
    await demo.mount({ path: '/baskets' })
    // The service's baskets, not the local drafts' empty note, which shows before they are read.
    await waitFor(() => document.querySelector('[data-testid=server-list], [data-testid=server-empty]'), 'the service baskets')
    const orgs = await demo.app.api.connection.organisations()
    if (!orgs.ok) throw new Error(orgs.error.message)
    const other = orgs.value.find((o) => o.id !== demo.sandbox.demo.organisationId)!
    await demo.sandbox.control.clearRequestLog()
    // The page's own listing (sorted); the outbox's reconciliation also lists baskets, unsorted, whenever it runs.
    const asked = async () => (await demo.sandbox.control.requestLog()).some((r) => r.method === 'GET' && r.path === '/baskets' && r.query.includes('sort_by='))
    expect(await asked()).toBe(false)
    await demo.app.api.connection.setActingOrganisation({ id: other.id })
    await waitFor(asked, 'the baskets asked for again')
  })
})
