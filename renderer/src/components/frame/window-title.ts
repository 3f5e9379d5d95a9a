import { computed, inject, onBeforeUnmount, provide, shallowRef, watch, type InjectionKey, type ShallowRef } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRoute } from 'vue-router'
import { useConnectionStore } from '../../stores/connection'

type TitleSource = () => string | null | undefined
const PAGE_TITLE: InjectionKey<ShallowRef<TitleSource | null>> = Symbol('page title')

/**
 * The window title names the page, so switching windows and screen readers both know where you
 * are: the page's own title when it gives one (usePageTitle), else its route's `titleKey`, always
 * followed by the app's name and the environment orders would go to (DEMO, STAGING, PRODUCTION:
 * the title bar and the taskbar show it even when the window is small); in the current language.
 * Call once, in App.
 */
export function useWindowTitle(): void {
  const route = useRoute()
  const { t, locale } = useI18n()
  const connection = useConnectionStore()
  const page = shallowRef<TitleSource | null>(null)
  provide(PAGE_TITLE, page)
  const title = computed(() => {
    void locale.value // messages follow the language
    const name = page.value?.() || (route.meta.titleKey ? t(route.meta.titleKey) : '')
    const env = connection.environment ? t(`connection.list.environments.${connection.environment}`).toLocaleUpperCase(locale.value) : ''
    return [name, t('frame.appName'), env].filter(Boolean).join(' — ')
  })
  watch(title, (v) => (document.title = v), { immediate: true })
}

/**
 * A page names itself in the window title (a product's name rather than "Product") while it is on
 * screen; while `title` gives nothing (loading, not found) the route's title stands.
 */
export function usePageTitle(title: TitleSource): void {
  const page = inject(PAGE_TITLE, null)
  if (!page) return
  page.value = title
  // The next page may have named itself already.
  onBeforeUnmount(() => {
    if (page.value === title) page.value = null
  })
}
