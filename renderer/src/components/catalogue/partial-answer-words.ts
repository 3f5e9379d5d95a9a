import { useI18n } from 'vue-i18n'
import type { CatalogueSearchResult } from '../../../../shared/ipc/channels/catalogue'
import { useFormat } from '../../i18n/use-format'

/**
 * What an answer from a first sync still landing covers, in the user's language: how much has
 * landed, then whether descriptions are still being indexed, as sentences of one
 * paragraph (said alike by the catalogue view and the search boxes' matches).
 */
export function usePartialAnswerWords() {
  const { t } = useI18n()
  const f = useFormat()
  return (partial: NonNullable<CatalogueSearchResult['partial']>): string =>
    [
      partial.expected === null
        ? t('catalogue.state.partialUnknown', { n: f.number(partial.products) })
        : t('catalogue.state.partial', { n: f.number(partial.products), total: f.number(partial.expected) }),
      partial.descriptionsPending ? t('catalogue.state.descriptionsPending') : '',
    ]
      .filter(Boolean)
      .join(' ')
}
