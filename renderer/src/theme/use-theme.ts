import { darkTheme, lightTheme, useOsTheme, type GlobalTheme, type GlobalThemeOverrides } from 'naive-ui'
import { computed, watchEffect } from 'vue'
import { usePreferencesStore } from '../stores/preferences'
import { lightOverrides } from './overrides'

/** The theme's colours our own CSS uses too, so our errors and warnings match naive-ui's. */
const PAGE_COLOURS = { '--wd-error': 'errorColor', '--wd-warning': 'warningColor' } as const

/**
 * Light or dark: the Settings override, else the OS. Also tells the page's own CSS: data-theme, and
 * the theme's colours in PAGE_COLOURS.
 */
export function useTheme() {
  const os = useOsTheme()
  const preferences = usePreferencesStore()
  const isDark = computed(() => (preferences.theme === 'auto' ? os.value === 'dark' : preferences.theme === 'dark'))
  const theme = computed<GlobalTheme | null>(() => (isDark.value ? darkTheme : null))
  const overrides = computed<GlobalThemeOverrides | null>(() => (isDark.value ? null : lightOverrides))
  const common = computed(() => (isDark.value ? darkTheme.common : { ...lightTheme.common, ...lightOverrides.common }))
  watchEffect(() => {
    document.documentElement.dataset.theme = isDark.value ? 'dark' : 'light'
    document.documentElement.style.colorScheme = isDark.value ? 'dark' : 'light'
    for (const [property, colour] of Object.entries(PAGE_COLOURS)) document.documentElement.style.setProperty(property, common.value[colour])
  })
  return { isDark, theme, overrides }
}
