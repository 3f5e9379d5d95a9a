// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInProcessApp, type InProcessApp } from '../../../../tests/harness/in-process'
import { $, mountApp, waitFor } from '../../../../tests/support/renderer/mount-app'

describe('a workstation provisioned by its administrator', () => {
  let app: InProcessApp
  beforeAll(async () => {
    app = await startInProcessApp({
      provisioning: { config: { profile: { name: 'Acme wholesale', baseUrl: 'https://orders.acme.example/api/v1', environment: 'production', clientId: '0b6a3b1e-8f0e-4c1a-9d55-2f3f6d9e7a10' } }, source: '/etc/wholesale-desk/provisioning.json', problems: [] },
    })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('offers the provisioned connection as the first one: the rep only enters their secret', async () => {
    const mounted = await mountApp(app.api, { path: '/settings/connections' })
    ;(await waitFor(() => $<HTMLButtonElement>('[data-testid=add-profile]'), 'the add button')).click()
    const input = (name: string) => $<HTMLInputElement>(`[data-testid=profile-form] input[name=${name}]`)
    await waitFor(() => input('baseUrl')?.value === 'https://orders.acme.example/api/v1', 'the provisioned address')
    expect(input('name')!.value).toBe('Acme wholesale')
    expect(input('clientId')!.value).toBe('0b6a3b1e-8f0e-4c1a-9d55-2f3f6d9e7a10')
    expect(input('clientSecret')!.value).toBe('')
    mounted.unmount()
  })
})
