import { dateDeDE, dateEnGB, dateEsES, dateFrFR, dateItIT, dateNlNL, deDE, enGB, esES, frFR, itIT, nlNL, type NDateLocale, type NLocale } from 'naive-ui'
import type { Language } from './languages'

/**
 * An empty field says nothing rather than naive-ui's "Please Input" / "Please Select": every field
 * has a label, and a placeholder worth showing (what "empty" means there) is given by the field.
 */
function withoutGenericPlaceholders(locale: NLocale): NLocale {
  return {
    ...locale,
    Input: { ...locale.Input, placeholder: '' },
    InputNumber: { ...locale.InputNumber, placeholder: '' },
    Select: { ...locale.Select, placeholder: '' },
  }
}

/** naive-ui's own texts (date pickers, empty states …) in the UI language. */
export const naiveLocales: Record<Language, { locale: NLocale; dateLocale: NDateLocale }> = {
  de: { locale: withoutGenericPlaceholders(deDE), dateLocale: dateDeDE },
  en: { locale: withoutGenericPlaceholders(enGB), dateLocale: dateEnGB },
  es: { locale: withoutGenericPlaceholders(esES), dateLocale: dateEsES },
  fr: { locale: withoutGenericPlaceholders(frFR), dateLocale: dateFrFR },
  it: { locale: withoutGenericPlaceholders(itIT), dateLocale: dateItIT },
  nl: { locale: withoutGenericPlaceholders(nlNL), dateLocale: dateNlNL },
}
