/**
 * A quantity as a rep types it in their language: whole numbers only, thousands grouped as the
 * language groups them ("2.000" is two thousand in German, "2,000" in English, "2 000" in French),
 * so a grouped number is never read as a small one. Null for anything else ("1.5", "1,5", "abc"),
 * which the field then calls not a whole number; '' is empty (no quantity). The one reading of a
 * quantity as text: the quantity fields' and the pasted or imported lines' (the core's paste-import).
 */
export function typedQuantity(text: string, locale: string): number | null | '' {
  const t = text.trim()
  if (t === '') return ''
  const m = quantityPattern(locale).exec(t)
  if (!m) return null
  const n = Number(m[1] + m[2]!.replace(/\D/g, ''))
  return Number.isSafeInteger(n) ? n : null
}

/** Each language's pattern, made once: a paste of 1,000 rows reads 1,000 quantities. */
const patterns = new Map<string, RegExp>()

function quantityPattern(locale: string): RegExp {
  let pattern = patterns.get(locale)
  if (!pattern) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567)
    const group = parts.find((p) => p.type === 'group')?.value ?? ','
    // Spaces of any kind group digits in languages that group with a space; typed, any of them will do.
    const sep = /\s/.test(group) ? '[\\s\\u202f\\u00a0]' : group.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    pattern = new RegExp(`^(-?)(\\d{1,3}(?:${sep}\\d{3})+|\\d+)$`, 'u')
    patterns.set(locale, pattern)
  }
  return pattern
}
