// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'

/** The admin's product group list and page on the real core (this process) and a real sandbox (a child process). */
describe('admin product groups', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('names vendor and type as the catalogue does, in the list and on the page, and its products by SKU and name', async () => {
    const list = await demo.app.api.admin.listProductGroups()
    if (!list.ok) throw new Error(list.error.message)
    let group: (typeof list.value)[number] | undefined
    let product: { product_code: string; name: string } | undefined
    for (const g of list.value.filter((g) => g.vendor && g.type)) {
      const full = await demo.app.api.admin.getProductGroup({ id: g.id })
      if (!full.ok) throw new Error(full.error.message)
      const held = await demo.app.api.catalogue.summaries({ ids: full.value.products.slice(0, 1000) })
      if (!held.ok) throw new Error(held.error.message)
      if (held.value.length) [group, product] = [g, held.value[0]]
      if (group) break
    }
    if (!group || !product) throw new Error('no seeded group with a vendor, a type and a product in the local catalogue')

    await demo.mount({ path: '/admin/product-groups' })
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

  it('names a group without a type or a vendor as the catalogue does ("No type", "No vendor"), in the list and on the page', async () => {
    const made = await demo.app.api.admin.createProductGroup({ name: 'Loose odds and ends', type: null, vendor: null })
    if (!made.ok) throw new Error(made.error.message)

    await demo.mount({ path: '/admin/product-groups' })
    const row = await waitFor(() => $$('[data-testid=group-row]').find((r) => r.querySelector('a')?.textContent === 'Loose odds and ends'), 'the group in the list')
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent?.trim())
    expect(cells.slice(-2)).toEqual(['No type', 'No vendor'])

    row.querySelector('a')!.click()
    await waitFor(() => $('[data-testid=group-detail] h1')?.textContent === 'Loose odds and ends', 'the group page')
    const fact = (term: string) => [...document.querySelectorAll('[data-testid=group-detail] dt')].find((dt) => dt.textContent === term)?.nextElementSibling?.textContent?.trim()
    expect([fact('Product type'), fact('Vendor')]).toEqual(['No type', 'No vendor'])
  })

  it('a related group’s link opens that group', async () => {
    const list = await demo.app.api.admin.listProductGroups()
    if (!list.ok) throw new Error(list.error.message)
    const full = await Promise.all(list.value.map(async (g) => demo.app.api.admin.getProductGroup({ id: g.id })))
    const from = full.flatMap((r) => (r.ok && r.value.related_product_groups.length ? [r.value] : []))[0]!
    const to = list.value.find((g) => g.id === from.related_product_groups[0])!
    await demo.mount({ path: `/admin/product-groups/${from.id}` })
    await waitFor(() => $('[data-testid=group-detail] h1')?.textContent === from.name, 'the group')
    const link = await waitFor(() => $$('[data-testid=group-detail] a').find((a) => a.getAttribute('href')?.endsWith(`/admin/product-groups/${to.id}`)), 'the related group’s link')
    link.click()
    await waitFor(() => $('[data-testid=group-detail] h1')?.textContent === to.name, 'the related group')
    expect(demo.mounted.router.currentRoute.value.path).toBe(`/admin/product-groups/${to.id}`)
  })
})
