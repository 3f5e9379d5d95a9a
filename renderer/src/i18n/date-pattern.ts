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

/** A date the user can read the order of fields from (31 December, so day and month differ), for placeholders. */
export function dateExample(locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(2026, 11, 31))
}
