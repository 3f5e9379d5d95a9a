import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionStatus } from '../../shared/ipc/channels/connection'
import type { DraftView } from '../../shared/ipc/channels/baskets'
import { SHOWCASE } from '../../electron/sandbox/seed/catalogue'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * A rep signs out at the end of the day with a basket still waiting in the outbox (submitted while
 * working offline), and signs in again the next morning: told first that the basket waits, then
 * on the first-run screen (also after a reload), and back with Connect, the basket then sent.
 */
describe('signing out and in again', () => {
  let app: AppUnderTest
  let draftId = ''

  beforeAll(async () => {
    app = await launchApp({ viewport: { width: 1024, height: 700 } })
    await app.startDemo()
    await app.call('catalogue.sync')
  })
  afterAll(async () => {
    await app?.close()
  })

  it('signs out from Settings → Connections, saying first that a basket in the outbox waits', async () => {
    const { page } = app
    const reference = await app.call<{ shippingTypes: { id: number; countries?: number[] | null }[]; addresses: unknown[] }>('baskets.referenceData', {})
    const draft = await app.call<DraftView>('baskets.create', {
      doc: { name: 'End of day', shipping_type: reference.shippingTypes.find((s) => !s.countries?.length)!.id, shipping_address: reference.addresses[0] },
    })
    draftId = draft.id
    await app.call('baskets.addLine', { draftId, productId: SHOWCASE.phone.id, quantity: 2 })
    await app.call('system.setWorkOffline', { on: true })
    await app.call('baskets.submit', { id: draftId })
    await page.locator('[data-testid=outbox-badge-waiting]', { hasText: '1 to send' }).waitFor()

    await page.click('nav >> text=Settings')
    await page.click('[data-testid=sign-out]')
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('A basket is waiting in the outbox: it is sent once you connect again.')
    await dialog.getByRole('button', { name: 'Sign out' }).click()

    await page.locator('[data-testid=start-demo]').waitFor()
    expect(await page.textContent('body')).toContain('Signed out of Demo data. Connect to sign in again.')
    // The Sign out button has gone with the page: the keyboard goes on from Connect, as the notice says, not from the page's body.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid=profile]')?.textContent?.includes('Demo data') && document.activeElement?.getAttribute('data-testid')))
      .toBe('connect-profile')
    expect(await page.locator('[data-testid=current-user]').count()).toBe(0)
    expect(await app.call<ConnectionStatus>('connection.status')).toMatchObject({ profile: null })
  })

  it('stays signed out after a reload, and Connect signs in again and sends the basket that waited', async () => {
    const { page } = app
    await page.reload()
    const row = page.locator('[data-testid=profile]', { hasText: 'Demo data' })
    await row.waitFor()
    expect(await page.locator('[data-testid=current-user]').count()).toBe(0)

    await app.call('system.setWorkOffline', { on: false })
    await row.locator('[data-testid=connect-profile]').click()
    await page.locator('[data-testid=current-user]').waitFor()
    await expect.poll(async () => (await app.call<DraftView>('baskets.get', { id: draftId })).state, { timeout: 20_000 }).toBe('submitted')
  })

  it('keeps what the sign-out question says of the outbox true while it is open: the basket that waited, sent meanwhile', async () => {
    const { page } = app
    const reference = await app.call<{ shippingTypes: { id: number; countries?: number[] | null }[]; addresses: unknown[] }>('baskets.referenceData', {})
    const draft = await app.call<DraftView>('baskets.create', {
      doc: { name: 'Last one', shipping_type: reference.shippingTypes.find((s) => !s.countries?.length)!.id, shipping_address: reference.addresses[0] },
    })
    await app.call('baskets.addLine', { draftId: draft.id, productId: SHOWCASE.phone.id, quantity: 1 })
    await app.call('system.setWorkOffline', { on: true })
    await app.call('baskets.submit', { id: draft.id })
    await page.locator('[data-testid=outbox-badge-waiting]', { hasText: '1 to send' }).waitFor()

    await page.click('nav >> text=Settings')
    await page.click('[data-testid=sign-out]')
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('A basket is waiting in the outbox')
    // Back online while the question is open: the basket goes, and the question no longer says it waits.
    await app.call('system.setWorkOffline', { on: false })
    await expect.poll(async () => (await app.call<DraftView>('baskets.get', { id: draft.id })).state, { timeout: 20_000 }).toBe('submitted')
    await expect.poll(() => dialog.textContent()).toContain('Nothing is waiting in the outbox any more: every basket has been sent.')
    expect(await dialog.textContent()).not.toContain('A basket is waiting')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('had no page errors', () => {
    expect(app.pageErrors).toEqual([])
  })
})
