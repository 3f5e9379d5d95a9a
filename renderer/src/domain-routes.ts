import type { RouteRecordRaw } from 'vue-router'
import { adminRoutes } from './views/admin/routes'
import { basketsRoutes } from './views/baskets/routes'
import { catalogueRoutes } from './views/catalogue/routes'
import { ordersRoutes } from './views/orders/routes'

// Apart from router.ts so the views that link home (welcome, not found) need not import the router
// that loads them.

/** Each domain's routes come from its own views/<domain>/routes.ts. */
export const domainRoutes: RouteRecordRaw[] = [...catalogueRoutes, ...basketsRoutes, ...ordersRoutes, ...adminRoutes]

/** The first navigation entry: where "/" and a finished first run lead. */
export function homePath(routes: RouteRecordRaw[] = domainRoutes): string {
  const first = [...routes].filter((r) => r.meta?.nav).sort((a, b) => a.meta!.nav!.order - b.meta!.nav!.order)[0]
  return first?.path ?? '/settings'
}
