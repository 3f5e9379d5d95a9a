// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApp, type DemoApp } from '../../../../tests/harness/demo-app'
import { $, $$, mountApp, waitFor } from '../../testing/mount-app'

/** The admin's product group list and page on the real core (this process) and a real sandbox (a child process). */
describe('admin product groups', () => {
  let demo: DemoApp
  let app: DemoApp['app']
  let mounted: Awaited<ReturnType<typeof mountApp>> | null = null

  beforeAll(async () => {
    demo = await startDemoApp({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })
    app = demo.app
  })
  afterEach(() => {
    mounted?.unmount()
    mounted = null
  })
  afterAll(() => demo?.close())

  it('names vendor and type as the catalogue does, in the list and on the page, and its products by SKU and name', async () => {
    const list = await app.api.admin.listProductGroups()
    if (!list.ok) throw new Error(list.error.message)
    let group: (typeof list.value)[number] | undefined
    let product: { product_code: string; name: string } | undefined
    for (const g of list.value.filter((g) => g.vendor && g.type)) {
      const full = await app.api.admin.getProductGroup({ id: g.id })
      if (!full.ok) throw new Error(full.error.message)
      const held = await app.api.catalogue.summaries({ ids: full.value.products.slice(0, 1000) })
      if (!held.ok) throw new Error(held.error.message)
      if (held.value.length) [group, product] = [g, held.value[0]]
      if (group) break
    }
    if (!group || !product) throw new Error('no seeded group with a vendor, a type and a product in the local catalogue')

    mounted = await mountApp(app.api, { path: '/admin/product-groups' })
    const row = await waitFor(() => $$('[data-testid=group-row]').find((r) => r.querySelector('a')?.textContent === group.name), 'the group in the list')
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent?.trim())
    expect(cells).toContain(`Type ${group.type}`)
    expect(cells).toContain(`Vendor ${group.vendor}`)

    row.querySelector('a')!.click()
    await waitFor(() => $('[data-testid=group-detail] h1')?.textContent === group.name, 'the group page')
    const fact = (term: string) => [...document.querySelectorAll('[data-testid=group-detail] dt')].find((dt) => dt.textContent === term)?.nextElementSibling?.textContent?.trim()
    expect(fact('Vendor')).toBe(`Vendor ${group.vendor}`)
    expect(fact('Product type')).toBe(`Type ${group.type}`)
    await waitFor(() => $$('[data-testid=group-products] li').some((li) => li.textContent === `${product.product_code} — ${product.name}`), 'a product by SKU and name')
  })

  it('a related group’s link opens that group', async () => {
    const list = await app.api.admin.listProductGroups()
    if (!list.ok) throw new Error(list.error.message)
    const full = await Promise.all(list.value.map(async (g) => app.api.admin.getProductGroup({ id: g.id })))
    const from = full.flatMap((r) => (r.ok && r.value.related_product_groups.length ? [r.value] : []))[0]!
    const to = list.value.find((g) => g.id === from.related_product_groups[0])!
    mounted = await mountApp(app.api, { path: `/admin/product-groups/${from.id}` })
    await waitFor(() => $('[data-testid=group-detail] h1')?.textContent === from.name, 'the group')
    const link = await waitFor(() => $$('[data-testid=group-detail] a').find((a) => a.getAttribute('href')?.endsWith(`/admin/product-groups/${to.id}`)), 'the related group’s link')
    link.click()
    await waitFor(() => $('[data-testid=group-detail] h1')?.textContent === to.name, 'the related group')
    expect(mounted.router.currentRoute.value.path).toBe(`/admin/product-groups/${to.id}`)
  })
})
