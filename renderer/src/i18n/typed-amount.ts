import { typedQuantity } from '../../../shared/typed-quantity'
import { useFormat } from './use-format'

/** Each language's decimal mark, found once. */
const decimals = new Map<string, string>()
function decimalMark(locale: string): string {
  let mark = decimals.get(locale)
  if (mark === undefined) {
    mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
    decimals.set(locale, mark)
  }
  return mark
}

/**
 * An amount as a rep types it in their language: the whole part as a quantity is read (grouped as
 * the language groups digits: typedQuantity), then the language's decimal mark and the fraction:
 * "1.500,50" in German, "1 500,50" in French, "1,500.50" in English. Null for anything else ("1500.50"
 * in German: a mark the language does not use, never guessed); '' for an empty box.
 */
export function typedAmount(text: string, locale: string): number | null | '' {
  const t = text.trim()
  if (t === '') return ''
  const [whole, fraction, ...more] = t.split(decimalMark(locale))
  if (more.length || (fraction !== undefined && !/^\d+$/.test(fraction))) return null
  const units = whole === '' && fraction !== undefined ? 0 : typedQuantity(whole!, locale)
  if (typeof units !== 'number' || units < 0 || whole!.startsWith('-')) return null
  return fraction === undefined ? units : Number(`${units}.${fraction}`)
}

/** An amount shown as the rep's language writes it once typed ("1.500,50"), with two decimals unless whole. */
export function useTypedAmount() {
  const f = useFormat()
  const format = (value: number | null): string => (value === null ? '' : f.number(value, { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 }))
  return { format }
}
