import { z } from 'zod'
import { channel } from '../contract-kit'
import { ProvisionedProfile } from '../../model/provisioning'

// Re-exported from the domain model (shared/model) for the renderer's imports.
export { ProvisionedProfile }

export const managedChannels = {
  /** The provisioned defaults applied at this installation's first start (null: none). */
  'managed.defaults': channel(z.undefined(), z.object({ profile: ProvisionedProfile.nullable(), source: z.string().nullable() })),
}
