/**
 * Permissions are `<resource>:<action>` (spec 2.2). Which operation needs which is our documented
 * choice (spec 5.11 does not say); the README's operation table lists them.
 */
export const PERMISSIONS = [
  'organisations:read',
  'addresses:read',
  'users:read',
  'users:write',
  'product_groups:read',
  'product_groups:write',
  'products:read',
  'baskets:read',
  'baskets:write',
  'orders:read',
  'orders:write',
] as const
export type PermissionName = (typeof PERMISSIONS)[number]

export interface RoleSeed {
  id: number
  name: string
  /** A role's parent role: its permissions are held with `parent: true`. */
  parent: number | null
  permissions: PermissionName[]
}

/** Seeded roles (ids are what users' `roles` hold). */
export const ROLES: RoleSeed[] = [
  { id: 1, name: 'Viewer', parent: null, permissions: ['organisations:read', 'addresses:read', 'products:read', 'product_groups:read', 'baskets:read', 'orders:read'] },
  { id: 2, name: 'Purchaser', parent: 1, permissions: ['baskets:write', 'orders:write'] },
  { id: 3, name: 'User manager', parent: null, permissions: ['users:read', 'users:write'] },
  { id: 4, name: 'Catalogue manager', parent: null, permissions: ['product_groups:read', 'product_groups:write', 'products:read'] },
  { id: 5, name: 'Administrator', parent: 2, permissions: ['users:read', 'users:write', 'product_groups:write'] },
]
export const ADMIN_ROLE = 5
export const PURCHASER_ROLE = 2

export interface HeldPermission {
  permission: string
  parent: boolean
}

/** Permissions of a set of roles: own ones first, then the ones inherited along the parent chain. */
export function permissionsOf(roleIds: readonly number[], roles: ReadonlyMap<number, RoleSeed>): HeldPermission[] {
  const held = new Map<string, boolean>()
  for (const id of roleIds) {
    let role = roles.get(id)
    let inherited = false
    const seen = new Set<number>()
    while (role && !seen.has(role.id)) {
      seen.add(role.id)
      for (const p of role.permissions) {
        if (!inherited) held.set(p, false)
        else if (!held.has(p)) held.set(p, true)
      }
      role = role.parent === null ? undefined : roles.get(role.parent)
      inherited = true
    }
  }
  return [...held].sort(([a], [b]) => a.localeCompare(b)).map(([permission, parent]) => ({ permission, parent }))
}
