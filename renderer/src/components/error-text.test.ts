import { describe, expect, it } from 'vitest'
import { ERROR_REASON_CODES, reasonKey } from '../../../shared/model/error-reason'
import { ServiceRefusalKind } from '../../../shared/model/service-refusal'
import { createTestI18n } from '../../../tests/support/renderer/every-language'
import { ApiError } from '../services/api'
import { errorText, failedWords } from './error-text'

describe('error texts', () => {
  it('has a sentence for every reason the core can give (the other languages are checked against English)', () => {
    const { te } = createTestI18n('en').global
    expect(ERROR_REASON_CODES.filter((code) => !te(reasonKey(code), 'en'))).toEqual([])
  })

  // A cancel or resubmit the app refused itself said only 'Das ist im aktuellen Zustand nicht möglich.'
  it("says why the app refused to cancel or resubmit an order, naming the order's status in the user's words", async () => {
    const { t } = createTestI18n('de').global
    const shipped = new ApiError({ code: 'conflict', message: 'Order 7 is SHIPPED and can no longer be cancelled: from ACCEPTED on an order is final.', reason: { code: 'orderPastCancelling', status: 'SHIPPED' } })
    expect(errorText(t, shipped).summary).toBe(t('orders.reasons.orderPastCancelling', { status: t('orders.status.SHIPPED') }))
    expect(errorText(t, shipped).summary).toContain('„Versandt“')
    // A status the app does not know yet, as the service spells it.
    const later = new ApiError({ code: 'conflict', message: 'Only an order that needs attention can be resubmitted; order 7 is ON_HOLD.', reason: { code: 'orderNotResubmittable', status: 'ON_HOLD' } })
    expect(errorText(t, later).summary).toContain('„ON_HOLD“')
  })

  it('says a refusal with a reason in its own words, with what it names; one without, by its error code', () => {
    const { t } = createTestI18n('de').global
    const shared = new ApiError({ code: 'conflict', message: '2 products share the SKU AMB-100; choose one from the catalogue.', reason: { code: 'skuShared', sku: 'AMB-100', count: 2 } })
    expect(errorText(t, shared).summary).toBe('2 Produkte haben die Artikelnummer AMB-100: Wählen Sie eines im Katalog.')
    const plain = new ApiError({ code: 'conflict', message: 'Not now.' })
    expect(errorText(t, plain).summary).toBe('Das ist im aktuellen Zustand nicht möglich.')
  })

  it('says why a catalogue sync failed where the core knows: the page the app could not read', () => {
    const { t } = createTestI18n('de').global
    const malformed = new ApiError({ code: 'bad_response', message: 'page 3 of the products was not JSON', reason: { code: 'syncPageMalformed', page: 3 } })
    expect(errorText(t, malformed).summary).toMatch(/^Der Dienst hat Seite 3 des Katalogs in einer Form geschickt, die die App nicht lesen kann/)
  })

  it('has a sentence for every kind of refusal of the service (the other languages are checked against English)', () => {
    const { te } = createTestI18n('en').global
    expect(ServiceRefusalKind.options.filter((kind) => !te(`frame.errors.refusal.${kind}`, 'en'))).toEqual([])
  })

  it('says a refusal of the service by its kind, a validation on the fields marked only when it named some', () => {
    const { t } = createTestI18n('de').global
    const named = new ApiError({ code: 'validation', message: 'The request is not valid', fields: { name: 'Too long' }, refusal: { kind: 'validation', status: 422 } })
    expect(errorText(t, named).summary).toBe('Der Dienst hat einige Eingaben nicht akzeptiert: Korrigieren Sie die markierten Felder und versuchen Sie es erneut.')
    const unnamed = new ApiError({ code: 'validation', message: 'Bad Request', refusal: { kind: 'validation', status: 400 } })
    expect(errorText(t, unnamed).summary).toBe('Der Dienst hat das Gesendete nicht akzeptiert. Prüfen Sie es und versuchen Sie es erneut.')
    const forbidden = new ApiError({ code: 'forbidden', message: 'This operation needs the permission users.write', refusal: { kind: 'forbidden', status: 403 } })
    expect(errorText(t, forbidden).summary).toBe('Der Dienst erlaubt Ihrem Benutzer das nicht. Bitten Sie einen Administrator Ihres Kontos um die Berechtigung.')
  })

  it("says a failed export or PDF by its reason, with the core's words folded, or the service's quoted as its own", () => {
    const { t } = createTestI18n('en').global
    const refused = new ApiError({ code: 'forbidden', message: 'This operation needs the permission orders.read', refusal: { kind: 'forbidden', status: 403 } })
    const words = failedWords(t, 'orders.export.failed', refused)
    expect(words.text).toBe(t('orders.export.failed', { reason: errorText(t, refused).summary }))
    expect(words).toMatchObject({ details: 'This operation needs the permission orders.read', byService: true })
    const disk = new ApiError({ code: 'storage_full', message: 'ENOSPC: no space left on device' })
    expect(failedWords(t, 'orders.documents.failed', disk)).toMatchObject({ details: 'ENOSPC: no space left on device', byService: false })
  })
})
