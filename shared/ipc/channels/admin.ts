import { z } from 'zod'
import { Id, ProductGroup, ProductGroupBody, ProductGroupListItem, User, USER_SORTS, UserBody, UserListItem } from '../../api'
import { ById, channel, pageInfo, pageRequest } from '../contract-kit'

/** The users list's filters, sort and page (spec 4.2 "List users"); null means "either". */
export const UserListInput = z.object({
  /** Matches name or e-mail address. */
  text: z.string().trim().max(255).default(''),
  organisation: z.array(Id).default([]),
  verified: z.boolean().nullable().default(null),
  disabled: z.boolean().nullable().default(null),
  password_reset: z.boolean().nullable().default(null),
  sort_by: z.enum(USER_SORTS).default('-name'),
  ...pageRequest(50),
})
export type UserListInput = z.input<typeof UserListInput>
export type UserListParams = z.output<typeof UserListInput>

export const UserListResult = z.object({ items: z.array(UserListItem), ...pageInfo })
export type UserListResult = z.infer<typeof UserListResult>

/**
 * An edit is a PUT that overwrites roles and notifications and resets both when the organisation
 * changes (spec 2.5, rule 4). When it would take away anything the user holds, the core refuses
 * it unless `confirmLoss` says the user saw and accepted what is lost.
 */
const UserEditInput = UserBody.extend({ id: Id, confirmLoss: z.boolean().default(false) })
type UserEditInput = z.input<typeof UserEditInput>

const ProductGroupEditInput = ProductGroupBody.extend({ id: Id })
type ProductGroupEditInput = z.input<typeof ProductGroupEditInput>

export const adminChannels = {
  'admin.listUsers': channel(UserListInput, UserListResult),
  'admin.getUser': channel(ById, User),
  'admin.createUser': channel(UserBody, User),
  'admin.editUser': channel(UserEditInput, User),
  /** Every product group (all pages). */
  'admin.listProductGroups': channel(z.undefined(), z.array(ProductGroupListItem)),
  'admin.getProductGroup': channel(ById, ProductGroup),
  'admin.createProductGroup': channel(ProductGroupBody, ProductGroup),
  'admin.editProductGroup': channel(ProductGroupEditInput, ProductGroup),
}

export const adminEvents = {}
