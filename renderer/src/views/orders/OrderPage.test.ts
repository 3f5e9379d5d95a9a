// @vitest-environment happy-dom
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { placeOrder } from '../../../../tests/support/sandbox/place-order'
import { TestClient } from '../../../../tests/support/sandbox/test-client'
import { SHOWCASE } from '../../../../electron/sandbox/seed/catalogue'
import type { CountryCode, ShippingType } from '../../../../shared/api'
import { OrderFilters } from '../../../../shared/ipc/channels/orders'
import { demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'
import { inLanguage } from '../../../../tests/support/renderer/ui-language'

/** One order's page, on the real core (this process) and a real sandbox (a child process). */
describe('order page', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 5, speed: 0, testMode: true } })

  // Offline it said only 'The service cannot be reached', although the orders list showed the order;
  // then it showed the list's row alone: no lines, no shipping cost or discount, no confirmation PDF.
  it('offline, shows an order never opened here as the orders list last read it: its lines, shipping and discount as online, and its confirmation PDF', async () => {
    await vi.waitFor(async () => expect(await demo.app.api.orders.indexState()).toMatchObject({ ok: true, value: { complete: true } }), { timeout: 30_000 })
    const order = (await demo.sandbox.control.listOrdersRaw()).filter((o) => o.status !== 'DRAFT' && o.purchase_order_number && o.line_items.length).at(-1)!
    await demo.sandbox.control.pause()
    try {
      await demo.app.api.orders.pollNow()
      await demo.mount({ path: `/orders/${order.id}` })
      const notice = await waitFor(() => $('[data-testid=order-last-known]'), 'the last known state, said so')
      expect(notice.textContent).toContain('Its shipments, units and other details show once the service can be reached.')
      expect($('[data-testid=order-status]')!.dataset.status).toBe(order.status)
      expect($('[data-testid=order-po]')!.textContent!.trim()).toBe(order.purchase_order_number)
      // The lines as the online page lists them (the same list), and the totals' shipping and discount lines.
      expect($$('[data-testid=order-lines] .lines__head strong:first-child').map((n) => n.textContent)).toEqual(order.line_items.map((l) => l.name))
      expect($('[data-testid=order-ship-cost]')!.textContent).toContain((order.ship_cost ?? 0).toFixed(2))
      expect($('[data-testid=order-discount]')!.textContent).toContain((order.discount ?? 0).toFixed(2))
      expect($$('h2').map((h) => h.textContent)).toContain('Shipping')
      const pdf = $<HTMLButtonElement>('[data-testid=confirmation-pdf]')!
      expect(pdf.disabled).toBe(false)
      expect($('[data-testid=confirmation-pdf-unavailable]')).toBeNull()
      expect($('[data-testid=order-detail]')!.textContent).not.toContain('cannot be reached')
      // Reorder is where the rep looks for it, off, saying why: it vanished without a word.
      expect($<HTMLButtonElement>('[data-testid=reorder]')!.disabled).toBe(true)
      expect($('[data-testid=reorder-needs-service]')!.textContent).toBe('Reordering needs the whole order, which this computer has not kept: possible once the service can be reached.')
    } finally {
      await demo.sandbox.control.resume()
    }
    // Back online, the whole order comes without the rep asking.
    await waitFor(() => $('[data-testid=units-heading]'), 'the full order', 20_000)
    expect($('[data-testid=order-last-known]')).toBeNull()
  })

  it('offline, for an order whose lines this computer never kept, offers the confirmation PDF disabled, saying it needs the service', async () => {
    await vi.waitFor(async () => expect(await demo.app.api.orders.indexState()).toMatchObject({ ok: true, value: { complete: true } }), { timeout: 30_000 })
    const order = (await demo.sandbox.control.listOrdersRaw()).filter((o) => o.status !== 'DRAFT' && o.purchase_order_number && o.line_items.length).at(-2)!
    const status = await demo.app.api.connection.status()
    if (!status.ok) throw new Error(status.error.message)
    demo.app.profileFiles.forgetKeptOrderParts(status.value.profile!.id, order.id)
    await demo.sandbox.control.pause()
    try {
      await demo.app.api.orders.pollNow()
      await demo.mount({ path: `/orders/${order.id}` })
      const notice = await waitFor(() => $('[data-testid=order-last-known]'), 'the last known state, said so')
      expect(notice.textContent).toContain('Its lines, shipping and other details show once the service can be reached.')
      expect($('[data-testid=order-lines]')).toBeNull()
      expect($<HTMLButtonElement>('[data-testid=confirmation-pdf]')!.disabled).toBe(true)
      expect($('[data-testid=confirmation-pdf-unavailable]')!.textContent).toBe('Needs the service: available once it can be reached.')
    } finally {
      await demo.sandbox.control.resume()
    }
  })

  // Offline from the copy kept when it was last opened, its Resubmit looked as live as online and
  // failed when clicked; Reorder failed too, although a reorder only makes a local draft.
  it('offline, from the copy kept when it was opened, reorders into a new draft and offers resubmitting only once the service is back', async () => {
    const order = (await demo.sandbox.control.listOrdersRaw()).find((o) => o.status !== 'DRAFT' && o.line_items.length)!
    await demo.sandbox.control.transition(order.id, 'ATTENTION_REQUIRED')
    const opened = await demo.app.api.orders.get({ id: order.id })
    if (!opened.ok) throw new Error(opened.error.message)
    await demo.sandbox.control.pause()
    try {
      await demo.app.api.orders.pollNow()
      const mounted = await demo.mount({ path: `/orders/${order.id}` })
      const resubmit = await waitFor(() => $<HTMLButtonElement>('[data-testid=resubmit]'), 'the Resubmit button')
      expect(resubmit.disabled).toBe(true)
      expect($('[data-testid=actions-need-service]')!.textContent).toBe('Resubmitting and cancelling need the service: possible once it can be reached.')
      $<HTMLButtonElement>('[data-testid=reorder]')!.click()
      await waitFor(() => mounted.router.currentRoute.value.path.startsWith('/baskets/drafts/'), 'the new draft opened offline')
    } finally {
      await demo.sandbox.control.resume()
    }
  })

  it('names the shipping type and the country of the address, as the service lists them', async () => {
    const order = (await demo.sandbox.control.listOrdersRaw()).find((o) => o.shipping_type && o.shipping_address?.country_code)!
    // What the sandbox says, asked over HTTP directly rather than through the app.
    const client = new TestClient(demo.sandbox)
    const shippingType = (await client.call<ShippingType[]>('GET', '/shipping_types')).body.find((s) => s.id === order.shipping_type)!
    const country = (await client.call<CountryCode[]>('GET', '/country_codes', { query: { per_page: 1000 } })).body.find((c) => c.id === order.shipping_address!.country_code)!

    await demo.mount({ path: `/orders/${order.id}` })
    await waitFor(() => $('[data-testid=order-status]'), 'the order')
    const value = (term: string) => $$('dl.facts dt').find((dt) => dt.textContent?.trim() === term)?.nextElementSibling?.textContent?.trim()
    await waitFor(() => value('Shipping type') === shippingType.name, `the shipping type named "${shippingType.name}"`)
    expect(value('Address')).toContain(country.name)
  })

  it('on reorder, says how many lines of the order are not in the new draft and why, until the rep closes it', async () => {
    const order = (await demo.sandbox.control.listOrdersRaw()).find((o) => o.line_items.length >= 2)!
    // The service sends the second line in a form the app cannot read (a price of null).
    await demo.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/orders/${order.id}$` }, set: { 'line_items.1.price': null } })
    onTestFinished(() => demo.sandbox.control.clearFaults())
    const mounted = await demo.mount({ path: `/orders/${order.id}` })
    ;(await waitFor(() => $('[data-testid=reorder]'), 'the Reorder button')).click()
    await waitFor(() => mounted.router.currentRoute.value.path.startsWith('/baskets/drafts/'), 'the new draft opened')
    const warning = await waitFor(() => $$('.n-message').find((m) => m.textContent?.includes('not in the draft')), 'the warning')
    expect(warning.textContent).toContain('One line of this order is not in the draft: the service sent it in a form this app does not understand.')
    expect(warning.querySelector('.n-message__close')).not.toBeNull()
  })

  it('shows the finance section of an order financed for a target this app does not know, naming it in words', async () => {
    const order = (await demo.sandbox.control.listOrdersRaw())[0]!
    const finance = { target: 'THIRD_PARTY_LESSOR', company_name: 'Northwind Leasing', term_length: 36, approved: true }
    await demo.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/orders/${order.id}$` }, set: { payment_type: 'FINANCE', finance } })
    onTestFinished(() => demo.sandbox.control.clearFaults())
    await demo.mount({ path: `/orders/${order.id}` })
    const section = await waitFor(() => $('[data-testid=order-finance]'), 'the finance section')
    expect($('[data-testid=finance-target]')!.textContent!.trim()).toBe('Third party lessor')
    expect(section.textContent).toContain('Northwind Leasing')
    expect(section.textContent).toContain('36 months')
  })

  it('on reorder of an order financed for a target this app does not know, the draft names that target and asks the rep to choose, none chosen', async () => {
    const order = (await demo.sandbox.control.listOrdersRaw())[0]!
    const finance = { target: 'THIRD_PARTY_LESSOR', company_name: 'Northwind Leasing', term_length: 36, approved: true }
    await demo.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/orders/${order.id}$` }, set: { payment_type: 'FINANCE', finance } })
    onTestFinished(() => demo.sandbox.control.clearFaults())
    const mounted = await demo.mount({ path: `/orders/${order.id}` })
    ;(await waitFor(() => $('[data-testid=reorder]'), 'the Reorder button')).click()
    await waitFor(() => mounted.router.currentRoute.value.path.startsWith('/baskets/drafts/'), 'the new draft opened')
    const ask = await waitFor(() => $('[data-testid=finance-choose-target]'), 'the finance target to choose')
    expect(ask.textContent!.trim()).toBe('This was financed for “Third party lessor”, which this app cannot send: choose who the finance is for.')
    const targets = $$('input[name=finance-target]') as HTMLInputElement[]
    expect(targets.map((r) => [r.value, r.checked])).toEqual([
      ['SELF', false],
      ['CUSTOMER', false],
    ])
    targets[1]!.click()
    await waitFor(() => !$('[data-testid=finance-choose-target]'), 'the question gone once the rep chose')
    expect($<HTMLInputElement>('input[name=finance-target][value=CUSTOMER]')!.checked).toBe(true)
  })

  // It read "Shipping £0.00" and nothing more: a rep could not tell a free order from a forgotten charge.
  it('says why an order charges no shipping: nothing in it ships, or it has no shipping type', async () => {
    // A licence is not sent physically: the service charges its shipping type's price only when a line ships.
    const placed = await placeOrder(new TestClient(demo.sandbox), [{ product: SHOWCASE.licence.id, quantity: 2 }])
    const mounted = await demo.mount({ path: `/orders/${placed.id}` })
    const reason = await waitFor(() => $('[data-testid=ship-cost-reason]'), 'the reason beside the shipping cost')
    expect($('[data-testid=order-ship-cost]')!.textContent).toMatch(/0\.00/)
    await waitFor(() => reason.textContent === 'No shipping charged: nothing in this order is shipped.', 'nothing ships, said so')
    mounted.unmount()

    inLanguage('it')
    await demo.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/orders/${placed.id}$` }, set: { shipping_type: null } })
    onTestFinished(() => demo.sandbox.control.clearFaults())
    await demo.app.api.orders.pollNow()
    const again = await demo.mount({ path: `/orders/${placed.id}` })
    await waitFor(() => $('[data-testid=ship-cost-reason]')?.textContent === 'Spedizione non addebitata: l’ordine non ha un tipo di spedizione.', 'no shipping type, said in Italian')
    again.unmount()
  })

  /** What a sighted user sees of an element: its text without the words kept for screen readers. */
  const seen = (el: Element) => without(el, '.visually-hidden')
  /** What a screen reader reads of it: its text without what is hidden from it. */
  const heard = (el: Element) => without(el, '[aria-hidden=true]')
  function without(el: Element, selector: string): string {
    const copy = el.cloneNode(true) as Element
    copy.querySelectorAll(selector).forEach((n) => n.remove())
    return copy.textContent!.trim()
  }
  const factOf = (term: string) => $$('dl.facts dt').find((dt) => dt.textContent?.trim() === term)?.nextElementSibling ?? undefined

  // Nothing ships, so the order has no address: the Address fact was blank, read as a page that had not loaded.
  it('writes a dash for an order with no shipping address, as for every other empty fact', async () => {
    const order = (await demo.sandbox.control.listOrdersRaw())[0]!
    await demo.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/orders/${order.id}$` }, set: { shipping_address: null } })
    onTestFinished(() => demo.sandbox.control.clearFaults())
    const mounted = await demo.mount({ path: `/orders/${order.id}` })
    await waitFor(() => factOf('Shipping type'), 'the shipping facts')
    expect(seen(factOf('Address')!)).toBe('–')
    expect(heard(factOf('Address')!)).toBe('No address')
    mounted.unmount()
  })

  // Each '–' was read out as 'en dash', or not at all: a screen reader user could not tell an empty fact from a glitch.
  it('writes a dash for each value the order has not, which a screen reader reads as words saying what is missing, in German', async () => {
    inLanguage('de')
    const order = (await demo.sandbox.control.listOrdersRaw()).filter((o) => o.status !== 'DRAFT' && o.line_items.length).at(-5)!
    const product = order.line_items[0]!.product
    const none = {
      date: null,
      purchase_order_number: null,
      supplier_ref: '',
      linked_supplier_refs: [],
      external_id: null,
      parent_id: null,
      name: null,
      end_user: '',
      manual_authorisation: null,
      ship_cost: null,
      shipping_address: null,
      shipping_type: null,
      ship_final: null,
      ship_instructions: null,
      provisioning_instructions: '',
      payment_type: 'FINANCE',
      finance: { target: 'SELF' },
      shipments: [{ reference: 'SHP-1', tracking_number: null, date: null, items: [{ product, name: 'Kabel', product_code: 'CAB-1', quantity: 1, serial_numbers: [] }] }],
      units: [{ id: 1, order: order.id, product, serial: null }],
    }
    await demo.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/orders/${order.id}$` }, set: none })
    onTestFinished(() => demo.sandbox.control.clearFaults())
    const mounted = await demo.mount({ path: `/orders/${order.id}` })
    await waitFor(() => $('[data-testid=order-finance]') && $('[data-testid=shipment]') && factOf('Versandart'), 'the whole order')
    const absent = {
      Bestellt: 'Keine Angabe',
      Bestellnummer: 'Keine Bestellnummer',
      Lieferantenreferenz: 'Keine Lieferantenreferenz',
      'Verknüpfte Lieferantenreferenzen': 'Keine verknüpften Lieferantenreferenzen',
      'Übergeordnete Bestellung': 'Keine übergeordnete Bestellung',
      Endkunde: 'Keine Angabe',
      Adresse: 'Keine Adresse',
      Versandart: 'Keine Angabe',
      Versandhinweise: 'Keine Angabe',
      'Versandt am': 'Keine Angabe',
      Genehmigt: 'Keine Angabe',
      Geschäftsadressen: 'Keine Geschäftsadressen',
      Sendungsnummer: 'Keine Sendungsnummer',
    }
    for (const [term, words] of Object.entries(absent)) {
      const fact = factOf(term)
      expect(fact, term).toBeTruthy()
      expect([term, seen(fact!)]).toEqual([term, '–'])
      expect([term, heard(fact!)]).toEqual([term, words])
    }
    // The serials of the shipment's item and of the unit, in their tables.
    const serials = $('[data-testid=shipment] tbody td:last-child')!
    expect([seen(serials), heard(serials)]).toEqual(['–', 'Keine Seriennummern'])
    const serial = $('[data-testid=units] tbody td:last-child')!
    expect([seen(serial), heard(serial)]).toEqual(['–', 'Keine Seriennummer'])
    // Nowhere on the page is a dash read out as one.
    expect(heard($('[data-testid=order-detail]')!)).not.toContain('–')
    mounted.unmount()
  })

  // An accepted order read "From now on the order is final and cannot be cancelled." beside its status and again under its buttons.
  it('says once that an accepted order can no longer be cancelled, and under the buttons for one shipped since', async () => {
    const placed = await placeOrder(new TestClient(demo.sandbox), [{ product: SHOWCASE.switch.id, quantity: 1 }])
    demo.sandbox.control.transition(placed.id, 'PROCESSING')
    demo.sandbox.control.transition(placed.id, 'ACCEPTED')
    const accepted = await demo.mount({ path: `/orders/${placed.id}` })
    await waitFor(() => $('[data-testid=order-status]')?.getAttribute('data-status') === 'ACCEPTED' || null, 'the accepted order')
    const saying = (text: string | null | undefined) => /cannot be cancelled|can no longer be cancelled/.test(text ?? '')
    expect(saying($('[data-testid=order-status]')!.textContent)).toBe(true)
    expect($('[data-testid=no-cancel-reason]')).toBeNull()
    accepted.unmount()

    demo.sandbox.control.transition(placed.id, 'SHIPPED')
    await demo.mount({ path: `/orders/${placed.id}` })
    await waitFor(() => $('[data-testid=order-status]')?.getAttribute('data-status') === 'SHIPPED' || null, 'the shipped order')
    expect($('[data-testid=no-cancel-reason]')?.textContent).toBe('Once accepted, an order is final and can no longer be cancelled.')
  })

  it('does not call an order of a status the app does not know final (accepted): it says it cannot tell, in German', async () => {
    inLanguage('de')
    const placed = await placeOrder(new TestClient(demo.sandbox), [{ product: SHOWCASE.switch.id, quantity: 1 }])
    await demo.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: `^/orders/${placed.id}$` }, set: { status: 'ON_HOLD' } })
    onTestFinished(() => demo.sandbox.control.clearFaults())
    const mounted = await demo.mount({ path: `/orders/${placed.id}` })
    await waitFor(() => $('[data-testid=order-status]')?.getAttribute('data-status') === 'ON_HOLD' || null, 'the order of an unknown status')
    const reason = $('[data-testid=no-cancel-reason]')?.textContent ?? ''
    expect(reason).not.toMatch(/angenommen/)
    expect(reason).toBe('Diesen Status kennt die App noch nicht, daher kann sie nicht sagen, ob die Bestellung noch storniert werden kann: Die Weboberfläche des Dienstes zeigt es.')
    mounted.unmount()
  })

  it('lists one unit per item ordered under one heading: 50 switches are 50 units', async () => {
    const placed = await placeOrder(new TestClient(demo.sandbox), [{ product: SHOWCASE.switch.id, quantity: 50 }])
    demo.sandbox.control.transition(placed.id, 'PROCESSING')
    demo.sandbox.control.transition(placed.id, 'ACCEPTED')
    await demo.mount({ path: `/orders/${placed.id}` })
    await waitFor(() => $$('[data-testid=units] tbody tr').length === 50, '50 unit rows')
    expect($$('[data-testid=units-heading]').map((h) => h.textContent?.trim())).toEqual(['Units (50)'])
    expect(document.body.textContent?.split('Units (50)').length).toBe(2)
  })

  it('writes quantities and counts as the language writes numbers: 1.200 switches in German, in the line, the shipment and the units', async () => {
    inLanguage('de')
    const placed = await placeOrder(new TestClient(demo.sandbox), [{ product: SHOWCASE.switch.id, quantity: 1200 }])
    for (const status of ['PROCESSING', 'ACCEPTED', 'SHIPPED'] as const) demo.sandbox.control.transition(placed.id, status)
    const mounted = await demo.mount({ path: `/orders/${placed.id}` })
    const shipment = await waitFor(() => $('[data-testid=shipment] tbody tr'), 'the shipment')
    // They read '1200 ×', '1200' and 'Einheiten (1200)', beside amounts written '1.234,56 £'.
    expect($('[data-testid=order-lines] .lines__money')!.textContent).toMatch(/^1\.200 × /)
    expect([...shipment.querySelectorAll('td')].map((td) => td.textContent)).toContain('1.200')
    expect($('[data-testid=units-heading]')!.textContent).toBe('Einheiten (1.200)')
    mounted.unmount()
  })

  it("words a line's rate plan with units and in the user's language: months, billing, charge model", async () => {
    const placed = await placeOrder(new TestClient(demo.sandbox), [{ product: SHOWCASE.backup.id, quantity: 1, backup_order: { tenant_name: 'acme', admin_email: 'it@acme.test' } }])
    expect(placed.line_items[0]!.rate_plan_details, JSON.stringify(placed)).toBeTruthy()
    await demo.mount({ path: `/orders/${placed.id}` })
    const line = await waitFor(() => $('.lines__charges')?.closest('dd'), 'the rate plan')
    expect(line.textContent).toMatch(/term (one month|\d+ months), billed [a-z]+, renews for (one month|\d+ months)/)
    expect(line.textContent).not.toMatch(/per_unit|recurring|term \d+,/)
  })

  /** An order of one meeting subscription line, placed on the sandbox directly. */
  const meetingOrder = async (): Promise<number> =>
    (
      await placeOrder(new TestClient(demo.sandbox), [
        { product: SHOWCASE.meeting.id, quantity: 1, meeting_order: { end_user_name: 'Ann Lee', end_user_company: 'Acme', end_user_email: 'ann@acme.test', deal_registration_id: 'D-1' } },
      ])
    ).id
  const factsOf = (term: string) => () => $$('dl.facts dt').find((dt) => dt.textContent?.trim() === term)?.nextElementSibling?.textContent?.trim()

  it("sets a meeting line's facts apart with spaced dots, its order type and product kind in words", async () => {
    await demo.mount({ path: `/orders/${await meetingOrder()}` })
    const facts = await waitFor(factsOf('Meeting subscription'), 'the meeting line')
    // Every fact is set apart by " · " (no "BASE· subscription"); NEW and BASE read as words.
    expect(facts.split(' · ').length, facts).toBe(5)
    expect(facts).not.toMatch(/\S·|·\S/)
    expect(facts).toMatch(/ · New order · Base product · /)
  })

  it("words a meeting line's codes in the user's language, and ones a later service adds as readable words, never the bare code", async () => {
    inLanguage('fr')
    const id = await meetingOrder()
    const mounted = await demo.mount({ path: `/orders/${id}` })
    const facts = await waitFor(factsOf('Abonnement de réunion'), 'the meeting line')
    const charge = $('.lines__charges li')!.textContent!
    expect(facts).toMatch(/ · Nouvelle commande · Produit de base · /)
    expect(charge).toMatch(/ · Organisateur$/)
    expect(facts).not.toMatch(/NEW|BASE/)
    mounted.unmount()

    // Codes this app has no words for yet.
    demo.sandbox.control.injectFault({
      kind: 'reshape',
      match: { method: 'GET', path: `^/orders/${id}$` },
      set: {
        'line_items.0.meeting_order.meeting_order_type': 'RENEWAL_UPGRADE',
        'line_items.0.meeting_order.meeting_order_sub_type': 'HOST_ADDON',
        'line_items.0.rate_plan_details.rate_plan_charges.0.unit_of_measure': 'meeting_room',
      },
    })
    onTestFinished(() => demo.sandbox.control.clearFaults())
    await demo.mount({ path: `/orders/${id}` })
    const later = await waitFor(() => (factsOf('Abonnement de réunion')()?.includes('Renewal') ? factsOf('Abonnement de réunion')() : undefined), 'the reshaped meeting line')
    expect(later).toMatch(/ · Renewal upgrade · Host addon · /)
    expect($('.lines__charges li')!.textContent).toMatch(/ · Meeting room$/)
  })

  // It said 'Das PDF konnte nicht erstellt werden: Something went wrong inside the app; the details are in the log.'
  it('says in German why the confirmation PDF could not be made, the app’s English folded away', async () => {
    inLanguage('de')
    const order = (await demo.sandbox.control.listOrdersRaw()).filter((o) => o.status !== 'DRAFT' && o.line_items.length).at(-4)!
    await demo.mount({ path: `/orders/${order.id}` })
    const pdf = await waitFor(() => $<HTMLButtonElement>('[data-testid=confirmation-pdf]:not([disabled])'), 'the PDF button')
    // No printer: the browser the shell prints with is not there.
    const printer = process.env.CHROMIUM_PATH
    process.env.CHROMIUM_PATH = '/nonexistent/chromium'
    try {
      pdf.click()
      const result = await waitFor(() => $('[data-testid=confirmation-pdf-result]'), 'the outcome')
      expect(result.textContent!.trim()).toBe('Das PDF konnte nicht erstellt werden: In der App ist etwas schiefgelaufen.')
      const details = result.parentElement!.querySelector('details')!
      expect(details.querySelector('summary')!.textContent).toBe('Technische Details (auf Englisch)')
      expect(details.textContent).toContain('Something went wrong inside the app')
    } finally {
      if (printer === undefined) delete process.env.CHROMIUM_PATH
      else process.env.CHROMIUM_PATH = printer
    }
  })

  // It said the general 'Der Dienst hatte ein Problem. Versuchen Sie es gleich noch einmal.', the service's words under 'Technische Details (auf Englisch)'.
  it('says in German what a resubmit the service fails means and what to do, the service’s own words quoted under it', async () => {
    inLanguage('de')
    const order = (await demo.sandbox.control.listOrdersRaw()).filter((o) => o.status !== 'DRAFT' && o.line_items.length).at(-3)!
    await demo.sandbox.control.transition(order.id, 'ATTENTION_REQUIRED')
    await demo.mount({ path: `/orders/${order.id}` })
    const resubmit = await waitFor(() => $<HTMLButtonElement>('[data-testid=resubmit]'), 'the Resubmit button')
    demo.sandbox.control.injectFault({ kind: 'status', status: 503, times: 1, match: { method: 'POST', path: '/resubmit$' } })
    resubmit.click()
    const confirm = await waitFor(() => [...document.querySelectorAll<HTMLButtonElement>('.n-dialog button')].find((b) => b.textContent?.trim() === 'Erneut einreichen'), 'the confirmation')
    confirm.click()
    const notice = await waitFor(() => $$('[role=alert]').find((n) => n.dataset.errorCode === 'server_error'), 'the failure')
    expect(notice.querySelector('.n-alert__header, .n-alert-body__title')!.textContent!.trim()).toBe(
      'Der Dienst hatte ein Problem und konnte das nicht ausführen: Versuchen Sie es gleich noch einmal. Wenn es wieder passiert, nennen Sie dem Support, was der Dienst gesagt hat.',
    )
    const details = notice.querySelector('details')!
    expect(details.querySelector('summary')!.textContent).toBe('Was der Dienst gesagt hat')
    expect(details.querySelector('[data-testid=service-words]')!.textContent).toBe('Injected fault (sandbox test mode)')
  })

  // It said only 'That is not possible in its current state.', whatever the order's status.
  it('says why an order shipped since the page showed it can no longer be cancelled, the app’s English folded away', async () => {
    const order = (await demo.sandbox.control.listOrdersRaw()).filter((o) => o.status !== 'DRAFT' && o.line_items.length).at(-4)!
    await demo.sandbox.control.transition(order.id, 'PROCESSING')
    await demo.mount({ path: `/orders/${order.id}` })
    const cancel = await waitFor(() => $<HTMLButtonElement>('[data-testid=cancel-order]'), 'the Cancel order button')
    cancel.click()
    const confirm = await waitFor(() => [...document.querySelectorAll<HTMLButtonElement>('.n-dialog button')].find((b) => b.textContent?.trim() === 'Cancel order'), 'the confirmation')
    await demo.sandbox.control.transition(order.id, 'SHIPPED')
    confirm.click()
    const notice = await waitFor(() => $$('[role=alert]').find((n) => n.dataset.errorCode === 'conflict'), 'the refusal')
    expect(notice.querySelector('.n-alert__header, .n-alert-body__title')!.textContent!.trim()).toBe('This order is already “Shipped”, so it can no longer be cancelled: once accepted, an order is final.')
    const details = notice.querySelector('details')!
    expect(details.querySelector('summary')!.textContent).toBe('Technical details')
    expect(details.textContent).toContain(`Order ${order.id} is SHIPPED`)
    expect((await demo.sandbox.control.listOrdersRaw()).find((o) => o.id === order.id)!.status).toBe('SHIPPED')
  })
})

describe('reorder', () => {
  const demo = demoAppSuite({ sandbox: { products: 50, orders: 5, speed: 0 }, sync: true })

  it('opens the new draft, every line estimated (unit and subtotal) as if typed, and so it stays when opened again', async () => {
    const listed = await demo.app.api.orders.list({ filters: OrderFilters.parse({}), page: 1, perPage: 20 })
    if (!listed.ok) throw new Error(listed.error.message)
    const order = listed.value.rows[0]!
    const mounted = await demo.mount({ path: `/orders/${order.id}` })
    ;(await waitFor(() => $('[data-testid=reorder]'), 'the Reorder button')).click()
    await waitFor(() => mounted.router.currentRoute.value.path.startsWith('/baskets/drafts/'), 'the new draft opened')
    const draftPath = mounted.router.currentRoute.value.path
    const amounts = () => $$('tr[data-testid^=line-] td.num').map((td) => td.textContent?.trim() ?? '')
    await waitFor(() => amounts().length >= 2, 'the lines')
    expect(amounts().filter((a) => a === '—' || a === '')).toEqual([])

    mounted.unmount()
    await demo.mount({ path: draftPath })
    await waitFor(() => amounts().length >= 2, 'the lines again')
    expect(amounts().filter((a) => a === '—' || a === '')).toEqual([])
  })

  it('in German, names the new draft in German and counts one line as one', async () => {
    inLanguage('de')
    // An order of one line.
    const order = await placeOrder(new TestClient(demo.sandbox), [{ product: SHOWCASE.switch.id, quantity: 3 }])
    const mounted = await demo.mount({ path: `/orders/${order.id}` })
    ;(await waitFor(() => $('[data-testid=reorder]'), 'the Reorder button')).click()
    await waitFor(() => mounted.router.currentRoute.value.path.startsWith('/baskets/drafts/'), 'the new draft opened')
    const title = await waitFor(() => $('[data-testid=draft-editor] h1'), 'the draft')
    expect(title.textContent).toBe(`Nachbestellung von Bestellung ${order.id}`)
    const toast = await waitFor(() => $$('.n-message').find((m) => m.textContent?.includes('Entwurf')), 'the message')
    expect(toast.textContent).toContain('Aus dieser Bestellung wurde ein neuer Entwurf mit einer Position erstellt.')
  })
})
