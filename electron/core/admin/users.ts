import { UserBody, type User } from '../../../shared/api'
import { AppError } from '../../../shared/model/app-error'
import type { UserListParams, UserListResult } from '../../../shared/model/user-list'
import { ADMIN_PERMISSIONS } from '../../../shared/permissions'
import { userEditImpact, userPutBody } from '../../../shared/user-edit-impact'
import { assertFullyRead } from '../service/fully-read'
import { adminCall, type AdminDeps } from './admin-call'

/** Users of the own and descendant organisations (spec 2.5, 4.2). */
export class Users {
  constructor(private readonly deps: AdminDeps) {}

  async list(q: UserListParams): Promise<UserListResult> {
    const res = await adminCall(this.deps, 'see users', ADMIN_PERMISSIONS.viewUsers, (c) =>
      c.list('listUsers', {
        query: {
          page: q.page,
          per_page: q.perPage,
          text: q.text || undefined,
          organisation: q.organisation.length ? q.organisation : undefined,
          verified: q.verified ?? undefined,
          disabled: q.disabled ?? undefined,
          password_reset: q.password_reset ?? undefined,
          sort_by: [q.sort_by],
        },
      }),
    )
    return { items: res.items, total: res.total, pages: res.pages, page: q.page, perPage: q.perPage }
  }

  get(id: number): Promise<User> {
    return adminCall(this.deps, 'see this user', ADMIN_PERMISSIONS.viewUsers, (c) => c.call('getUser', { params: { id } }))
  }

  create(body: UserBody): Promise<User> {
    return adminCall(this.deps, 'create users', ADMIN_PERMISSIONS.editUsers, (c) => c.call('createUser', { body }))
  }

  /**
   * PUT with the service's overwrite semantics made explicit: compared with a fresh copy of the
   * user, an edit that would take away roles or notifications (or move the user, which resets
   * both) needs `confirmLoss`.
   */
  async edit(id: number, body: UserBody, confirmLoss: boolean): Promise<User> {
    const before = await this.get(id)
    // The form was filled from the user as read: a value that could not be read would be written back lost.
    assertFullyRead(before, `User ${id}`, Object.keys(UserBody.shape))
    const impact = userEditImpact(before, body)
    if (impact.needsConfirmation && !confirmLoss) {
      const fields: Record<string, string> = {}
      if (impact.rolesLost.length) fields.roles = `Saving removes roles ${impact.rolesLost.join(', ')}`
      if (impact.notificationsLost.length) fields.notification = `Saving removes notifications ${impact.notificationsLost.join(', ')}`
      const why = impact.organisationChanged
        ? 'Moving the user to another organisation resets their roles and notifications.'
        : 'The roles and notifications you save replace the ones the user holds.'
      throw new AppError('conflict', `${why} Confirm to save.`, fields)
    }
    return adminCall(this.deps, 'edit users', ADMIN_PERMISSIONS.editUsers, (c) => c.call('editUser', { params: { id }, body: userPutBody(body, impact.organisationChanged) }))
  }
}
