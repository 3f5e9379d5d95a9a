import { z } from 'zod'

/** The connection an IT department provisioned for every workstation: offered when the first profile is added. */
export const ProvisionedProfile = z.object({
  name: z.string(),
  baseUrl: z.string(),
  environment: z.enum(['staging', 'production']),
  clientId: z.string().nullable(),
})
export type ProvisionedProfile = z.infer<typeof ProvisionedProfile>
