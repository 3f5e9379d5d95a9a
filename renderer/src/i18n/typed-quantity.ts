import { ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { QUANTITY_MAX } from '../../../shared/api'
import { typedQuantity } from '../../../shared/typed-quantity'
import { useFormat } from './use-format'

/** A typed quantity read: the number, or what is wrong with it, in the rep's words. */
export type QuantityReading = { quantity: number } | { problem: string }

/**
 * Quantities as the rep's language writes them ("2.000" in German is two thousand; "1.5" is refused,
 * never 15 or 2), for every field that takes one:
 * `read(text, empty)`: a line's quantity, or the field's error ("Whole numbers only", "At least 1",
 * …); `empty` is what an empty field means (a quantity, or null: "Enter a quantity"). Every quantity
 * box is a text box read with it: a naive-ui NInputNumber took "2.000" for 2, made a typed "0" its
 * minimum and cleared "1,5".
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
  return { read }
}

/**
 * A quantity box of its own (the product page's, a product group's "each"): the text as typed, kept
 * as typed, and read when the rep adds. `take()` answers the quantity, or null with the box marked
 * invalid and focused (what cannot be added stays in it and is said); `invalid` is cleared as the
 * rep types again. `box` is the input's template ref.
 */
export function useQuantityBox(initial = '1') {
  const { read } = useTypedQuantity()
  const text = ref(initial)
  const box = ref<{ focus: () => void } | null>(null)
  const invalid = ref(false)
  const take = (): number | null => {
    const reading = read(text.value)
    invalid.value = !('quantity' in reading)
    if ('quantity' in reading) return reading.quantity
    box.value?.focus()
    return null
  }
  return { text, box, invalid, take }
}
