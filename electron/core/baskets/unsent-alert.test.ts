import { describe, expect, it } from 'vitest'
import { unsentBasketsAlert, type UnsentBasket } from './unsent-alert'

const held: UnsentBasket = { draftId: 'd-1', title: 'Site survey', why: 'review' }

describe('the desktop alert of baskets the outbox could not send', () => {
  it('names a basket held for the service\'s higher prices and what the rep must do, in their language, a click opening its draft', () => {
    const one = (locale: string) => unsentBasketsAlert([held], locale)
    expect(one('en-GB')).toEqual({
      id: 'basket-unsent-review-d-1',
      title: 'Prices changed in basket “Site survey”',
      body: 'Check the service’s prices: accept them to send it, or edit the basket.',
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

  it('names a refused basket, why (in the service\'s words, or the app\'s own in the rep\'s language) and what the rep must do', () => {
    const refused: UnsentBasket = { draftId: 'd-3', title: 'Site survey', why: 'refused', error: { message: 'The request is not valid', fields: { 'line_items.0.quantity': 'The Basic plan allows 1 to 10' } } }
    const one = (locale: string, b = refused) => unsentBasketsAlert([b], locale)
    expect(one('en')).toEqual({
      id: 'basket-unsent-refused-d-3',
      title: 'Basket “Site survey” refused',
      body: 'Reason: The Basic plan allows 1 to 10\nCorrect it and send it again.',
      target: { kind: 'draft', draftId: 'd-3' },
    })
    expect([one('de'), one('fr'), one('es'), one('it'), one('nl')].map((a) => [a.title, a.body])).toEqual([
      ['Warenkorb „Site survey“ abgelehnt', 'Grund: The Basic plan allows 1 to 10\nKorrigieren Sie ihn und senden Sie ihn erneut.'],
      ['Panier «\u202fSite survey\u202f» refusé', 'Motif\u202f: The Basic plan allows 1 to 10\nCorrigez-le et soumettez-le à nouveau.'],
      ['Cesta «Site survey» rechazada', 'Motivo: The Basic plan allows 1 to 10\nCorríjala y vuelva a enviarla.'],
      ['Carrello «Site survey» rifiutato', 'Motivo: The Basic plan allows 1 to 10\nCorreggilo e invialo di nuovo.'],
      ['Winkelmandje ‘Site survey’ geweigerd', 'Reden: The Basic plan allows 1 to 10\nCorrigeer het en dien het opnieuw in.'],
    ])
    // A refusal naming no field: the service's message.
    expect(one('en', { ...refused, title: '', error: { message: 'This operation needs the permission orders:write' } })).toMatchObject({
      title: 'Basket refused',
      body: 'Reason: This operation needs the permission orders:write\nCorrect it and send it again.',
    })
    // Held back by the app before sending (the shipping type it last saw no longer delivers there): its words are the rep's language.
    const unfit: UnsentBasket = { ...refused, error: { message: 'UK Standard does not deliver to Ireland: choose another shipping type.', code: 'shipping_type' } }
    expect([one('en', unfit), one('de', unfit), one('fr', unfit), one('es', unfit), one('it', unfit), one('nl', unfit)].map((a) => a.body.split('\n')[0])).toEqual([
      'The shipping type does not deliver to the shipping address.',
      'Die Versandart liefert nicht an die Lieferadresse.',
      'Le mode d’expédition ne livre pas à l’adresse de livraison.',
      'El tipo de envío no entrega en la dirección de envío.',
      'Il tipo di spedizione non consegna all’indirizzo di spedizione.',
      'De verzendwijze levert niet op het verzendadres.',
    ])
  })

  // It said the service's words as the reason in every language: 'Grund: The Basic plan allows 1 to 10'.
  it('says a refusal of the service by its kind in the rep\'s language, the service\'s own words quoted under it', () => {
    const refused: UnsentBasket = {
      draftId: 'd-4',
      title: 'Site survey',
      why: 'refused',
      error: { message: 'The request is not valid', fields: { 'line_items.0.quantity': 'The Basic plan allows 1 to 10' }, refusal: { kind: 'validation', status: 422 } },
    }
    expect(unsentBasketsAlert([refused], 'de').body).toBe('Der Dienst hat einige Angaben nicht angenommen.\nDer Dienst sagte: „The Basic plan allows 1 to 10“\nKorrigieren Sie ihn und senden Sie ihn erneut.')
    expect(unsentBasketsAlert([refused], 'fr').body.split('\n')[1]).toBe('Le service a répondu\u202f: «\u202fThe Basic plan allows 1 to 10\u202f»')
    const forbidden: UnsentBasket = { ...refused, error: { message: 'This operation needs the permission orders:write', refusal: { kind: 'forbidden', status: 403 } } }
    expect(unsentBasketsAlert([forbidden], 'it').body.split('\n').slice(0, 2)).toEqual([
      'Il servizio non consente al tuo utente di inviarlo: chiedi l’autorizzazione a un amministratore.',
      'Il servizio ha risposto: «This operation needs the permission orders:write»',
    ])
  })

  it('names a basket the service keeps failing, saying the app keeps trying, a click opening the outbox (where it can be tried now)', () => {
    const failing: UnsentBasket = { draftId: 'd-4', title: 'Site survey', why: 'failing', error: { message: 'Service Unavailable' } }
    const one = (locale: string) => unsentBasketsAlert([failing], locale)
    expect(one('en')).toEqual({
      id: 'basket-unsent-failing-d-4',
      title: 'Basket “Site survey” not sent yet',
      body: 'The service is unavailable; the app keeps trying and will send it when it can.',
      target: { kind: 'outbox' },
    })
    expect([one('de'), one('fr'), one('es'), one('it'), one('nl')].map((a) => [a.title, a.body])).toEqual([
      ['Warenkorb „Site survey“ noch nicht übermittelt', 'Der Dienst ist nicht verfügbar; die App versucht es weiter und übermittelt ihn, sobald es geht.'],
      ['Panier «\u202fSite survey\u202f» pas encore soumis', 'Le service est indisponible\u202f; l’application réessaie et le soumettra dès que possible.'],
      ['Cesta «Site survey» aún sin enviar', 'El servicio no está disponible; la aplicación lo sigue intentando y la enviará en cuanto pueda.'],
      ['Carrello «Site survey» non ancora inviato', 'Il servizio non è disponibile; l’app continua a provare e lo invierà appena possibile.'],
      ['Winkelmandje ‘Site survey’ nog niet ingediend', 'De dienst is niet beschikbaar; de app blijft het proberen en dient het in zodra dat kan.'],
    ])
    expect(unsentBasketsAlert([{ ...failing, title: '' }], 'en').title).toBe('Basket not sent yet')
    // Among others, its line.
    const lines = (locale: string) => unsentBasketsAlert([held, failing], locale).body.split('\n')[1]
    expect(['en', 'de', 'fr', 'es', 'it', 'nl'].map(lines)).toEqual([
      '“Site survey”: waiting for the service',
      '„Site survey“: wartet auf den Dienst',
      '«\u202fSite survey\u202f»\u202f: en attente du service',
      '«Site survey»: esperando al servicio',
      '«Site survey»: in attesa del servizio',
      '‘Site survey’: wacht op de dienst',
    ])
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
    // Each line says what that basket needs.
    const mixed = (locale: string) => unsentBasketsAlert([held, { draftId: 'd-3', title: 'Branch rollout', why: 'refused', error: { message: 'The request is not valid' } }], locale).body.split('\n')[1]
    expect(['en', 'de', 'fr', 'es', 'it', 'nl'].map(mixed)).toEqual([
      '“Branch rollout”: refused, to correct',
      '„Branch rollout“: abgelehnt, zu korrigieren',
      '«\u202fBranch rollout\u202f»\u202f: refusé, à corriger',
      '«Branch rollout»: rechazada, por corregir',
      '«Branch rollout»: rifiutato, da correggere',
      '‘Branch rollout’: geweigerd, te corrigeren',
    ])
  })
})
