import type { RouteRecordRaw } from 'vue-router'

/**
 * PLACEHOLDER — the catalogue engineer owns this file. `meta.nav` puts a route in the main navigation
 * (label key, position); `meta.titleKey` names the window title.
 */
export const catalogueRoutes: RouteRecordRaw[] = [
  {
    path: '/catalogue',
    name: 'catalogue',
    component: () => import('./CataloguePage.vue'),
    meta: { nav: { labelKey: 'catalogue.nav', order: 10 }, titleKey: 'catalogue.title' },
  },
]
