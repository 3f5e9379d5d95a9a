// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { CountryCode } from '../../../../shared/api'
import AddressBlock from '../../views/orders/AddressBlock.vue'
import { createTestI18n } from '../../../../tests/support/renderer/every-language'
import { optionsOf } from '../../../../tests/support/renderer/naive-select'
import AddressFields from './AddressFields.vue'

/** The service's list names its countries in English; its codes are ISO 3166 (one it may add, unknown to the app). */
const countries: CountryCode[] = [
  { id: 1, iso_code: 'GB', name: 'United Kingdom' },
  { id: 4, iso_code: 'DE', name: 'Germany' },
  { id: 9, iso_code: 'XQ', name: 'Offshore depot' },
]
const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

describe('countries in the rep\u2019s language', () => {
  it('an address being typed offers them in German, in the service\u2019s order, and one the app does not know as the service names it', async () => {
    const w = mount(AddressFields, {
      props: { id: 'ship', legend: 'Lieferadresse', modelValue: { country_code: 1 }, countries, fields: {}, path: 'shipping_address' },
      global: { plugins: [createTestI18n('de')] },
      attachTo: document.body,
    })
    mounted.push(w)
    const input = document.querySelector<HTMLInputElement>('#ship-country')!
    expect(w.find('.address__grid .n-base-selection-label').text()).toBe('Vereinigtes Königreich')
    expect((await optionsOf(input)).map((o) => o.label)).toEqual(['Land wählen', 'Vereinigtes Königreich', 'Deutschland', 'Offshore depot'])
  })

  it('an order\u2019s address ends with its country in French', () => {
    const w = mount(AddressBlock, {
      props: { address: { company_name: 'Apex', city: 'London', postal_code: 'EC1A 1BB', country_code: 1 }, countries },
      global: { plugins: [createTestI18n('fr')] },
    })
    mounted.push(w)
    expect(w.text()).toContain('EC1A 1BBRoyaume-Uni')
  })
})
