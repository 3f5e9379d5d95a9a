import { describe, expect, it } from 'vitest'
import { adminAccess, hasPermission } from './permissions'

const user = (...permissions: string[]) => ({ permissions: permissions.map((permission) => ({ permission, parent: false })) })

describe('permissions', () => {
  it('a user without any users permission has no users administration; reading product groups alone is no administration', () => {
    const viewer = user('orders:read', 'products:read', 'product_groups:read')
    expect(adminAccess(viewer)).toEqual({ viewUsers: false, editUsers: false, viewProductGroups: true, editProductGroups: false, productGroups: false, any: false })
    expect(adminAccess(user('orders:read')).any).toBe(false)
    expect(adminAccess(user('product_groups:read', 'product_groups:write'))).toMatchObject({ viewUsers: false, productGroups: true, any: true })
    expect(adminAccess(user('users:read'))).toMatchObject({ viewUsers: true, editUsers: false, any: true })
  })

  it('reading and writing are separate rights', () => {
    const a = adminAccess(user('users:read', 'product_groups:write'))
    expect([a.viewUsers, a.editUsers, a.viewProductGroups, a.editProductGroups]).toEqual([true, false, false, true])
  })

  it('counts permissions inherited from a parent role, and nothing when signed out', () => {
    expect(hasPermission({ permissions: [{ permission: 'users:write', parent: true }] }, 'users:write')).toBe(true)
    expect(hasPermission(null, 'users:read')).toBe(false)
    expect(hasPermission(user('users:read'), 'users:readx')).toBe(false)
  })
})
