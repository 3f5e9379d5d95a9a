// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestI18n } from '../../../../tests/support/renderer/every-language'
import ProductMatches from './ProductMatches.vue'

const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

describe('the matches of a search while a first sync lands', () => {
  it('says what the answer covers in sentences apart: "… so far. Descriptions are …", not "so far.Descriptions"', () => {
    const w = mount(ProductMatches, {
      props: {
        id: 'list',
        optionId: (i: number) => `opt-${i}`,
        label: 'Matches',
        none: 'None',
        testid: 'option',
        items: [],
        total: 0,
        active: 0,
        answered: 'rack',
        partial: { products: 12_000, expected: 20_000, descriptionsPending: true },
      },
      global: { plugins: [createTestI18n('en'), createPinia()] },
    })
    mounted.push(w)
    expect(w.find('[data-testid=partial-results]').text()).toBe(
      'The catalogue is still arriving: these results come from the 12,000 of 20,000 products downloaded so far. Descriptions are still being indexed: a product that matches only in its description may be missing for now.',
    )
  })
})
