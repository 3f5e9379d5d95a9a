import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchApp, type AppUnderTest } from './support/app'

/**
 * The first start, in the app's own browser engine: a rep fills in a new connection on the
 * welcome page. Chromium reads an address differently from Node (the core): what the form accepts
 * must be what the core keeps.
 */
describe('the new connection form on the first start', () => {
  let app: AppUnderTest

  beforeAll(async () => {
    app = await launchApp({ viewport: { width: 1024, height: 700 } })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('says a base URL with spaces is not an address, at the field, instead of "Connects to https://orders%20example%20com/api/v1"', async () => {
    const { page } = app
    await page.fill('#profile-form-new-name', 'Head office')
    await page.fill('#profile-form-new-baseUrl', 'orders example com')
    await page.fill('#profile-form-new-clientId', app.sandbox.demo.clientId)
    await page.fill('#profile-form-new-clientSecret', app.sandbox.demo.clientSecret)
    expect(await page.locator('[data-testid=final-url]').count()).toBe(0)
    await page.click('[data-testid=save-profile]')
    const field = page.locator('#profile-form-new-baseUrl')
    await page.locator('#profile-form-new-baseUrl[aria-invalid=true]').waitFor()
    const describedBy = (await field.getAttribute('aria-describedby')) ?? ''
    const said = await page.evaluate((ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '), describedBy)
    expect(said).toContain('Enter a full address starting with https://.')
    expect(await page.textContent('main')).not.toContain('%20')
    // Nothing was saved, and what was typed is still there to correct.
    expect(await app.call<unknown[]>('connection.list')).toEqual([])
    expect(await field.inputValue()).toBe('orders example com')
  })

  it('describes the environment chosen: Demo’s hint speaks of sample data, not of Production and Staging', async () => {
    const { page } = app
    const hint = page.locator('[data-testid=environment-hint]')
    await page.click('[data-testid=profile-environment] [data-environment=production]')
    expect(await hint.textContent()).toContain('Production places real orders')
    await page.click('[data-testid=profile-environment] [data-environment=demo]')
    await expect.poll(() => hint.textContent()).toContain('sample data')
    expect(await hint.textContent()).not.toMatch(/Production|Staging/)
    await page.click('[data-testid=profile-environment] [data-environment=staging]')
    await expect.poll(() => hint.textContent()).toContain('Staging is the service’s test deployment')
    // A screen reader hears it with the choice: the group of radios is described by the hint, not only placed beside it.
    const group = page.getByRole('group', { name: 'Environment' })
    const described = await page.evaluate((ids) => (ids ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '), await group.getAttribute('aria-describedby'))
    expect(described).toContain('Staging is the service’s test deployment')
  })

  it('takes a name another connection has, saying the app will tell the two apart, and then names each with its service’s address', async () => {
    const { page } = app
    const { baseUrl, demo } = app.sandbox
    // Saved elsewhere meanwhile (another window, a provisioning): the page hears of it.
    await app.call('connection.save', { name: 'Acme', baseUrl, clientId: demo.clientId, clientSecret: demo.clientSecret })
    await page.locator('[data-testid=profile] .profile__name', { hasText: 'Acme' }).waitFor()
    await page.fill('#profile-form-new-name', 'acme')
    const note = page.locator('[data-testid=same-name]')
    await expect.poll(() => note.textContent()).toContain('Another connection is already called “Acme”.')
    expect(await page.locator('#profile-form-new-name').getAttribute('aria-describedby')).toContain(await note.getAttribute('id'))

    const url = new URL(baseUrl)
    const otherUrl = baseUrl.replace(url.hostname, url.hostname === 'localhost' ? '127.0.0.1' : 'localhost')
    await page.fill('#profile-form-new-name', 'Acme')
    await page.fill('#profile-form-new-baseUrl', otherUrl)
    await page.fill('#profile-form-new-clientId', demo.clientId)
    await page.fill('#profile-form-new-clientSecret', demo.clientSecret)
    await page.click('[data-testid=save-profile]')
    const names = () => page.locator('[data-testid=profile] .profile__name').allTextContents()
    await expect.poll(names).toEqual([`Acme (${url.host})`, `Acme (${new URL(otherUrl).host})`])
  })

  it('had no page errors', () => {
    expect(app.pageErrors).toEqual([])
  })
})
