import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import { useCatalogueStore } from '../../stores/catalogue'

/**
 * Vendors and product types by name where the service names them (the catalogue's facets carry the
 * names it gave: see electron/core/catalogue/facet-names.ts); otherwise "Vendor 4", and a missing
 * one (id -1 in filters, null on a product) as "none". The facets are loaded once if no view has.
 */
export function useFacetLabels() {
  const { t } = useI18n()
  const catalogue = useCatalogueStore()
  if (!catalogue.vendors.length && !catalogue.types.length) void catalogue.loadFacets()
  const vendorNames = computed(() => new Map(catalogue.vendors.map((f) => [f.id, f.name])))
  const typeNames = computed(() => new Map(catalogue.types.map((f) => [f.id, f.name])))
  return {
    vendor: (id: number | null | undefined) =>
      id === null || id === undefined || id === -1 ? t('catalogue.facets.noVendor') : (vendorNames.value.get(id) ?? t('catalogue.facets.vendor', { id })),
    type: (id: number | null | undefined) => (id === null || id === undefined || id === -1 ? t('catalogue.facets.noType') : (typeNames.value.get(id) ?? t('catalogue.facets.type', { id }))),
  }
}
