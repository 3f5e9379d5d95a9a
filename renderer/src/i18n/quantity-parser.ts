import { typedQuantity } from '../../../shared/typed-quantity'
import type { FormatContext } from './format'

/**
 * The `parse` of a quantity box (naive-ui's NInputNumber): the quantity as the rep's language writes
 * it ("2.000" in German is two thousand, which the box's own reading took for 2), or null for what
 * is not a whole number ("1.5" is refused, where the box would have rounded it to 2).
 */
export const quantityParser =
  (context: () => Pick<FormatContext, 'locale'>) =>
  (text: string): number | null => {
    const q = typedQuantity(text, context().locale)
    return typeof q === 'number' ? q : null
  }
