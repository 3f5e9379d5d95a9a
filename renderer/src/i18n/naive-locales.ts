import { dateDeDE, dateEnGB, dateEsES, dateFrFR, dateItIT, dateNlNL, deDE, enGB, esES, frFR, itIT, nlNL, type NDateLocale, type NLocale } from 'naive-ui'
import type { Language } from './languages'

/** naive-ui's own texts (date pickers, empty states …) in the UI language. */
export const naiveLocales: Record<Language, { locale: NLocale; dateLocale: NDateLocale }> = {
  de: { locale: deDE, dateLocale: dateDeDE },
  en: { locale: enGB, dateLocale: dateEnGB },
  es: { locale: esES, dateLocale: dateEsES },
  fr: { locale: frFR, dateLocale: dateFrFR },
  it: { locale: itIT, dateLocale: dateItIT },
  nl: { locale: nlNL, dateLocale: dateNlNL },
}
