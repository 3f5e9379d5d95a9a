// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import { startDemoApp, type DemoApp } from '../../../../tests/harness/demo-app'
import { $, $$, mountApp, waitFor } from '../../testing/mount-app'

/** The product group form on the real core (this process) and a real sandbox (a child process). */
describe('product group form', () => {
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

  it('shows the group vendor and type as the catalogue names them, and adds a product found in the catalogue', async () => {
    const list = await app.api.admin.listProductGroups()
    if (!list.ok) throw new Error(list.error.message)
    const group = list.value.find((g) => g.vendor && g.type)!
    const before = await app.api.admin.getProductGroup({ id: group.id })
    if (!before.ok) throw new Error(before.error.message)
    const showcase = Object.values(SHOWCASE).flatMap((p) => (typeof p === 'object' && 'sku' in p ? [p] : []))
    const product = showcase.find((p) => !before.value.products.includes(p.id))!
    mounted = await mountApp(app.api, { path: `/admin/product-groups/${group.id}/edit` })
    await waitFor(() => $('[data-testid=group-form]'), 'the form')
    const fieldText = (id: string) => $(`#${id}`)?.closest('.gform__field')?.textContent ?? ''
    await waitFor(() => fieldText('gf-vendor').includes(`Vendor ${group.vendor}`), 'the vendor')
    expect(fieldText('gf-type')).toContain(`Type ${group.type}`)

    const sku = product.sku
    const input = $<HTMLInputElement>('#gf-search')!
    input.value = sku
    input.dispatchEvent(new Event('input', { bubbles: true }))
    $<HTMLButtonElement>('[data-testid=search-products]')!.click()
    const found = await waitFor(() => $$('[data-testid=product-results] li').find((li) => li.textContent?.startsWith(`${sku} — `)), 'the product found')
    found.querySelector('button')!.click()
    $<HTMLButtonElement>('[data-testid=save-group]')!.click()
    await waitFor(() => mounted!.router.currentRoute.value.path === `/admin/product-groups/${group.id}`, 'the saved group')
    const saved = await app.api.admin.getProductGroup({ id: group.id })
    if (!saved.ok) throw new Error(saved.error.message)
    expect(saved.value.products).toContain(product.id)
  })
})
