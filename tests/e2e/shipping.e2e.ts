import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DraftView } from '../../shared/ipc/channels/baskets'
import { chooseOption, chosenValue, optionValues } from './support/naive-select'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * Shipping types follow the delivery country: the editor offers only the types that deliver to
 * the address's country, and when the address moves abroad the one chosen goes, with a word why.
 * Sandbox types: 1 UK Standard Next Day (United Kingdom only), 5 European Road Freight (European
 * countries, not the UK), 6 International Express (anywhere but the UK), 7 and 8 everywhere.
 */
describe('shipping types in the draft editor', () => {
  let app: AppUnderTest
  beforeAll(async () => {
    app = await launchApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  const offered = async () => (await optionValues(app.page, '[data-testid=draft-shipping-type]')).filter(Boolean).map(Number)

  it('an address change to a country the chosen type does not deliver to drops the type with a message', async () => {
    const { page } = app
    await app.startDemo()
    await page.goto(`${app.url}#/baskets`)
    await page.click('[data-testid=new-draft]')
    await page.waitForSelector('[data-testid=draft-editor]')
    await expect.poll(offered).toEqual([1, 2, 3, 4, 5, 6, 7, 8])

    await chooseOption(page, '#draft-shipping-country', 'United Kingdom')
    await expect.poll(offered).toEqual([1, 2, 3, 4, 7, 8])
    await chooseOption(page, '[data-testid=draft-shipping-type]', { value: '1' })
    expect(await page.textContent('[data-testid=shipping-type-dropped]')).toBe('')

    // The goods go to France now: UK Standard Next Day Delivery cannot take them.
    await chooseOption(page, '#draft-shipping-country', 'France')
    await expect.poll(() => page.textContent('[data-testid=shipping-type-dropped]')).toBe(
      'UK Standard Next Day Delivery does not deliver to France, so it was removed: choose another shipping type.',
    )
    expect(await chosenValue(page, '[data-testid=draft-shipping-type]')).toBe('')
    expect(await offered()).toEqual([5, 6, 7, 8])
    const id = page.url().split('/').pop()!
    await expect.poll(async () => (await app.call<DraftView>('baskets.get', { id })).doc.shipping_type).toBeNull()
    expect((await app.call<DraftView>('baskets.get', { id })).doc.shipping_address?.country_code).toBe(3)

    // Choosing another type settles it; a type that delivers everywhere stays when the country changes again.
    await chooseOption(page, '[data-testid=draft-shipping-type]', { value: '7' })
    await expect.poll(() => page.textContent('[data-testid=shipping-type-dropped]')).toBe('')
    await chooseOption(page, '#draft-shipping-country', 'United Kingdom')
    expect(await chosenValue(page, '[data-testid=draft-shipping-type]')).toBe('7')
    expect(await page.textContent('[data-testid=shipping-type-dropped]')).toBe('')
  })

  it('no page error happened on the way', () => {
    expect(app.pageErrors.map(String)).toEqual([])
  })
})
