import { describe, expect, it } from 'vitest'
import { UserBody } from './api'
import { userEditImpact, userPutBody } from './user-edit-impact'

const held = { organisation: 10, roles: [1, 3], notification: ['order_created', 'order_status_changed'] as ('order_created' | 'order_status_changed')[] }

describe('what a user edit does to roles and notifications', () => {
  it('a new roles list replaces the held one: removed roles are named and need confirmation', () => {
    const i = userEditImpact(held, { organisation: 10, roles: [3, 4] })
    expect(i).toMatchObject({ organisationChanged: false, rolesLost: [1], rolesGained: [4], notificationsLost: [], needsConfirmation: true })
  })

  it('leaving the lists out keeps them; adding only needs no confirmation', () => {
    expect(userEditImpact(held, { organisation: 10 }).needsConfirmation).toBe(false)
    expect(userEditImpact(held, { organisation: 10, roles: [1, 3, 5], notification: [...held.notification, 'quote_created'] })).toMatchObject({
      rolesGained: [5],
      notificationsGained: ['quote_created'],
      needsConfirmation: false,
    })
  })

  it('moving the user to another organisation loses every role and notification, whatever the form says', () => {
    const i = userEditImpact(held, { organisation: 11, roles: [1, 3], notification: held.notification })
    expect(i).toMatchObject({ organisationChanged: true, rolesLost: [1, 3], notificationsLost: held.notification, rolesGained: [], needsConfirmation: true })
    const body = UserBody.parse({ name: 'A', email_address: 'a@example.com', organisation: 11, roles: [1], notification: ['order_created'] })
    expect(userPutBody(body, true)).not.toHaveProperty('roles')
    expect(userPutBody(body, true)).not.toHaveProperty('notification')
    expect(userPutBody(body, false)).toHaveProperty('roles', [1])
  })
})
