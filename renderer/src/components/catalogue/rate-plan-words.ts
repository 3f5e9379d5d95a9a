import { useI18n } from 'vue-i18n'

/**
 * Words for a rate plan's values, in the user's language: the spec does not list billing
 * frequencies, charge types and models, so known ones are translated and others shown as the
 * service sends them; terms are in months.
 */
export function useRatePlanWords() {
  const { t, te } = useI18n()
  const word = (group: 'billing' | 'chargeType' | 'chargeModel', value: string) => (te(`catalogue.words.${group}.${value}`) ? t(`catalogue.words.${group}.${value}`) : value)
  const months = (n: number) => t('catalogue.product.termValue', { n }, n)
  return { word, months }
}
