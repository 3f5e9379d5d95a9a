import { describe, expect, it } from 'vitest'
import { FieldMessageKey } from '../../../../shared/ipc/channels/baskets'
import { createTestI18n } from '../../../../tests/support/renderer/every-language'
import { fieldErrorTexts } from './field-error-text'

describe('field error texts', () => {
  it('has a message for every key the core can answer', () => {
    const { te } = createTestI18n('en').global
    expect(FieldMessageKey.options.filter((key) => !te(`baskets.fieldErrors.${key}`, 'en'))).toEqual([])
  })

  it('says the app\'s own messages in the UI\'s language with their values, and a refusal of the service as it came', () => {
    const { t } = createTestI18n('fr').global
    const texts = fieldErrorTexts(t, {
      fields: { 'line_items.0.quantity': 'At least 5 for the Annual plan', name: 'Name is taken (service)' },
      fieldCodes: { 'line_items.0.quantity': { key: 'atLeastForPlan', params: { min: 5, plan: 'Annual' } } },
    })
    expect(texts).toEqual({ 'line_items.0.quantity': 'Au moins 5 pour la formule Annual', name: 'Name is taken (service)' })
  })

  it('writes a bound as the UI\u2019s language writes numbers', () => {
    const { t } = createTestI18n('de').global
    const texts = fieldErrorTexts(t, { fields: { 'line_items.0.quantity': 'At most 1000000' }, fieldCodes: { 'line_items.0.quantity': { key: 'atMost', params: { max: 1_000_000 } } } }, (n) => n.toLocaleString('de'))
    expect(texts['line_items.0.quantity']).toBe(`${t('baskets.fieldErrors.atMost', { max: '1.000.000' })}`)
    expect(texts['line_items.0.quantity']).toContain('1.000.000')
  })
})
