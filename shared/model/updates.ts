import { z } from 'zod'

/** Why the app will not restart to install an update right now. */
export const RestartBlocker = z.enum(['sending', 'unsavedEdits'])
export type RestartBlocker = z.infer<typeof RestartBlocker>

export const UpdateStatus = z.enum(['idle', 'checking', 'downloading', 'ready', 'upToDate', 'failed'])
export type UpdateStatus = z.infer<typeof UpdateStatus>

/** What Settings shows about updates, and what "Restart to update" may do. */
export const UpdateState = z.object({
  /** False where this build cannot update itself (a development run, the browser harness, no feed). */
  supported: z.boolean(),
  /** Checks at start and every 6 hours. */
  automatic: z.boolean(),
  /** The administrator decided (provisioning file or environment): the switch is shown but locked. */
  managed: z.boolean(),
  status: UpdateStatus,
  currentVersion: z.string(),
  /** The version downloaded or being downloaded (status downloading/ready). */
  latestVersion: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  /** Empty when restarting is safe now. */
  blockers: z.array(RestartBlocker),
})
export type UpdateState = z.infer<typeof UpdateState>
