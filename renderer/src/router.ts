import { createRouter, createWebHashHistory, type RouteRecordRaw, type Router, type RouterHistory } from 'vue-router'
import { domainRoutes, homePath } from './domain-routes'

declare module 'vue-router' {
  interface RouteMeta {
    /** Puts the route in the main navigation: its i18n label key, position (lower first), and whether only administrators see it. */
    nav?: { labelKey: string; order: number; adminOnly?: boolean }
    /** i18n key of the window title. */
    titleKey?: string
    /** Reachable with no active connection (welcome, settings). */
    public?: boolean
    /** Shown without the frame (the first-run screen). */
    bare?: boolean
  }
}

const frameRoutes: RouteRecordRaw[] = [
  {
    path: '/welcome',
    name: 'welcome',
    component: () => import('./views/welcome/WelcomeView.vue'),
    meta: { public: true, bare: true, titleKey: 'connection.welcome.title' },
  },
  {
    path: '/settings',
    component: () => import('./views/settings/SettingsView.vue'),
    meta: { public: true, nav: { labelKey: 'frame.nav.settings', order: 100 }, titleKey: 'settings.title' },
    children: [
      { path: '', redirect: { name: 'settings-connections' } },
      { path: 'connections', name: 'settings-connections', component: () => import('./views/settings/ConnectionsSettings.vue') },
      { path: 'display', name: 'settings-display', component: () => import('./views/settings/DisplaySettings.vue') },
      { path: 'support', name: 'settings-support', component: () => import('./views/settings/SupportSettings.vue') },
    ],
  },
]

interface RouterOptions {
  /** Whether a connection profile is active; routes that are not `public` need one. */
  hasConnection: () => boolean
  /** Hash history by default: it works under the app:// protocol and in the harness alike. */
  history?: RouterHistory
}

export function createAppRouter(opts: RouterOptions): Router {
  const router = createRouter({
    history: opts.history ?? createWebHashHistory(),
    routes: [
      { path: '/', redirect: () => homePath() },
      ...frameRoutes,
      ...domainRoutes,
      {
        path: '/:pathMatch(.*)*',
        name: 'not-found',
        component: () => import('./views/NotFoundView.vue'),
        meta: { public: true, titleKey: 'frame.notFound.title' },
      },
    ],
  })
  router.beforeEach((to) => {
    if (!to.meta.public && !opts.hasConnection()) return { name: 'welcome', query: { next: to.fullPath } }
    return true
  })
  return router
}
