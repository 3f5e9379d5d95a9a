import { z } from 'zod'
import { Id } from './common'

/** Spec 2.3. parent is absent/null at the root; a caller below it sees its own organisation's parent id, though not that parent. */
export const Organisation = z.object({
  id: Id,
  name: z.string(),
  parent: Id.nullish(),
  linked_account: z.boolean(),
  finance_type: z.string(),
})
export type Organisation = z.infer<typeof Organisation>
