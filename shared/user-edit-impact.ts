import type { NotificationKind, User, UserBody } from './api'

/**
 * What saving a user edit does to the roles and notifications the user holds. The service's PUT
 * overwrites both lists, and changing the organisation resets both (spec 2.5, rule 4): the app
 * shows this before saving and asks for confirmation when anything held would be lost.
 */
interface UserEditImpact {
  organisationChanged: boolean
  rolesLost: number[]
  rolesGained: number[]
  notificationsLost: NotificationKind[]
  notificationsGained: NotificationKind[]
  needsConfirmation: boolean
}

type Held = Pick<User, 'organisation' | 'roles' | 'notification'>
type Edit = Pick<UserBody, 'organisation' | 'roles' | 'notification'>

export function userEditImpact(before: Held, edit: Edit): UserEditImpact {
  const organisationChanged = edit.organisation !== before.organisation
  // After a move the service starts the user with no roles and no notifications.
  const rolesAfter = organisationChanged ? [] : (edit.roles ?? before.roles)
  const notificationsAfter = organisationChanged ? [] : (edit.notification ?? before.notification)
  const rolesLost = before.roles.filter((r) => !rolesAfter.includes(r))
  const notificationsLost = before.notification.filter((n) => !notificationsAfter.includes(n))
  return {
    organisationChanged,
    rolesLost,
    rolesGained: rolesAfter.filter((r) => !before.roles.includes(r)),
    notificationsLost,
    notificationsGained: notificationsAfter.filter((n) => !before.notification.includes(n)),
    needsConfirmation: rolesLost.length > 0 || notificationsLost.length > 0,
  }
}

/**
 * The PUT body for an edit: when the organisation changes, roles and notifications are left out,
 * since the service resets them anyway; they are given again in the new organisation afterwards.
 */
export function userPutBody<B extends UserBody>(edit: B, organisationChanged: boolean): B {
  if (!organisationChanged) return edit
  const { roles: _roles, notification: _notification, ...rest } = edit
  return rest as B
}
