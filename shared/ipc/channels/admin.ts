import { z } from 'zod'
import { Id, ProductGroup, ProductGroupBody, ProductGroupListItem, User, UserBody } from '../../api'
import { ById, channel } from '../contract-kit'
import { UserListInput, UserListResult } from '../../model/user-list'

// The users list's types are the domain model's (shared/model); re-exported for the renderer's imports.
export { UserListInput, UserListResult } from '../../model/user-list'
export type { UserListParams } from '../../model/user-list'

/**
 * An edit is a PUT that overwrites roles and notifications and resets both when the organisation
 * changes (spec 2.5, rule 4). When it would take away anything the user holds, the core refuses
 * it unless `confirmLoss` says the user saw and accepted what is lost.
 */
const UserEditInput = UserBody.extend({ id: Id, confirmLoss: z.boolean().default(false) })
type UserEditInput = z.input<typeof UserEditInput>

const ProductGroupEditInput = ProductGroupBody.extend({ id: Id })
type ProductGroupEditInput = z.input<typeof ProductGroupEditInput>

/** A user as read, with the fields the service sent in a form the app does not understand (empty when fully read). */
export const UserRecord = User.extend({ unread: z.array(z.string()).default([]) })
export type UserRecord = z.infer<typeof UserRecord>
/** A product group as read, with the fields the app could not read (empty when fully read): it is not saved from here then. */
export const ProductGroupRecord = ProductGroup.extend({ unread: z.array(z.string()).default([]) })
export type ProductGroupRecord = z.infer<typeof ProductGroupRecord>

export const adminChannels = {
  'admin.listUsers': channel(UserListInput, UserListResult),
  'admin.getUser': channel(ById, UserRecord),
  'admin.createUser': channel(UserBody, User),
  'admin.editUser': channel(UserEditInput, User),
  /** Every product group (all pages). */
  'admin.listProductGroups': channel(z.undefined(), z.array(ProductGroupListItem)),
  'admin.getProductGroup': channel(ById, ProductGroupRecord),
  'admin.createProductGroup': channel(ProductGroupBody, ProductGroup),
  'admin.editProductGroup': channel(ProductGroupEditInput, ProductGroup),
}
