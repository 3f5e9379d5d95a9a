// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import type { ProductGroup } from '../../../../shared/api'
import { PRODUCT_TYPES, VENDORS } from '../../../../electron/sandbox/seed/reference-data'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'

/** The product group form on the real core (this process) and a real sandbox (a child process). */
describe('product group form', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('shows the group vendor and type as the catalogue names them, and adds a product found in the catalogue', async () => {
    const list = await demo.app.api.admin.listProductGroups()
    if (!list.ok) throw new Error(list.error.message)
    const group = list.value.find((g) => g.vendor && g.type)!
    const before = await demo.app.api.admin.getProductGroup({ id: group.id })
    if (!before.ok) throw new Error(before.error.message)
    const showcase = Object.values(SHOWCASE).flatMap((p) => (typeof p === 'object' && 'sku' in p ? [p] : []))
    const product = showcase.find((p) => !before.value.products.includes(p.id))!
    await demo.mount({ path: `/admin/product-groups/${group.id}/edit` })
    await waitFor(() => $('[data-testid=group-form]'), 'the form')
    const fieldText = (id: string) => $(`#${id}`)?.closest('.form-field')?.textContent ?? ''
    // The demo names them (GET /vendors, /product_types): the names, not "Vendor 4".
    await waitFor(() => fieldText('gf-vendor').includes(VENDORS[group.vendor! - 1]!), 'the vendor by name')
    await waitFor(() => fieldText('gf-type').includes(PRODUCT_TYPES[group.type! - 1]!), 'the type by name')

    const sku = product.sku
    const input = $<HTMLInputElement>('#gf-search')!
    typeInto(input, sku)
    $<HTMLButtonElement>('[data-testid=search-products]')!.click()
    const found = await waitFor(() => $$('[data-testid=product-results] li').find((li) => li.textContent?.startsWith(`${sku} — `)), 'the product found')
    found.querySelector('button')!.click()
    $<HTMLButtonElement>('[data-testid=save-group]')!.click()
    await waitFor(() => demo.mounted.router.currentRoute.value.path === `/admin/product-groups/${group.id}`, 'the saved group')
    const saved = await demo.app.api.admin.getProductGroup({ id: group.id })
    if (!saved.ok) throw new Error(saved.error.message)
    expect(saved.value.products).toContain(product.id)
  })

  async function group(id: number): Promise<ProductGroup> {
    const r = await demo.app.api.admin.getProductGroup({ id })
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }
  const nameField = () => $<HTMLInputElement>('#gf-name')
  const path = () => demo.mounted.router.currentRoute.value.path

  it('opened from a group’s form, "new group" shows an empty form and Save creates a group', async () => {
    const list = await demo.app.api.admin.listProductGroups()
    if (!list.ok) throw new Error(list.error.message)
    const someone = await group(list.value.find((g) => g.name)!.id)
    await demo.mount({ path: `/admin/product-groups/${someone.id}/edit` })
    await waitFor(() => nameField()?.value === someone.name, 'the group in the form')

    await demo.mounted.router.push('/admin/product-groups/new')
    await waitFor(() => $('h1')?.textContent === 'New product group', 'the new-group title')
    expect(nameField()!.value).toBe('')
    expect($('[data-testid=group-picked-products]')).toBeNull()

    typeInto(nameField()!, 'Spring range')
    $<HTMLButtonElement>('[data-testid=save-group]')!.click()
    await waitFor(() => /^\/admin\/product-groups\/\d+$/.test(path()), 'the saved group')
    const created = await group(Number(path().split('/').pop()))
    expect(created.id).not.toBe(someone.id)
    expect(created).toMatchObject({ name: 'Spring range', products: [] })
    expect((await group(someone.id)).name).toBe(someone.name)
  })

  it('opened from one group’s form, another group’s form shows that group, also on going back, and Save edits the group shown', async () => {
    const list = await demo.app.api.admin.listProductGroups()
    if (!list.ok) throw new Error(list.error.message)
    // Every organisation has groups of the same names: two that a user tells apart.
    const first = list.value.find((g) => g.name)
    const second = list.value.find((g) => g.name && g.name !== first!.name)
    await demo.mount({ path: `/admin/product-groups/${first!.id}/edit` })
    await waitFor(() => nameField()?.value === first!.name, 'the first group in the form')

    await demo.mounted.router.push(`/admin/product-groups/${second!.id}/edit`)
    await waitFor(() => nameField()?.value === second!.name, 'the second group in the form')
    demo.mounted.router.back()
    await waitFor(() => path() === `/admin/product-groups/${first!.id}/edit`, 'the first group’s address again')
    await waitFor(() => nameField()?.value === first!.name, 'the first group in the form again')

    demo.mounted.router.forward()
    await waitFor(() => nameField()?.value === second!.name, 'the second group in the form again')
    typeInto(nameField()!, `${second!.name} (renamed)`)
    $<HTMLButtonElement>('[data-testid=save-group]')!.click()
    await waitFor(() => path() === `/admin/product-groups/${second!.id}`, 'the saved group')
    expect((await group(second!.id)).name).toBe(`${second!.name} (renamed)`)
    expect((await group(first!.id)).name).toBe(first!.name)
  })
})

describe('a product group the app could not fully read', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 0, speed: 0, testMode: true }, cleanUp: () => demo.sandbox.control.clearFaults() })

  it('names what it could not read, as the user page does, and offers no Save: it is changed in the web interface', async () => {
    const list = await demo.app.api.admin.listProductGroups()
    if (!list.ok) throw new Error(list.error.message)
    const group = list.value[0]!
    // A subscription kind a later release adds.
    await demo.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/product_groups/${group.id}$` }, set: { subscription_type: 'SUBSCRIPTION_KIND_PRINT' } })
    await demo.mount({ path: `/admin/product-groups/${group.id}` })
    const onPage = await waitFor(() => $('[data-testid=not-fully-read]'), 'the notice on the group page')
    expect(onPage.textContent).toContain('Not fully read')
    expect(onPage.textContent).toContain('The service sent Subscription kind in a form this app does not understand')

    await demo.mount({ path: `/admin/product-groups/${group.id}/edit` })
    const save = await waitFor(() => $<HTMLButtonElement>('[data-testid=save-group]'), 'the form')
    await waitFor(() => $('[data-testid=not-fully-read]'), 'the notice on the form')
    expect($('[data-testid=not-fully-read]')!.textContent).toContain('This product group cannot be saved from here: change it in the service’s web interface.')
    expect(save.disabled).toBe(true)
  })

  it('shows each value it could not read as not read (a dash), on the page and in the form, not the default the app put in its place', async () => {
    const list = await demo.app.api.admin.listProductGroups()
    if (!list.ok) throw new Error(list.error.message)
    const group = list.value[0]!
    // A subscription kind a later release adds, a grading and a vendor in a form the app does not read.
    await demo.sandbox.control.injectFault({
      kind: 'reshape',
      match: { method: 'GET', path: `^/product_groups/${group.id}$` },
      set: { subscription_type: 'SUBSCRIPTION_KIND_PRINT', grading: 'high', vendor: 'acme' },
    })
    await demo.mount({ path: `/admin/product-groups/${group.id}` })
    await waitFor(() => $('[data-testid=not-fully-read]'), 'the notice on the group page')
    for (const field of ['group-subscription-type', 'group-grading', 'group-vendor']) {
      expect($(`[data-testid=${field}]`)!.textContent!.trim(), field).toBe('—not read')
    }

    await demo.mount({ path: `/admin/product-groups/${group.id}/edit` })
    await waitFor(() => $('[data-testid=group-form]'), 'the form')
    // Not 'None' (no kind, no vendor): that is not what the group has.
    for (const id of ['gf-kind', 'gf-vendor']) {
      const select = $(`#${id}`)!.closest('.n-base-selection')!
      await waitFor(() => select.textContent!.trim() === 'not read', `${id} shown as not read`)
    }
    const grading = $<HTMLInputElement>('#gf-grading')!
    expect(grading.value).toBe('')
    expect(grading.placeholder).toBe('not read')
  })
})
