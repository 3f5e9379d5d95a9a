// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { appSuite, demoAppSuite } from '../../../../tests/support/renderer/app-suite'
import { $, $$, waitFor } from '../../../../tests/support/renderer/mount-app'
import { AlertPrefs, DEFAULT_ALERT_STATUSES, OrderFilters } from '../../../../shared/ipc/channels/orders'
import { sendableDraft } from '../../../../tests/support/renderer/drafts'

const alerts = () => [...document.querySelectorAll<HTMLElement>('[data-testid=in-page-alert]')]

describe('alerts and requests to open an order', () => {
  const demo = demoAppSuite({
    sandbox: { products: 300, orders: 60, speed: 0 },
    cleanUp: async () => {
      localStorage.removeItem('wd.language')
      // The orders list remembers its filters: the next test starts from the whole list.
      await demo.app.api.orders.saveFilters(OrderFilters.parse({}))
      await demo.app.api.orders.setAlertPrefs(AlertPrefs.parse({}))
    },
  })
  const listedIds = () => $$('[data-testid=order-row]').map((r) => Number(r.dataset.orderId))
  const buttonsOf = (alert: HTMLElement) => [...alert.querySelectorAll('button')].map((b) => b.textContent?.trim())
  /** Open orders moved on by the service, more at once than get one alert each. */
  async function shipMany(n: number): Promise<number[]> {
    await demo.app.api.orders.pollNow()
    const open = (await demo.sandbox.control.listOrdersRaw()).filter((o) => o.status === 'ACCEPTED' || o.status === 'PROCESSING').slice(0, n)
    expect(open).toHaveLength(n)
    for (const o of open) await demo.sandbox.control.transition(o.id, 'SHIPPED')
    await demo.app.api.orders.pollNow()
    return open.map((o) => o.id)
  }

  it('offers "Show these orders" on a grouped alert, which lists exactly the orders that changed, in their new status', async () => {
    const mounted = await demo.mount({ path: '/catalogue' })
    const shipped = await shipMany(5)
    const [alert] = await waitFor(() => alerts().length && alerts(), 'the grouped alert')
    expect(alert!.querySelector('h2')!.textContent).toMatch(/^5 /)
    expect(buttonsOf(alert!)).toEqual(['Show these orders', 'Dismiss'])
    ;[...alert!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Show these orders')!.click()
    await waitFor(() => mounted.router.currentRoute.value.name === 'orders', 'the orders list')
    await waitFor(() => listedIds().length === 5 && $('[data-testid=orders-count]')?.textContent?.includes('5 orders match'), 'the five orders')
    expect(listedIds().sort()).toEqual([...shipped].sort())
    expect($$('[data-testid=order-row] [data-status]').map((s) => s.dataset.status)).toEqual(Array(5).fill('SHIPPED'))
    expect(alerts()).toHaveLength(0)
    // Said as a filter in use, removed like one: the whole list again.
    const chip = await waitFor(() => $('[data-testid=filter-chip][data-chip=ids]'), 'the filter chip')
    expect(chip.textContent).toContain('5 orders from an alert')
    chip.querySelector('button')!.click()
    await waitFor(() => listedIds().length > 5, 'every order')
  })

  it("opens the same list when the shell asks for a grouped alert's orders (its desktop notification clicked), also from the list itself", async () => {
    const mounted = await demo.mount({ path: '/orders' })
    const all = await waitFor(() => listedIds().length > 5 && listedIds(), 'every order')
    const some = [all[1]!, all[4]!, all[7]!, all[9]!]
    demo.app.emit('navigation.open', { kind: 'orders', orderIds: some })
    await waitFor(() => listedIds().length === 4, 'the four orders')
    expect(listedIds().sort()).toEqual([...some].sort())
    // The address is the plain list again: back from one of these orders, the list still shows them.
    expect(mounted.router.currentRoute.value.fullPath).toBe('/orders')
    await mounted.router.push(`/orders/${some[0]}`)
    await waitFor(() => $('[data-testid=order-status]'), 'the order')
    mounted.router.back()
    await waitFor(() => mounted.router.currentRoute.value.name === 'orders' && listedIds().length === 4, 'the four orders again')
    expect(listedIds().sort()).toEqual([...some].sort())
  })

  it('shows an alert in the page in the harness, and its Open button opens the order', async () => {
    const mounted = await demo.mount({ path: '/catalogue' })
    demo.app.notify({ id: 'a1', title: 'Order 7 shipped', body: 'On its way.', target: { kind: 'order', orderId: 7 } })
    const [alert] = await waitFor(() => alerts().length && alerts(), 'the alert')
    expect(alert!.textContent).toContain('Order 7 shipped')
    expect(alert!.textContent).toContain('On its way.')
    ;[...alert!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Open')!.click()
    await waitFor(() => mounted.router.currentRoute.value.path === '/orders/7', 'the order route')
    expect(alerts()).toHaveLength(0)
  })

  it('offers no Open on an alert about the order whose page is showing, only Dismiss; on another page, Open again', async () => {
    const mounted = await demo.mount({ path: '/orders/7' })
    demo.app.notify({ id: 'a9', title: 'Order 7 shipped', body: 'On its way.', target: { kind: 'order', orderId: 7 } })
    const [alert] = await waitFor(() => alerts().length && alerts(), 'the alert')
    expect(buttonsOf(alert!)).toEqual(['Dismiss'])
    await mounted.router.push('/orders/8')
    await waitFor(() => buttonsOf(alerts()[0]!).includes('Open'), 'Open, once another order shows')
  })

  it('dismisses an alert without going anywhere', async () => {
    const mounted = await demo.mount({ path: '/catalogue' })
    demo.app.notify({ id: 'a2', title: 'Price change', body: 'Buy prices rose.' })
    const [alert] = await waitFor(() => alerts().length && alerts(), 'the alert')
    expect([...alert!.querySelectorAll('button')].map((b) => b.textContent?.trim())).toEqual(['Dismiss'])
    alert!.querySelector('button')!.click()
    await waitFor(() => alerts().length === 0, 'no alert')
    expect(mounted.router.currentRoute.value.path).toBe('/catalogue')
  })

  it('keeps the focus when an alert is dismissed: on the next alert\'s Dismiss, then on the page', async () => {
    await demo.mount({ path: '/catalogue' })
    for (const i of [1, 2]) demo.app.notify({ id: `f${i}`, title: `Order ${i} shipped`, body: 'On its way.' })
    await waitFor(() => alerts().length === 1 && alerts()[0]!.textContent?.includes('Order 2 shipped'), 'the newest alert')
    const dismissOf = (alert: HTMLElement) => [...alert.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === 'Dismiss')!
    let button = dismissOf(alerts()[0]!)
    button.focus()
    button.click()
    await waitFor(() => alerts().length === 1 && alerts()[0]!.textContent?.includes('Order 1 shipped'), 'the other alert')
    await waitFor(() => document.activeElement === dismissOf(alerts()[0]!), 'the focus on its Dismiss')
    button = dismissOf(alerts()[0]!)
    button.click()
    await waitFor(() => alerts().length === 0, 'no alert')
    await waitFor(() => document.activeElement === document.getElementById('main'), 'the focus on the page')
  })

  it("speaks the window's language: Settings names the account's language in it, and order alerts come in it", async () => {
    await demo.mount({ path: '/settings/display' })
    document.querySelector<HTMLInputElement>('[data-testid=language-fr] input')!.click()
    await waitFor(() => document.documentElement.lang === 'fr', 'French')
    const account = new Intl.DisplayNames(['fr'], { type: 'language' }).of(((await demo.app.api.connection.status()) as { ok: true; value: { user: { locale: string } } }).value.user.locale.slice(0, 2))
    await waitFor(() => document.querySelector('[data-testid=language-auto]')?.textContent?.trim() === `Comme mon compte (actuellement ${account})`, 'the account language named in French')

    await demo.app.api.orders.pollNow()
    const listed = await demo.app.api.orders.list({ filters: OrderFilters.parse({ status: ['PROCESSING'] }), page: 1, perPage: 5 })
    const order = listed.ok ? listed.value.rows[0] : undefined
    expect(order).toBeDefined()
    await demo.sandbox.control.transition(order!.id, 'FAILED')
    await demo.app.api.orders.pollNow()
    const [alert] = await waitFor(() => alerts().length && alerts(), 'the alert')
    expect(alert!.textContent).toContain(`Commande ${order!.id}\u202f: Échouée`)
    expect(alert!.textContent).toContain('statut précédent\u202f: En traitement')
  })

  it('collapses several alerts into the newest and a count, in a strip under the header rather than over the page', async () => {
    await demo.mount({ path: '/catalogue' })
    for (const i of [1, 2, 3]) demo.app.notify({ id: `s${i}`, title: `Order ${i} shipped`, body: 'On its way.', target: { kind: 'order', orderId: i } })
    const toggle = await waitFor(() => document.querySelector<HTMLElement>('[data-testid=in-page-alerts-toggle]'), 'the count')
    await waitFor(() => toggle.textContent?.includes('Show 2 more alerts'), 'two more')
    expect(alerts().map((a) => a.querySelector('h2')!.textContent)).toEqual(['Order 3 shipped'])
    // In the header's flow: the page's fields and columns move down instead of being covered.
    expect(document.querySelector('header .in-page-alerts')).not.toBeNull()
    toggle.click()
    await waitFor(() => alerts().length === 3, 'all three')
    document.querySelector<HTMLElement>('[data-testid=in-page-alerts-dismiss-all]')!.click()
    await waitFor(() => alerts().length === 0, 'none left')
  })

  /** Open orders of the seed not used by a test before. */
  const used = new Set<number>()
  async function openOrders(n: number): Promise<number[]> {
    await demo.app.api.orders.pollNow()
    const moving = new Set(['CREATED', 'ACCEPTED', 'PROCESSING'])
    const open = (await demo.sandbox.control.listOrdersRaw()).filter((o) => moving.has(o.status) && !used.has(o.id)).slice(0, n)
    expect(open).toHaveLength(n)
    for (const o of open) used.add(o.id)
    return open.map((o) => o.id)
  }
  /** The service moves these orders on, as the watcher's next poll sees them. */
  async function move(to: 'SHIPPED' | 'COMPLETE' | 'CANCELLED', ...ids: number[]): Promise<void> {
    for (const id of ids) await demo.sandbox.control.transition(id, to)
    await demo.app.api.orders.pollNow()
  }
  const titles = () => alerts().map((a) => a.querySelector('h2')!.textContent)
  const toggle = () => document.querySelector<HTMLElement>('[data-testid=in-page-alerts-toggle]')

  it('keeps one alert per order, saying its latest status: shipped then delivered, the strip says delivered, newest, and counts the other orders', async () => {
    // Delivered ("Complete") alerts on request: this rep asked for them.
    await demo.app.api.orders.setAlertPrefs(AlertPrefs.parse({ statuses: [...DEFAULT_ALERT_STATUSES, 'COMPLETE'] }))
    await demo.mount({ path: '/catalogue' })
    const [first, second] = await openOrders(2)
    await move('SHIPPED', first!)
    await waitFor(() => titles()[0] === `Order ${first}: Shipped`, 'the first order shipped')
    await move('SHIPPED', second!)
    await waitFor(() => titles()[0] === `Order ${second}: Shipped`, 'the second order shipped')
    await move('COMPLETE', first!)
    await waitFor(() => titles()[0] === `Order ${first}: Complete`, 'the first order delivered, newest')
    // One other order, not a stale alert of the first one.
    expect(toggle()!.textContent?.trim()).toBe('Show 1 more alert')
    toggle()!.click()
    await waitFor(() => alerts().length === 2, 'both orders')
    expect(titles()).toEqual([`Order ${first}: Complete`, `Order ${second}: Shipped`])

    // Dismissing the first order's alert does not bring back its stale "Shipped".
    const latest = alerts()[0]!
    ;[...latest.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Dismiss')!.click()
    await waitFor(() => alerts().length === 1, 'the other order only')
    expect(titles()).toEqual([`Order ${second}: Shipped`])
    expect(toggle()).toBeNull()
  })

  it('replaces the alerts of orders a grouped alert tells a newer status of, and keeps the ones it does not', async () => {
    await demo.mount({ path: '/catalogue' })
    const [alone, other, ...more] = await openOrders(6)
    await move('SHIPPED', alone!)
    await move('SHIPPED', other!)
    await waitFor(() => titles()[0] === `Order ${other}: Shipped`, 'two alerts')
    // Four orders at one poll, the first among them: one grouped alert, saying its new status with the others'.
    await move('CANCELLED', alone!, ...more.slice(0, 3))
    await waitFor(() => titles()[0] === '4 orders changed status', 'the grouped alert')
    expect(toggle()!.textContent?.trim()).toBe('Show 1 more alert')
    toggle()!.click()
    await waitFor(() => alerts().length === 2, 'every alert')
    expect(titles()).toEqual(['4 orders changed status', `Order ${other}: Shipped`])
  })

  it('keeps the alerts that say something else than a status, about the same order (a basket sent as it)', async () => {
    await demo.mount({ path: '/catalogue' })
    const [id] = await openOrders(1)
    demo.app.notify({ id: `basket-sent-${id}`, title: 'Basket “Clinic restock” sent', body: `Order ${id}`, target: { kind: 'order', orderId: id! } })
    await waitFor(() => alerts().length === 1, 'the basket’s alert')
    await move('SHIPPED', id!)
    await waitFor(() => titles()[0] === `Order ${id}: Shipped`, 'the order shipped')
    expect(toggle()!.textContent?.trim()).toBe('Show 1 more alert')
    toggle()!.click()
    await waitFor(() => alerts().length === 2, 'both alerts')
    expect(titles()).toEqual([`Order ${id}: Shipped`, 'Basket “Clinic restock” sent'])
  })

  it('opens the order the shell asks for (a notification or tray click in Electron)', async () => {
    const mounted = await demo.mount({ path: '/catalogue' })
    demo.app.emit('navigation.open', { kind: 'order', orderId: 12 })
    await waitFor(() => mounted.router.currentRoute.value.path === '/orders/12', 'the order route')
  })

  it('opens the draft, or the outbox, the shell asks for (the notification of baskets the outbox could not send)', async () => {
    const mounted = await demo.mount({ path: '/catalogue' })
    const id = await sendableDraft(demo.app.api, 'Clinic restock')
    demo.app.emit('navigation.open', { kind: 'draft', draftId: id })
    await waitFor(() => mounted.router.currentRoute.value.path === `/baskets/drafts/${id}` && $('[data-testid=draft-editor]'), 'the draft editor')
    demo.app.emit('navigation.open', { kind: 'outbox' })
    await waitFor(() => mounted.router.currentRoute.value.path === '/baskets/outbox' && $('[data-testid=outbox-page]'), 'the outbox')
  })

  it('asked for a draft or the outbox of another profile than the one connected (the alert came before a switch), says whose they are and opens the draft there', async () => {
    const status = await demo.app.api.connection.status()
    if (!status.ok) throw new Error(status.error.message)
    const own = status.value.profile!
    // The draft's line comes from the catalogue (downloaded by the tests before, when run with them).
    const catalogue = await demo.app.api.catalogue.status()
    if (catalogue.ok && !catalogue.value.products) await demo.app.api.catalogue.sync()
    const id = await sendableDraft(demo.app.api, 'Clinic restock')
    const { baseUrl, demo: creds } = demo.sandbox
    const other = await demo.app.api.connection.save({ name: 'Head office', baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret })
    if (!other.ok) throw new Error(other.error.message)
    await demo.app.api.connection.activate({ id: other.value.id })
    try {
      const mounted = await demo.mount({ path: '/catalogue' })
      const ownName = own.demo ? 'Demo data' : own.name
      // A 'not sent yet' alert opens the outbox: this one is the other profile's.
      demo.app.emit('navigation.open', { kind: 'outbox', profileId: own.id })
      const inOutbox = await waitFor(() => $('[data-testid=outbox-page] [data-testid=other-profile]'), 'whose outbox it is')
      expect(inOutbox.textContent).toContain(`The baskets of this alert are in the outbox of the connection “${ownName}”; the app is connected to “Head office” now. Connect to “${ownName}” to see them.`)

      demo.app.emit('navigation.open', { kind: 'draft', draftId: id, profileId: own.id })
      const notice = await waitFor(() => $('[data-testid=draft-editor] [data-testid=other-profile]'), 'whose draft it is')
      expect(notice.textContent).toContain(`This basket is a draft of the connection “${ownName}”; the app is connected to “Head office” now. Connect to “${ownName}” to open it.`)
      expect($('[data-testid=draft-editor]')!.textContent).not.toContain('This draft no longer exists.')
      $<HTMLButtonElement>('[data-testid=connect-other-profile]')!.click()
      await waitFor(() => $('[data-testid=draft-editor] h1')?.textContent === 'Clinic restock', 'the draft, opened in its own profile')
      expect($('[data-testid=other-profile]')).toBeNull()
      // The address is the draft's own again: a reload, or Back after another switch, shows no stale notice.
      await waitFor(() => mounted.router.currentRoute.value.fullPath === `/baskets/drafts/${id}`, 'the draft’s own address')

      // So is the outbox's, once its notice has connected.
      await demo.app.api.connection.activate({ id: other.value.id })
      demo.app.emit('navigation.open', { kind: 'outbox', profileId: own.id })
      ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=outbox-page] [data-testid=connect-other-profile]'), 'whose outbox it is, again')).click()
      await waitFor(() => mounted.router.currentRoute.value.fullPath === '/baskets/outbox', 'the outbox’s own address')
      expect($('[data-testid=other-profile]')).toBeNull()
    } finally {
      await demo.app.api.connection.activate({ id: own.id })
      await demo.app.api.connection.remove({ id: other.value.id, discardDrafts: true })
    }
  })

  it('asked for an order, or orders, of another profile than the one connected, says whose they are instead of showing the connected one’s orders of those numbers, and shows them there', async () => {
    const status = await demo.app.api.connection.status()
    if (!status.ok) throw new Error(status.error.message)
    const own = status.value.profile!
    const [a, b] = await demo.sandbox.control.listOrdersRaw()
    const { baseUrl, demo: creds } = demo.sandbox
    const other = await demo.app.api.connection.save({ name: 'Head office', baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret })
    if (!other.ok) throw new Error(other.error.message)
    await demo.app.api.connection.activate({ id: other.value.id })
    try {
      const mounted = await demo.mount({ path: '/catalogue' })
      const ownName = own.demo ? 'Demo data' : own.name
      // A status change's alert, from before the switch: its number would be another order of "Head office".
      demo.app.emit('navigation.open', { kind: 'order', orderId: a!.id, profileId: own.id })
      const notice = await waitFor(() => $('[data-testid=order-detail] [data-testid=other-profile]'), 'whose order it is')
      expect(notice.textContent).toContain(`This order belongs to the connection “${ownName}”; the app is connected to “Head office” now. Connect to “${ownName}” to open it.`)
      expect($('[data-testid=order-status]')).toBeNull()
      expect($('[data-testid=order-po]')).toBeNull()

      // A grouped alert's orders: not the connected profile's list, narrowed to those numbers.
      demo.app.emit('navigation.open', { kind: 'orders', orderIds: [a!.id, b!.id], profileId: own.id })
      const inList = await waitFor(() => $('.orders-page [data-testid=other-profile]'), 'whose orders they are')
      expect(inList.textContent).toContain(`The orders of this alert belong to the connection “${ownName}”; the app is connected to “Head office” now. Connect to “${ownName}” to see them.`)
      expect($('[data-testid=orders-count]')).toBeNull()
      expect($('[data-testid=order-row]')).toBeNull()
      expect($('[data-testid=watch-summary]')).toBeNull()

      // Connecting from the notice: exactly the alert's orders show, and the address is the plain list's again.
      $<HTMLButtonElement>('[data-testid=connect-other-profile]')!.click()
      await waitFor(() => listedIds().length === 2 && $('[data-testid=orders-count]')?.textContent?.includes('2 orders match'), 'the alert’s two orders, in their own profile')
      expect(listedIds().sort()).toEqual([a!.id, b!.id].sort())
      expect(mounted.router.currentRoute.value.fullPath).toBe('/orders')
      expect($('[data-testid=other-profile]')).toBeNull()

      // And the one order: after a switch back to "Head office", its notice connects and opens it.
      await demo.app.api.connection.activate({ id: other.value.id })
      demo.app.emit('navigation.open', { kind: 'order', orderId: a!.id, profileId: own.id })
      await waitFor(() => $('[data-testid=order-detail] [data-testid=connect-other-profile]'), 'whose order it is, again')
      $<HTMLButtonElement>('[data-testid=connect-other-profile]')!.click()
      await waitFor(() => $('[data-testid=order-status]')?.getAttribute('data-status') === a!.status, 'the order, in its own profile')
      expect($('[data-testid=other-profile]')).toBeNull()
      await waitFor(() => mounted.router.currentRoute.value.fullPath === `/orders/${a!.id}`, 'the order’s own address')
    } finally {
      await demo.app.api.connection.activate({ id: own.id })
      await demo.app.api.connection.remove({ id: other.value.id, discardDrafts: true })
    }
  })

  it('asked for an order of another profile of the same name, tells the two apart by their service’s address', async () => {
    const status = await demo.app.api.connection.status()
    if (!status.ok) throw new Error(status.error.message)
    const own = status.value.profile!
    const [order] = await demo.sandbox.control.listOrdersRaw()
    const { baseUrl, demo: creds } = demo.sandbox
    // The same service under two addresses: to the app, two services (production and staging, say).
    const url = new URL(baseUrl)
    const otherUrl = baseUrl.replace(url.hostname, url.hostname === 'localhost' ? '127.0.0.1' : 'localhost')
    const saved = await Promise.all([baseUrl, otherUrl].map((b) => demo.app.api.connection.save({ name: 'Acme', baseUrl: b, clientId: creds.clientId, clientSecret: creds.clientSecret })))
    const [here, there] = saved.map((r) => {
      if (!r.ok) throw new Error(r.error.message)
      return r.value.id
    })
    await demo.app.api.connection.activate({ id: here! })
    try {
      await demo.mount({ path: '/catalogue' })
      demo.app.emit('navigation.open', { kind: 'order', orderId: order!.id, profileId: there! })
      const notice = await waitFor(() => $('[data-testid=order-detail] [data-testid=other-profile]'), 'whose order it is')
      const [ofHere, ofThere] = [`Acme (${url.host})`, `Acme (${new URL(otherUrl).host})`]
      expect(notice.textContent).toContain(`This order belongs to the connection “${ofThere}”; the app is connected to “${ofHere}” now. Connect to “${ofThere}” to open it.`)
      expect($('[data-testid=connect-other-profile]')!.textContent?.trim()).toBe(`Connect to “${ofThere}”`)
    } finally {
      await demo.app.api.connection.activate({ id: own.id })
      for (const id of [here!, there!]) await demo.app.api.connection.remove({ id, discardDrafts: true })
    }
  })
})

describe('alerts outside the harness', () => {
  const outside = appSuite({ core: { harness: false } })

  it('are left to the OS: nothing is shown in the page', async () => {
    await outside.mount({ path: '/settings/display' })
    outside.app.notify({ id: 'a3', title: 'Order 8 shipped', body: 'On its way.' })
    await waitFor(() => document.querySelector('h1'), 'the page')
    expect(alerts()).toHaveLength(0)
    expect(document.querySelector('.in-page-alerts')).toBeNull()
  })
})
