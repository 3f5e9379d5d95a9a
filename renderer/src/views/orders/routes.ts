import type { RouteRecordRaw } from 'vue-router'

/** Order history and one order's detail (alerts and the tray open /orders/:id). */
export const ordersRoutes: RouteRecordRaw[] = [
  {
    path: '/orders',
    name: 'orders',
    component: () => import('./OrdersPage.vue'),
    meta: { nav: { labelKey: 'orders.nav', order: 30 }, titleKey: 'orders.title' },
  },
  {
    // In-page alerts (and the shell's notifications) open an order here.
    path: '/orders/:id(\\d+)',
    name: 'order',
    component: () => import('./OrderPage.vue'),
    props: true,
    meta: { titleKey: 'orders.title' },
  },
]
