import type { RouteRecordRaw } from 'vue-router'

/** The baskets list (local drafts and service baskets), the draft editor, a service basket. */
export const basketsRoutes: RouteRecordRaw[] = [
  {
    path: '/baskets',
    name: 'baskets',
    component: () => import('./BasketsPage.vue'),
    meta: { nav: { labelKey: 'baskets.nav', order: 20 }, titleKey: 'baskets.title' },
  },
  {
    path: '/baskets/outbox',
    name: 'basket-outbox',
    component: () => import('./OutboxPage.vue'),
    meta: { titleKey: 'baskets.queue.title' },
  },
  {
    path: '/baskets/drafts/:id',
    name: 'basket-draft',
    component: () => import('./DraftEditorPage.vue'),
    props: true,
    meta: { titleKey: 'baskets.editor.heading' },
  },
  {
    path: '/baskets/server/:id(\\d+)',
    name: 'basket-server',
    component: () => import('./ServerBasketPage.vue'),
    props: (route) => ({ id: Number(route.params.id) }),
    meta: { titleKey: 'baskets.title' },
  },
]
