import { z } from 'zod'
import { channel } from '../contract-kit'

/** The connection an IT department provisioned for every workstation: offered when the first profile is added. */
export const ProvisionedProfile = z.object({
  name: z.string(),
  baseUrl: z.string(),
  environment: z.enum(['staging', 'production']),
  clientId: z.string().nullable(),
})
export type ProvisionedProfile = z.infer<typeof ProvisionedProfile>

export const managedChannels = {
  /** The provisioned defaults applied at this installation's first start (null: none). */
  'managed.defaults': channel(z.undefined(), z.object({ profile: ProvisionedProfile.nullable(), source: z.string().nullable() })),
}
