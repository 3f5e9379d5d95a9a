// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import type { LineItem, Shipment } from '../../../../shared/api'
import BasketFlash from '../../components/catalogue/BasketFlash.vue'
import { createTestI18n } from '../../../../tests/support/renderer/every-language'
import OrderLineItems from './OrderLineItems.vue'
import OrderShipments from './OrderShipments.vue'

/** Quantities of four digits, as a rep orders cables or licences, written as the rep's language writes numbers. */
const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))
const inGerman = { global: { plugins: [createTestI18n('de'), createPinia()], stubs: { RouterLink: { template: '<a><slot /></a>' } } } }

describe('quantities in the rep\u2019s number format (German: 1.200)', () => {
  it('an order\u2019s line and its shipment', () => {
    const line = { id: 1, product: 7, name: 'Patchkabel Cat6', product_code: 'CAB-C6-2M', quantity: 1200, price: 2.5, sub_total_for_item: 3000 } as unknown as LineItem
    const lines = mount(OrderLineItems, { props: { items: [line] }, ...inGerman })
    mounted.push(lines)
    expect(lines.text()).toContain('1.200 ×')
    const shipment: Shipment = { reference: 'SHP-1', date: '2025-06-01', tracking_number: null, items: [{ product: 7, name: 'Patchkabel Cat6', product_code: 'CAB-C6-2M', quantity: 1200, serial_numbers: [] }] }
    const shipped = mount(OrderShipments, { props: { shipments: [shipment] }, ...inGerman })
    mounted.push(shipped)
    expect(shipped.findAll('tbody td').map((td) => td.text())).toContain('1.200')
  })

  it('the confirmation of an add to the basket', () => {
    const flash = mount(BasketFlash, { props: { added: { draftId: 'd', basket: '', name: 'Patchkabel Cat6', sku: 'CAB-C6-2M', quantity: 1200, seq: 1 } }, ...inGerman })
    mounted.push(flash)
    expect(flash.text()).toContain('1.200 ×')
  })
})
