import { z } from 'zod'
import { channel } from '../contract-kit'

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

export const updatesChannels = {
  'updates.state': channel(z.undefined(), UpdateState),
  'updates.setAutomatic': channel(z.object({ automatic: z.boolean() }), UpdateState),
  'updates.checkNow': channel(z.undefined(), UpdateState),
  /** Restarts into the downloaded version, unless something would be lost: then it says what. */
  'updates.restart': channel(z.undefined(), z.object({ restarting: z.boolean(), blockers: z.array(RestartBlocker) })),
  /** The renderer holds edits not yet handed to the core (a server basket's form): no restart meanwhile. */
  'updates.reportUnsavedEdits': channel(z.object({ unsaved: z.boolean() }), z.object({ blockers: z.array(RestartBlocker) })),
}

export const updatesEvents = {
  'updates.changed': UpdateState,
}
