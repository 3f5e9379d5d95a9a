/**
 * The numeric date pattern of a locale in date-fns tokens ("dd/MM/yyyy" in French, "MM/dd/yyyy"
 * in US English, "dd.MM.yyyy" in German), for date pickers, which take a pattern, not a locale.
 */
export function datePattern(locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(2026, 10, 25))
  const token: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: 'dd', month: 'MM', year: 'yyyy' }
  // Literal text is quoted for date-fns; the usual separators need no quotes.
  return parts.map((p) => token[p.type] ?? (/^[\s./-]+$/.test(p.value) ? p.value : `'${p.value.replace(/'/g, "''")}'`)).join('')
}

/**
 * How a date is written, in the user's words ("jj/mm/aaaa" in French, "TT.MM.JJJJ" in German), for
 * an empty date field's placeholder: an example date there reads as a date already chosen.
 */
export function dateLetters(locale: string, letters: { day: string; month: string; year: string }): string {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(2026, 10, 25))
  return parts.map((p) => (p.type === 'day' || p.type === 'month' || p.type === 'year' ? letters[p.type] : p.value)).join('')
}
