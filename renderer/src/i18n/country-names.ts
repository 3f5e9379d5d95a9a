import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import type { CountryCode } from '../../../shared/api'

/**
 * Countries named in the user's language. The service's country list names them in its own
 * (English); a country whose ISO 3166 code Intl knows is named by Intl ("Vereinigtes Königreich",
 * "Royaume-Uni"), any other as the service names it.
 */
export function useCountryNames() {
  const { locale } = useI18n()
  const regions = computed(() => {
    try {
      return new Intl.DisplayNames([locale.value], { type: 'region', fallback: 'none' })
    } catch {
      return null
    }
  })
  const name = (country: CountryCode): string => {
    try {
      return regions.value?.of(country.iso_code.trim().toUpperCase()) ?? country.name
    } catch {
      // Not a code Intl reads (an alpha-3 code, say): the service's name.
      return country.name
    }
  }
  /** The name of the country with this id in the service's list; "#id" when the list does not have it. */
  const nameOf = (countries: readonly CountryCode[] | null | undefined, id: number): string => {
    const country = countries?.find((c) => c.id === id)
    return country ? name(country) : `#${id}`
  }
  return { name, nameOf }
}
