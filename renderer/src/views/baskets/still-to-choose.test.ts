import { describe, expect, it } from 'vitest'
import { DraftDoc, type DraftLine, type LineProductInfo, type Rechoose } from '../../../../shared/ipc/channels/baskets'
import { anythingLeft, stillToChoose } from './still-to-choose'

/** What the "to be chosen again" note still lists, from the draft's field errors as the core gives them. */
const answer: Rechoose = { organisation: true, shippingType: true, countries: 2, products: ['gone'], options: ['firewall'], noCatalogue: false }
const firewall: LineProductInfo = {
  id: 17,
  sku: 'FW-NGFW-100',
  name: 'Firewall',
  price: 900,
  subscription_type: null,
  provisioning: [{ id: 2, sku: 'PROV-PARTNER-SITE', name: 'Partner site', price: 50, partner: true }],
  maintenance: [],
  rate_plans: [],
}
const view = (lines: DraftLine[], fields: Record<string, string>) => ({ doc: DraftDoc.parse({ line_items: lines }), fields, products: { '17': firewall } })
const gone: DraftLine = { key: 'gone', product: null, product_code: 'OLD-1', quantity: 1, unmatched: 'unknown' }
const fw: DraftLine = { key: 'firewall', product: 17, product_code: 'FW-NGFW-100', quantity: 1 }

describe('what is still to choose after "use with this service"', () => {
  it('lists each item while its field is marked', () => {
    const marked = { organisation: 'Required', shipping_type: 'Required', 'shipping_address.country_code': 'Required', 'line_items.0.product_code': 'Choose its product' }
    expect(stillToChoose(answer, view([gone, fw], marked))).toEqual({ organisation: true, shippingType: true, countries: 1, products: 1, options: 1 })
  })

  it('drops what was chosen since, and a line removed', () => {
    const chosen = stillToChoose(answer, view([{ ...fw, prov_product: 2, prov_organisation: 5, prov_group: 6, prov_site: 7 }], {}))
    expect(chosen).toEqual({ organisation: false, shippingType: false, countries: 0, products: 0, options: 0 })
    expect(anythingLeft(chosen)).toBe(false)
  })

  it('keeps a line whose options are chosen but marked', () => {
    expect(stillToChoose(answer, view([{ ...fw, prov_product: 2 }], { 'line_items.0.prov_site': 'Required for a partner-platform provisioning product' })).options).toBe(1)
  })
})
