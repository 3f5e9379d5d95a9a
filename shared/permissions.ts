import type { CurrentUser } from './api'

/**
 * What the current user may see and do, from CurrentUser.permissions (`<resource>:<action>`, spec
 * 2.2). Views and actions appear only when allowed; the service still has the last word (a 403 is
 * handled where it happens). Permissions inherited from a parent role (`parent: true`) count too.
 */
export type PermissionHolder = Pick<CurrentUser, 'permissions'> | null | undefined

export function hasPermission(user: PermissionHolder, permission: string): boolean {
  return !!user?.permissions.some((p) => p.permission === permission)
}

/** The permission each administration view or action needs (the sandbox's documented names). */
export const ADMIN_PERMISSIONS = {
  viewUsers: 'users:read',
  editUsers: 'users:write',
  viewProductGroups: 'product_groups:read',
  editProductGroups: 'product_groups:write',
} as const

export type AdminAccess = { [K in keyof typeof ADMIN_PERMISSIONS]: boolean } & {
  /** The Product groups section: managing them (reading alone is what the catalogue shows). */
  productGroups: boolean
  /** Administration at all. */
  any: boolean
}

export function adminAccess(user: PermissionHolder): AdminAccess {
  const a = Object.fromEntries(Object.entries(ADMIN_PERMISSIONS).map(([k, p]) => [k, hasPermission(user, p)])) as { [K in keyof typeof ADMIN_PERMISSIONS]: boolean }
  // The Users section is a.viewUsers itself.
  const productGroups = a.viewProductGroups && a.editProductGroups
  return { ...a, productGroups, any: a.viewUsers || productGroups }
}

/** Orders: reading them, and acting on them (resubmit, cancel, reorder). */
export const ORDER_PERMISSIONS = { view: 'orders:read', act: 'orders:write' } as const
