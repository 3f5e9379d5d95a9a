import { describe, expect, it } from 'vitest'
import { ERROR_REASON_CODES } from '../../../shared/model/error-reason'
import { createTestI18n } from '../../../tests/support/renderer/every-language'
import { ApiError } from '../services/api'
import { errorText } from './error-text'

describe('error texts', () => {
  it('has a sentence for every reason the core can give (the other languages are checked against English)', () => {
    const { te } = createTestI18n('en').global
    expect(ERROR_REASON_CODES.filter((code) => !te(`baskets.reasons.${code}`, 'en'))).toEqual([])
  })

  it('says a refusal with a reason in its own words, with what it names; one without, by its error code', () => {
    const { t } = createTestI18n('de').global
    const shared = new ApiError({ code: 'conflict', message: '2 products share the SKU AMB-100; choose one from the catalogue.', reason: { code: 'skuShared', sku: 'AMB-100', count: 2 } })
    expect(errorText(t, shared).summary).toBe('2 Produkte haben die Artikelnummer AMB-100: Wählen Sie eines im Katalog.')
    const plain = new ApiError({ code: 'conflict', message: 'Not now.' })
    expect(errorText(t, plain).summary).toBe('Das ist im aktuellen Zustand nicht möglich.')
  })
})
