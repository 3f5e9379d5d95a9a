/**
 * The client secret stays out of the renderer too (tests/integration/secret-canary covers files,
 * logs, IPC and HTTP). A profile is saved with a secret unique to this run (random sandbox seed),
 * the page signs in, syncs, submits and meets failing calls, the rep visits the views; then the
 * page's DOM, localStorage, sessionStorage and IndexedDB names, and every message the harness
 * carried (each call and answer on its WebSocket or over /invoke, each event) are searched. The one message that carries
 * the secret by design, the rep saving it in Settings, is the only exception.
 */
import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DraftView, OutboxCounts } from '../../shared/ipc/channels/baskets'
import { clientFor, plainProducts, serviceCatalogue } from '../chaos/support/outbox-world'
import { launchApp, type AppUnderTest } from './support/app'

let app: AppUnderTest
beforeAll(async () => {
  app = await launchApp({ sandbox: { seed: randomInt(1_000_000, 2_000_000_000) } })
})
afterAll(async () => {
  await app?.close()
})

describe('the client secret never reaches the renderer', () => {
  it('after saving, sign-in, sync, submit and failing calls, the canary is in no DOM, storage or harness message', async () => {
    const { page, sandbox } = app
    const secret = sandbox.demo.clientSecret
    expect(secret.length).toBeGreaterThanOrEqual(16)
    const canaries = [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')]

    const messages: string[] = []
    const offEvents = app.harness.core.onEvent((event, payload) => messages.push(JSON.stringify({ event, payload })))
    // The views' own calls and their answers: frames of the harness's WebSocket (window.api).
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => messages.push(String(frame.payload)))
      socket.on('framereceived', (frame) => messages.push(String(frame.payload)))
    })
    page.on('response', (res) => {
      if (!res.url().endsWith('/invoke')) return
      const body = res.request().postData() ?? ''
      void res.text().then((answer) => messages.push(`${body} -> ${answer}`), () => messages.push(body))
    })
    // Everything goes through the page's own window.api, exactly as the app's views call it.
    const call = <T>(channel: string, input?: unknown): Promise<T> =>
      page.evaluate(async ([ch, inp]) => {
        const res = await fetch('/invoke', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel: ch, input: inp }) })
        const reply = (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } }
        if (!reply.ok) throw new Error(`${String(ch)}: ${reply.error?.message}`)
        return reply.value
      }, [channel, input] as const) as Promise<T>

    const id = (await call<{ id: string }>('connection.save', { name: 'Canary', baseUrl: `${sandbox.url}/api/v1`, clientId: sandbox.demo.clientId, clientSecret: secret })).id
    await call('connection.activate', { id })
    await call('connection.test', { id })
    await call('catalogue.sync')
    const client = clientFor(sandbox)
    const product = plainProducts((await serviceCatalogue(client)).products)[0]!
    await client.close()
    const ref = await call<{ countries: { id: number }[]; shippingTypes: { id: number }[] }>('baskets.referenceData')
    const draft = await call<DraftView>('baskets.create', { doc: { name: 'Canary', shipping_address: { addr_line_1: '1 Bird Lane', city: 'York', postal_code: 'YO1 1AA', country_code: ref.countries[0]!.id }, shipping_type: ref.shippingTypes[0]!.id } })
    await call('baskets.addLine', { draftId: draft.id, productId: product.id, quantity: 2 })
    await call('baskets.submit', { id: draft.id })
    for (let i = 0; ; i++) {
      const c = await call<OutboxCounts>('baskets.outbox')
      if (c.queued + c.sending === 0) break
      if (i > 400) throw new Error('the outbox did not settle')
      await page.waitForTimeout(25)
    }
    // Failing calls: the service erring, revoked tokens (a new sign-in), an order that is not there.
    sandbox.control.injectFault({ kind: 'status', status: 500, times: 3, match: { path: '^/orders' } })
    await call('orders.list', { filters: {} }).catch(() => {})
    sandbox.control.clearFaults()
    sandbox.control.revokeTokens()
    await call('orders.list', { filters: {}, page: 2 })
    await expect(call('orders.get', { id: 999_999_999 })).rejects.toThrow()

    // The rep looks around: the connection's settings (the edit form too), catalogue, orders, baskets.
    await page.reload()
    await page.waitForLoadState('networkidle')
    for (const view of ['#/settings/connections', '#/catalogue', '#/orders', '#/baskets', '#/orders/999999999']) {
      await page.goto(`${app.url}${view}`)
      await page.waitForLoadState('networkidle')
    }
    await page.goto(`${app.url}#/settings/connections`)
    await page.waitForLoadState('networkidle')
    const edit = page.locator('[data-testid=edit-profile]').first()
    await edit.click()
    await page.waitForSelector('[data-testid=profile-form]')
    offEvents()

    const seen = await page.evaluate(async () => {
      const all = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`).join('\n')
      const dbs = indexedDB.databases ? (await indexedDB.databases()).map((d) => d.name ?? '').join('\n') : ''
      const inputs = Array.from(document.querySelectorAll('input, textarea')).map((i) => (i as HTMLInputElement).value).join('\n')
      return { dom: document.documentElement.outerHTML, inputs, local: all(localStorage), session: all(sessionStorage), dbs }
    })
    expect(seen.dom).toContain('Canary') // looked at the right page: the profile is shown
    const leaks: string[] = []
    for (const [where, text] of Object.entries(seen)) for (const c of canaries) if (text.includes(c)) leaks.push(`${where} holds the secret`)
    const saves = messages.filter((m) => m.includes('"connection.save"'))
    expect(saves).toHaveLength(1)
    expect(saves[0]).toContain(secret) // the search does find the secret where it is by design
    expect(messages.length).toBeGreaterThan(20)
    messages.forEach((m, i) => m !== saves[0] && canaries.forEach((c) => m.includes(c) && leaks.push(`harness message ${i} holds the secret: ${m.slice(0, 120)}`)))
    expect(leaks).toEqual([])
    expect(app.pageErrors).toEqual([])
  })
})
