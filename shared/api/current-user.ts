import { z } from 'zod'
import { Id } from './common'
import { CurrencyRef } from './money'
import { tolerantReader } from './reading'

/** `<resource>:<action>`; parent marks a permission inherited from a parent role (spec 2.2). */
const Permission = z.object({
  permission: z.string().regex(/^[a-z_]+:[a-z_]+$/),
  parent: z.boolean(),
})
type Permission = z.infer<typeof Permission>
/** A permission the service does not mark as inherited is the role's own. */
tolerantReader(Permission, { parent: false })

/** Spec 2.2: GET /whoami. Under emulation every field but real_* describes the emulated user. */
export const CurrentUser = z.object({
  id: Id,
  name: z.string(),
  organisation: Id,
  real_id: Id,
  real_name: z.string(),
  currency: CurrencyRef,
  locale: z.string(),
  timezone: z.string(),
  admin: z.boolean(),
  root: z.boolean(),
  modules: z.array(z.string()),
  permissions: z.array(Permission),
})
export type CurrentUser = z.infer<typeof CurrentUser>

/** Sign-in needs the id and organisation only; everything else shown degrades alone (issue 14). */
tolerantReader(CurrentUser, { name: '', real_name: '', currency: null, locale: '', timezone: '', admin: false, root: false, modules: [], permissions: [] })
