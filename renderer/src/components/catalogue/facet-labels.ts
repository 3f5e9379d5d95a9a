import { useI18n } from 'vue-i18n'

/**
 * The service names vendors and product types by id only (spec: their records are not shown), so
 * they are labelled "Vendor 4", and a missing one (id -1 in filters, null on a product) as "none".
 */
export function useFacetLabels() {
  const { t } = useI18n()
  return {
    vendor: (id: number | null | undefined) => (id === null || id === undefined || id === -1 ? t('catalogue.facets.noVendor') : t('catalogue.facets.vendor', { id })),
    type: (id: number | null | undefined) => (id === null || id === undefined || id === -1 ? t('catalogue.facets.noType') : t('catalogue.facets.type', { id })),
  }
}
