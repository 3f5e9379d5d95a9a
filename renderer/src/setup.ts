import { createPinia } from 'pinia'
import type { App } from 'vue'
import type { RouterHistory } from 'vue-router'
import { createAppI18n } from './i18n'
import { resolveLanguage } from './i18n/language-sync'
import { createAppRouter } from './router'
import { useConnectionStore } from './stores/connection'
import { useInPageAlertsStore } from './stores/in-page-alerts'
import { usePreferencesStore } from './stores/preferences'
import { useSystemStore } from './stores/system'

/**
 * Installs pinia, i18n and the router on an app and loads the state the first screen needs
 * (connection status, system info). main.ts uses it; component tests use it with the same result.
 */
export async function setupApp(app: App, opts: { history?: RouterHistory } = {}) {
  const pinia = createPinia()
  app.use(pinia)
  const preferences = usePreferencesStore(pinia)
  const connection = useConnectionStore(pinia)
  const system = useSystemStore(pinia)
  await Promise.all([connection.init(), system.init()])
  // In Electron the OS shows alerts; only the harness needs them in the page.
  if (system.harness) useInPageAlertsStore(pinia).listen()

  const i18n = createAppI18n(resolveLanguage(preferences.language, connection.user?.locale, navigator.language))
  app.use(i18n)
  const router = createAppRouter({ hasConnection: () => connection.profile !== null, history: opts.history })
  app.use(router)
  await router.isReady()
  return { pinia, i18n, router }
}
