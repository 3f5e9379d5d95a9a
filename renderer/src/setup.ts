import { createPinia } from 'pinia'
import { watchEffect, type App } from 'vue'
import type { RouterHistory } from 'vue-router'
import { adminAccess } from '../../shared/permissions'
import { createAppI18n, loadAdminMessages } from './i18n'
import { resolveLanguage } from './i18n/language-sync'
import { createAppRouter } from './router'
import { useConnectionStore } from './stores/connection'
import { useInPageAlertsStore } from './stores/in-page-alerts'
import { usePreferencesStore } from './stores/preferences'
import { useSystemStore } from './stores/system'

/**
 * pinia, i18n and the router, with the state the first screen needs already loaded (connection
 * status, system info). main.ts installs them through setupApp; component tests pass them to mount().
 */
export async function createPlugins(opts: { history?: RouterHistory } = {}) {
  const pinia = createPinia()
  const preferences = usePreferencesStore(pinia)
  const connection = useConnectionStore(pinia)
  const system = useSystemStore(pinia)
  await Promise.all([connection.init(), system.init()])
  // In Electron the OS shows alerts; only the harness needs them in the page.
  if (system.harness) useInPageAlertsStore(pinia).listen()

  const i18n = await createAppI18n(resolveLanguage(preferences.language, connection.user?.locale, navigator.language))
  const router = createAppRouter({ hasConnection: () => connection.profile !== null, history: opts.history })
  // An administrator's navigation names Administration: its messages are loaded for them only.
  watchEffect(() => {
    if (adminAccess(connection.user).any) void loadAdminMessages()
  })
  return { pinia, i18n, router }
}

export async function setupApp(app: App, opts: { history?: RouterHistory } = {}) {
  const plugins = await createPlugins(opts)
  app.use(plugins.pinia).use(plugins.i18n).use(plugins.router)
  await plugins.router.isReady()
  return plugins
}
