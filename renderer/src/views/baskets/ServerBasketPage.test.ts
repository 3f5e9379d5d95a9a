// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import type { CountryCode } from '../../../../shared/api'
import { TestClient } from '../../../../tests/support/sandbox/test-client'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, typeInto, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/** A service basket edited in the app, on the real core (this process) and a real sandbox (a child process). */

describe('a service basket', () => {
  const demo = demoAppSuite({ sandbox: { products: 300, orders: 0, speed: 0 }, sync: true })

  it('keeps unsaved edits when a line is added', async () => {
    const client = new TestClient(demo.sandbox)
    const created = (await client.post<{ id: number; line_items: { id: number }[] }>('/baskets', { name: 'Showroom', line_items: [{ product: SHOWCASE.phone.id, quantity: 2 }] })).body
    await demo.mount({ path: `/baskets/server/${created.id}` })
    const name = await waitFor(() => $<HTMLInputElement>('#server-name'), 'the basket')
    typeInto(name, 'Showroom (edited)')
    typeInto($<HTMLInputElement>(`#server-qty-${created.line_items[0]!.id}`)!, '5')
    typeInto($<HTMLInputElement>('[data-testid=sku-input]')!, SHOWCASE.switch.sku)
    $<HTMLFormElement>('[data-testid=line-entry]')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    await waitFor(() => document.querySelectorAll('.server-basket__qty').length === 2, 'the added line')
    expect($<HTMLInputElement>('#server-name')!.value).toBe('Showroom (edited)')
    expect($<HTMLInputElement>(`#server-qty-${created.line_items[0]!.id}`)!.value).toBe('5')
  })

  it(`reads a quantity as the rep's language writes it (German "2.000" is two thousand) and sends none it cannot read`, async () => {
    inLanguage('de')
    const client = new TestClient(demo.sandbox)
    const created = (await client.post<{ id: number; line_items: { id: number }[] }>('/baskets', { name: 'Lager', line_items: [{ product: SHOWCASE.phone.id, quantity: 2 }, { product: SHOWCASE.switch.id, quantity: 1 }] })).body
    const [phone, sw] = created.line_items.map((l) => l.id)
    const onService = async () => (await client.get<{ line_items: { quantity: number }[] }>(`/baskets/${created.id}`)).body.line_items.map((l) => l.quantity)
    await demo.mount({ path: `/baskets/server/${created.id}` })
    typeInto(await waitFor(() => $<HTMLInputElement>(`#server-qty-${phone}`), 'the basket'), '2.000')
    typeInto($<HTMLInputElement>(`#server-qty-${sw}`)!, '1.5')
    $<HTMLButtonElement>('[data-testid=server-save]')!.click()
    const said = await waitFor(() => $(`#server-qty-${sw}-error`)?.textContent, 'what is wrong with 1.5')
    expect(said).toBe('Nur ganze Zahlen')
    expect($<HTMLInputElement>(`#server-qty-${sw}`)!.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement?.id).toBe(`server-qty-${sw}`)
    expect(await onService()).toEqual([2, 1])
    typeInto($<HTMLInputElement>(`#server-qty-${sw}`)!, '3')
    $<HTMLButtonElement>('[data-testid=server-save]')!.click()
    await waitFor(async () => (await onService()).join() === '2000,3', 'the basket saved as typed')
    expect($(`#server-qty-${sw}-error`)).toBeNull()
  })

  /** The products of the basket's lines, as the service has them (over HTTP). */
  const productsOn = async (client: TestClient, id: number) => (await client.get<{ line_items: { product: number; quantity: number }[] }>(`/baskets/${id}`)).body.line_items.map((l) => [l.product, l.quantity])

  it('adds the product picked among those sharing a SKU: the service gets its id, not just the SKU', async () => {
    const client = new TestClient(demo.sandbox)
    const created = (await client.post<{ id: number }>('/baskets', { name: 'Racks', line_items: [{ product: SHOWCASE.phone.id, quantity: 1 }] })).body
    await demo.mount({ path: `/baskets/server/${created.id}` })
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the basket')
    sku.focus()
    typeInto(sku, 'AMB-10')
    const gridstone = await waitFor(() => $$('[data-testid=sku-suggestions] [role=option]').find((o) => o.textContent!.startsWith(SHOWCASE.ambiguousSku) && o.textContent!.includes('Gridstone')), 'the Gridstone AMB-100 suggested')
    gridstone.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
    await nextTick()
    typeInto($<HTMLInputElement>('[data-testid=qty-input]')!, '3')
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    await waitFor(() => $$('.server-basket__qty').length === 2, 'the line added')
    expect($('#line-entry-error')).toBeNull()
    expect(await productsOn(client, created.id)).toEqual([
      [SHOWCASE.phone.id, 1],
      [SHOWCASE.ambiguousIds[1], 3],
    ])
  })

  // The name's field said zod's English 'Too big: expected string to have <=255 characters'.
  it('says in German what is wrong with a field the app refuses to save', async () => {
    inLanguage('de')
    const client = new TestClient(demo.sandbox)
    const created = (await client.post<{ id: number }>('/baskets', { name: 'Lager', line_items: [{ product: SHOWCASE.phone.id, quantity: 1 }] })).body
    await demo.mount({ path: `/baskets/server/${created.id}` })
    typeInto(await waitFor(() => $<HTMLInputElement>('#server-name'), 'the basket'), 'L'.repeat(300))
    $<HTMLButtonElement>('[data-testid=server-save]')!.click()
    const said = await waitFor(() => $('#server-name-error')?.textContent?.trim(), 'what is wrong with the name')
    expect(said).toBe('Höchstens 255 Zeichen')
    expect((await client.get<{ name: string }>(`/baskets/${created.id}`)).body.name).toBe('Lager')
  })

  // It said the general 'Das gibt es nicht mehr.', the service's words under 'Technische Details (auf Englisch)'.
  it('says in German what a save the service refuses means and what to do, the service’s own words quoted under it', async () => {
    inLanguage('de')
    const client = new TestClient(demo.sandbox)
    const country = (await client.get<CountryCode[]>('/country_codes', { query: { per_page: 1000 } })).body[0]!.id
    const shipping_address = { addr_line_1: '1 High St', city: 'Leeds', postal_code: 'LS1 1AA', country_code: country }
    const created = (await client.post<{ id: number }>('/baskets', { name: 'Lager', shipping_type: 1, shipping_address, line_items: [{ product: SHOWCASE.phone.id, quantity: 1 }] })).body
    await demo.mount({ path: `/baskets/server/${created.id}` })
    const name = await waitFor(() => $<HTMLInputElement>('#server-name'), 'the basket')
    // Meanwhile it was submitted elsewhere: the service has no such basket any more (404).
    expect((await client.post(`/baskets/${created.id}/submit`, {})).status).toBeLessThan(300)
    typeInto(name, 'Lager Süd')
    $<HTMLButtonElement>('[data-testid=server-save]')!.click()
    const notice = await waitFor(() => $$('[role=alert]').find((n) => n.dataset.errorCode === 'not_found'), 'the refusal')
    expect(notice.querySelector('.n-alert__header, .n-alert-body__title')!.textContent!.trim()).toBe(
      'Der Dienst hat es nicht gefunden: Es wurde vielleicht anderswo entfernt. Öffnen Sie es erneut aus seiner Liste.',
    )
    const details = notice.querySelector('details')!
    expect(details.querySelector('summary')!.textContent).toBe('Was der Dienst gesagt hat')
    expect(details.querySelector('[data-testid=service-words]')!.textContent).toBe('Basket not found')
  })

  // It said the service's English "The request is not valid" under a German entry.
  it('says in German that a code typed is not a product, not in the service’s English', async () => {
    inLanguage('de')
    const client = new TestClient(demo.sandbox)
    const created = (await client.post<{ id: number }>('/baskets', { name: 'Lager', line_items: [{ product: SHOWCASE.phone.id, quantity: 1 }] })).body
    await demo.mount({ path: `/baskets/server/${created.id}` })
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the basket')
    typeInto(sku, 'NOPE-7')
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    const said = await waitFor(() => $('#line-entry-error')?.textContent?.trim(), 'why it was not added')
    expect(said).toBe('Im Katalog gibt es kein Produkt mit der Artikelnummer NOPE-7. Prüfen Sie die Artikelnummer oder suchen Sie das Produkt mit der Schnellsuche nach seinem Namen.')
  })

  it('offers the products of a shared SKU typed by hand, and adds the one chosen', async () => {
    const client = new TestClient(demo.sandbox)
    const created = (await client.post<{ id: number }>('/baskets', { name: 'More racks', line_items: [{ product: SHOWCASE.phone.id, quantity: 1 }] })).body
    await demo.mount({ path: `/baskets/server/${created.id}` })
    const sku = await waitFor(() => $<HTMLInputElement>('[data-testid=sku-input]'), 'the basket')
    sku.focus()
    typeInto(sku, SHOWCASE.ambiguousSku)
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    const said = await waitFor(() => $('#line-entry-question')?.textContent?.trim(), 'what the add said')
    expect(said).toBe('2 products share the SKU AMB-100: choose the one you mean from the list.')
    const offered = $$('[data-testid=sku-suggestions] [role=option]')
    expect(offered.map((o) => o.textContent!.trim())).toEqual(['AMB-100 Fluxnet Universal Rack Mount Kit', 'AMB-100 Gridstone Universal Rack Mount Kit'])
    expect(await productsOn(client, created.id)).toEqual([[SHOWCASE.phone.id, 1]])
    offered[0]!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
    await nextTick()
    $<HTMLButtonElement>('[data-testid=add-line]')!.click()
    await waitFor(() => $$('.server-basket__qty').length === 2, 'the line added')
    expect(await productsOn(client, created.id)).toEqual([
      [SHOWCASE.phone.id, 1],
      [SHOWCASE.ambiguousIds[0], 1],
    ])
  })
})
