import type { RouteRecordRaw } from 'vue-router'

/** The catalogue search, a product, the product groups and a group. */
export const catalogueRoutes: RouteRecordRaw[] = [
  {
    path: '/catalogue',
    name: 'catalogue',
    component: () => import('./CataloguePage.vue'),
    meta: { nav: { labelKey: 'catalogue.nav', order: 10 }, titleKey: 'catalogue.title' },
  },
  {
    path: '/catalogue/products/:id(\\d+)',
    name: 'catalogue-product',
    component: () => import('./ProductPage.vue'),
    props: true,
    meta: { titleKey: 'catalogue.product.title' },
  },
  {
    path: '/catalogue/groups',
    name: 'catalogue-groups',
    component: () => import('./ProductGroupsPage.vue'),
    meta: { titleKey: 'catalogue.groups.title' },
  },
  {
    path: '/catalogue/groups/:id(\\d+)',
    name: 'catalogue-group',
    component: () => import('./ProductGroupPage.vue'),
    props: true,
    meta: { titleKey: 'catalogue.groups.groupTitle' },
  },
  {
    path: '/catalogue/quick',
    name: 'catalogue-quick',
    component: () => import('./QuickReorderPage.vue'),
    meta: { titleKey: 'catalogue.quick.title' },
  },
]
