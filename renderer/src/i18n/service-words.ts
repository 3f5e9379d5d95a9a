import { useI18n } from 'vue-i18n'
import { readableCode } from '../../../shared/locales/readable-code'

/**
 * Values the service sends as codes (billing frequencies, units, meeting order types, audit
 * actions …) in the user's words: `word('catalogue.words.unit', 'host')` is the message under that
 * group for a code the app knows, and the code made readable for one a later release adds.
 */
export function useServiceWords() {
  const { t, te } = useI18n()
  const word = (group: string, code: string) => (te(`${group}.${code}`) ? t(`${group}.${code}`) : readableCode(code))
  return { word }
}
