import type { RouteRecordRaw } from 'vue-router'

/**
 * PLACEHOLDER — the admin engineer owns this file. `meta.nav` puts a route in the main navigation
 * (label key, position); `meta.titleKey` names the window title.
 */
export const adminRoutes: RouteRecordRaw[] = [
  {
    path: '/admin',
    name: 'admin',
    component: () => import('./AdminPage.vue'),
    meta: { nav: { labelKey: 'admin.nav', order: 40 }, titleKey: 'admin.title' },
  },
]
