import type { RouteRecordRaw } from 'vue-router'
import type { AdminAccess } from '../../../../shared/permissions'
import { loadAdminMessages } from '../../i18n'
import { currentAdminAccess } from './admin-access'

/** A section's routes redirect to the administration start when the user's permissions lack it. */
const requires = (section: Exclude<keyof AdminAccess, 'any' | 'viewProductGroups'>) => () => (currentAdminAccess()[section] ? true : { name: 'admin' })

/**
 * Administration: users and product groups, where the current user's permissions allow. The
 * navigation entry exists only for users with some administration right (`nav` is a getter, read
 * reactively by the navigation).
 */
export const adminRoutes: RouteRecordRaw[] = [
  {
    path: '/admin',
    // Its messages come with it, out of the initial bundle (see i18n/index.ts).
    component: () => Promise.all([import('./AdminLayout.vue'), loadAdminMessages()]).then(([layout]) => layout),
    meta: {
      get nav() {
        return currentAdminAccess().any ? { labelKey: 'frame.nav.admin', order: 40 } : undefined
      },
      titleKey: 'admin.title',
    },
    children: [
      { path: '', name: 'admin', component: () => import('./AdminHome.vue') },
      { path: 'users', name: 'admin-users', component: () => import('./UsersPage.vue'), beforeEnter: requires('viewUsers'), meta: { titleKey: 'admin.users.title' } },
      { path: 'users/new', name: 'admin-user-new', component: () => import('./UserEditPage.vue'), beforeEnter: requires('editUsers'), meta: { titleKey: 'admin.users.newTitle' } },
      { path: 'users/:id(\\d+)', name: 'admin-user', component: () => import('./UserPage.vue'), props: true, beforeEnter: requires('viewUsers'), meta: { titleKey: 'admin.users.title' } },
      {
        path: 'users/:id(\\d+)/edit',
        name: 'admin-user-edit',
        component: () => import('./UserEditPage.vue'),
        props: true,
        beforeEnter: requires('editUsers'),
        meta: { titleKey: 'admin.users.editTitle' },
      },
      { path: 'product-groups', name: 'admin-groups', component: () => import('./ProductGroupsPage.vue'), beforeEnter: requires('productGroups'), meta: { titleKey: 'admin.groups.title' } },
      {
        path: 'product-groups/new',
        name: 'admin-group-new',
        component: () => import('./ProductGroupEditPage.vue'),
        beforeEnter: requires('editProductGroups'),
        meta: { titleKey: 'admin.groups.newTitle' },
      },
      {
        path: 'product-groups/:id(\\d+)',
        name: 'admin-group',
        component: () => import('./ProductGroupPage.vue'),
        props: true,
        beforeEnter: requires('productGroups'),
        meta: { titleKey: 'admin.groups.title' },
      },
      {
        path: 'product-groups/:id(\\d+)/edit',
        name: 'admin-group-edit',
        component: () => import('./ProductGroupEditPage.vue'),
        props: true,
        beforeEnter: requires('editProductGroups'),
        meta: { titleKey: 'admin.groups.editTitle' },
      },
    ],
  },
]
