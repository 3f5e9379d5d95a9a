import { useI18n } from 'vue-i18n'
import { useServiceWords } from '../../i18n/service-words'

/**
 * Words for a rate plan's values, in the user's language: the spec does not list billing
 * frequencies, charge types and models or units, so known ones are translated and others made
 * readable (useServiceWords); terms are in months.
 */
export function useRatePlanWords() {
  const { t, locale } = useI18n()
  const words = useServiceWords()
  const word = (group: 'billing' | 'chargeType' | 'chargeModel' | 'unit', value: string) => words.word(`catalogue.words.${group}`, value)
  /**
   * The word inside a sentence ("billed monthly", "facturation mensuelle"): the words are written as
   * labels (capitalised); every language here writes these adjectives and adverbs lower case in running text.
   */
  const wordInSentence = (group: 'billing' | 'chargeType' | 'chargeModel' | 'unit', value: string) => {
    const w = word(group, value)
    return w.charAt(0).toLocaleLowerCase(locale.value) + w.slice(1)
  }
  const months = (n: number) => t('catalogue.product.termValue', { n }, n)
  return { word, wordInSentence, months }
}
