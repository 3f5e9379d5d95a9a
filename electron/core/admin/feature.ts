import { unreadFields } from '../../../shared/api'
import type { CoreContext, Feature } from '../context'
import type { AdminDeps } from './admin-call'
import { ProductGroups } from './product-groups'
import { Users } from './users'

/** Administration of users and product groups, through the active profile; needs the service. */
export function adminFeature(ctx: CoreContext): Feature {
  const deps: AdminDeps = {
    client: () => ctx.connection.require().client,
  }
  const users = new Users(deps)
  const groups = new ProductGroups(deps)
  return {
    handlers: {
      'admin.listUsers': (q) => users.list(q),
      'admin.getUser': async ({ id }) => {
        const user = await users.get(id)
        return { ...user, unread: unreadFields(user) }
      },
      'admin.createUser': (body) => users.create(body),
      'admin.editUser': ({ id, confirmLoss, ...body }) => users.edit(id, body, confirmLoss),
      'admin.listProductGroups': () => groups.list(),
      'admin.getProductGroup': async ({ id }) => {
        const group = await groups.get(id)
        return { ...group, unread: unreadFields(group) }
      },
      'admin.createProductGroup': (body) => groups.create(body),
      'admin.editProductGroup': ({ id, ...body }) => groups.edit(id, body),
    },
  }
}
