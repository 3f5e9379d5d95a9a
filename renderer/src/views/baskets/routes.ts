import type { RouteRecordRaw } from 'vue-router'

/**
 * PLACEHOLDER — the baskets engineer owns this file. `meta.nav` puts a route in the main navigation
 * (label key, position); `meta.titleKey` names the window title.
 */
export const basketsRoutes: RouteRecordRaw[] = [
  {
    path: '/baskets',
    name: 'baskets',
    component: () => import('./BasketsPage.vue'),
    meta: { nav: { labelKey: 'baskets.nav', order: 20 }, titleKey: 'baskets.title' },
  },
]
