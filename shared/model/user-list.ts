import { z } from 'zod'
import { Id, USER_SORTS, UserListItem } from '../api'
import { pageInfo, pageRequest } from './paging'

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
