import { darkTheme, lightTheme, useOsTheme, type GlobalTheme, type GlobalThemeOverrides } from 'naive-ui'
import { computed, watchEffect } from 'vue'
import { usePreferencesStore } from '../stores/preferences'
import { lightOverrides } from './overrides'

/**
 * Light or dark: the Settings override, else the OS. Also tells the page's own CSS: data-theme, and
 * --wd-error, the theme's error colour, so our field errors are the red of naive-ui's own.
 */
export function useTheme() {
  const os = useOsTheme()
  const preferences = usePreferencesStore()
  const isDark = computed(() => (preferences.theme === 'auto' ? os.value === 'dark' : preferences.theme === 'dark'))
  const theme = computed<GlobalTheme | null>(() => (isDark.value ? darkTheme : null))
  const overrides = computed<GlobalThemeOverrides | null>(() => (isDark.value ? null : lightOverrides))
  const errorColor = computed(() => (isDark.value ? darkTheme.common.errorColor : (lightOverrides.common?.errorColor ?? lightTheme.common.errorColor)))
  watchEffect(() => {
    document.documentElement.dataset.theme = isDark.value ? 'dark' : 'light'
    document.documentElement.style.colorScheme = isDark.value ? 'dark' : 'light'
    document.documentElement.style.setProperty('--wd-error', errorColor.value)
  })
  return { isDark, theme, overrides }
}
