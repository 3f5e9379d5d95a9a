import { useI18n } from 'vue-i18n'
import { QUANTITY_MAX } from '../../../shared/api'
import { typedQuantity } from '../../../shared/typed-quantity'
import { useFormat } from './use-format'

/** A typed quantity read: the number, or what is wrong with it, in the rep's words. */
export type QuantityReading = { quantity: number } | { problem: string }

/**
 * Quantities as the rep's language writes them ("2.000" in German is two thousand; "1.5" is refused,
 * never 15 or 2), for every field that takes one:
 * - `read(text, empty)`: a line's quantity, or the field's error ("Whole numbers only", "At least 1",
 *   …); `empty` is what an empty field means (a quantity, or null: "Enter a quantity");
 * - `parse`: the `parse` of a naive-ui NInputNumber (null for what is not a whole number, where the
 *   box's own reading took "2.000" for 2 and rounded "1.5" to 2).
 */
export function useTypedQuantity() {
  const { t } = useI18n()
  const f = useFormat()
  const read = (text: string, empty: number | null = null): QuantityReading => {
    const typed = typedQuantity(text, f.context.value.locale)
    const q = typed === '' ? empty : typed
    if (q === null) return { problem: typed === '' ? t('baskets.fieldErrors.enterQuantity') : t('baskets.fieldErrors.wholeNumber') }
    if (q < 1) return { problem: t('baskets.fieldErrors.atLeast', { min: f.number(1) }) }
    if (q > QUANTITY_MAX) return { problem: t('baskets.fieldErrors.atMost', { max: f.number(QUANTITY_MAX) }) }
    return { quantity: q }
  }
  const parse = (text: string): number | null => {
    const q = typedQuantity(text, f.context.value.locale)
    return typeof q === 'number' ? q : null
  }
  return { read, parse }
}
