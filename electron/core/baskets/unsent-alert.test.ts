import { describe, expect, it } from 'vitest'
import { unsentBasketsAlert, type UnsentBasket } from './unsent-alert'

const held: UnsentBasket = { draftId: 'd-1', title: 'Site survey', why: 'review' }

describe('the desktop alert of baskets the outbox could not send', () => {
  it('names a basket held for the service\'s higher prices and what the rep must do, in their language, a click opening its draft', () => {
    const one = (locale: string) => unsentBasketsAlert([held], locale)
    expect(one('en-GB')).toEqual({
      id: 'basket-unsent-review-d-1',
      title: 'Prices changed in basket “Site survey”',
      body: "Check the service's prices: accept them to send it, or edit the basket.",
      target: { kind: 'draft', draftId: 'd-1' },
    })
    expect([one('de_DE'), one('fr'), one('es'), one('it'), one('nl')].map((a) => [a.title, a.body])).toEqual([
      ['Preise im Warenkorb „Site survey“ geändert', 'Prüfen Sie die Preise des Dienstes: Übernehmen Sie sie zum Übermitteln oder bearbeiten Sie den Warenkorb.'],
      ['Prix modifiés dans le panier «\u202fSite survey\u202f»', 'Vérifiez les prix du service\u202f: acceptez-les pour le soumettre, ou modifiez le panier.'],
      ['Precios cambiados en la cesta «Site survey»', 'Revise los precios del servicio: acéptelos para enviarla o edite la cesta.'],
      ['Prezzi cambiati nel carrello «Site survey»', 'Verifica i prezzi del servizio: accettali per inviarlo, oppure modifica il carrello.'],
      ['Prijzen gewijzigd in winkelmandje ‘Site survey’', 'Controleer de prijzen van de dienst: accepteer ze om het in te dienen, of bewerk het winkelmandje.'],
    ])
    // A language the app does not have: English.
    expect(one('pt-BR').title).toBe('Prices changed in basket “Site survey”')
    expect(unsentBasketsAlert([{ ...held, title: '' }], 'en').title).toBe('Prices changed in a basket')
  })

  it('says baskets of one pass in one alert, a line each, a click opening the outbox', () => {
    const several = (locale: string) => unsentBasketsAlert([held, { draftId: 'd-2', title: '', why: 'review' }], locale)
    expect(several('en')).toEqual({
      id: 'baskets-unsent-d-1-2',
      title: '2 baskets not sent',
      body: '“Site survey”: new prices to check\nUntitled basket: new prices to check',
      target: { kind: 'outbox' },
    })
    expect([several('de'), several('fr'), several('es'), several('it'), several('nl')].map((a) => [a.title, a.body])).toEqual([
      ['2 Warenkörbe nicht übermittelt', '„Site survey“: neue Preise zu prüfen\nWarenkorb ohne Namen: neue Preise zu prüfen'],
      ['2 paniers non soumis', '«\u202fSite survey\u202f»\u202f: nouveaux prix à vérifier\nPanier sans nom\u202f: nouveaux prix à vérifier'],
      ['2 cestas sin enviar', '«Site survey»: nuevos precios por revisar\nCesta sin nombre: nuevos precios por revisar'],
      ['2 carrelli non inviati', '«Site survey»: nuovi prezzi da verificare\nCarrello senza nome: nuovi prezzi da verificare'],
      ['2 winkelmandjes niet ingediend', '‘Site survey’: nieuwe prijzen te controleren\nNaamloos winkelmandje: nieuwe prijzen te controleren'],
    ])
  })
})
