// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'

/** A catalogue product group on the real core (this process) and a real sandbox (a child process). */
describe('catalogue product group', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('a related group’s link opens that group, with its own products', async () => {
    const list = await demo.app.api.catalogue.productGroups()
    if (!list.ok) throw new Error(list.error.message)
    const full = await Promise.all(list.value.map(async (g) => demo.app.api.catalogue.productGroup({ id: g.id })))
    const from = full.flatMap((r) => (r.ok && r.value.group.related_product_groups.length ? [r.value] : []))[0]!
    const to = full.flatMap((r) => (r.ok && r.value.group.id === from.group.related_product_groups[0] ? [r.value] : []))[0]!
    const productIds = () => $$('[data-testid=group-product]').map((r) => Number(r.dataset.productId))

    await demo.mount({ path: `/catalogue/groups/${from.group.id}` })
    await waitFor(() => $('#group-title')?.textContent === from.group.name, 'the group')
    const link = await waitFor(() => $$('.group-page__related a').find((a) => a.getAttribute('href')?.endsWith(`/catalogue/groups/${to.group.id}`)), 'the related group’s link')
    link.click()
    await waitFor(() => $('#group-title')?.textContent === to.group.name, 'the related group')
    expect(demo.mounted.router.currentRoute.value.path).toBe(`/catalogue/groups/${to.group.id}`)
    expect(productIds()).toEqual(to.products.map((p) => p.id))
  })
  it('lists only the groups ready for sale (LIVE) to sales, though the catalogue holds draft ones', async () => {
    const all = await demo.app.api.catalogue.productGroups()
    if (!all.ok) throw new Error(all.error.message)
    const live = all.value.filter((g) => g.status === 'LIVE').map((g) => g.id)
    expect(all.value.length).toBeGreaterThan(live.length)
    await demo.mount({ path: '/catalogue/groups' })
    await waitFor(() => $$('[data-testid=product-group-row]').length > 0, 'the groups')
    expect($$('[data-testid=product-group-row]').map((r) => Number(r.dataset.groupId)).sort((a, b) => a - b)).toEqual([...live].sort((a, b) => a - b))
  })
})
