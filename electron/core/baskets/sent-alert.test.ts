import { describe, expect, it } from 'vitest'
import { ORDER_FILTER_IDS_MAX } from '../../../shared/model/order'
import { sentBasketsAlert } from './sent-alert'

describe('the desktop alert of baskets sent', () => {
  it('names the basket and its order in the rep\'s language, its purchase order number when it has one', () => {
    const one = (locale: string) => sentBasketsAlert([{ title: 'Site survey', purchaseOrder: 'PO-7', orderId: 41 }], locale)
    expect(one('en-GB')).toEqual({ id: 'basket-sent-41', title: 'Basket “Site survey” sent', body: 'Order 41 · Purchase order PO-7', target: { kind: 'order', orderId: 41 } })
    expect([one('de_DE'), one('fr'), one('es'), one('it'), one('nl')].map((a) => [a.title, a.body])).toEqual([
      ['Warenkorb „Site survey“ übermittelt', 'Bestellung 41 · Bestellnummer PO-7'],
      ['Panier «\u202fSite survey\u202f» soumis', 'Commande 41 · Bon de commande PO-7'],
      ['Cesta «Site survey» enviada', 'Pedido 41 · Orden de compra PO-7'],
      ['Carrello «Site survey» inviato', 'Ordine 41 · Ordine d’acquisto PO-7'],
      ['Winkelmandje ‘Site survey’ ingediend', 'Bestelling 41 · Inkooporder PO-7'],
    ])
    // A language the app does not have: English.
    expect(one('pt-BR').title).toBe('Basket “Site survey” sent')
  })

  it('names the profile whose orders they are: a click after a switch must not open another service’s order of that number', () => {
    expect(sentBasketsAlert([{ title: 'Site survey', purchaseOrder: '', orderId: 41 }], 'en', 'p-1').target).toEqual({ kind: 'order', orderId: 41, profileId: 'p-1' })
    const two = [12, 13].map((orderId) => ({ title: '', purchaseOrder: '', orderId }))
    expect(sentBasketsAlert(two, 'en', 'p-1').target).toEqual({ kind: 'orders', orderIds: [12, 13], profileId: 'p-1' })
  })

  it('says a basket without a name as such, and one named by its purchase order number only once', () => {
    expect(sentBasketsAlert([{ title: '', purchaseOrder: '', orderId: 9 }], 'en')).toMatchObject({ title: 'Basket sent', body: 'Order 9' })
    expect(sentBasketsAlert([{ title: 'PO-7', purchaseOrder: 'PO-7', orderId: 9 }], 'en')).toMatchObject({ title: 'Basket “PO-7” sent', body: 'Order 9' })
  })

  it('says baskets sent together in one alert, a line each, a click opening those orders (the window alone beyond what a list can filter)', () => {
    const alert = sentBasketsAlert(
      [
        { title: 'Clinic restock', purchaseOrder: '', orderId: 12 },
        { title: '', purchaseOrder: '', orderId: 13 },
      ],
      'de',
    )
    expect(alert).toEqual({ id: 'baskets-sent-12-2', title: '2 Warenkörbe als Bestellungen übermittelt', body: '„Clinic restock“: Bestellung 12\nBestellung 13', target: { kind: 'orders', orderIds: [12, 13] } })
    // Each line names its order in every language.
    const lines = (locale: string) => sentBasketsAlert([{ title: 'Clinic restock', purchaseOrder: '', orderId: 12 }, { title: 'Branch rollout', purchaseOrder: '', orderId: 13 }], locale).body
    expect(['en', 'fr', 'es', 'it', 'nl'].map(lines)).toEqual([
      '“Clinic restock”: order 12\n“Branch rollout”: order 13',
      '«\u202fClinic restock\u202f»\u202f: commande 12\n«\u202fBranch rollout\u202f»\u202f: commande 13',
      '«Clinic restock»: pedido 12\n«Branch rollout»: pedido 13',
      '«Clinic restock»: ordine 12\n«Branch rollout»: ordine 13',
      '‘Clinic restock’: bestelling 12\n‘Branch rollout’: bestelling 13',
    ])
    const many = Array.from({ length: ORDER_FILTER_IDS_MAX + 1 }, (_, i) => ({ title: '', purchaseOrder: '', orderId: i + 1 }))
    expect(sentBasketsAlert(many, 'en').target).toBeUndefined()
  })
})
