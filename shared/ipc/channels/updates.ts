import { z } from 'zod'
import { channel } from '../contract-kit'
import { RestartBlocker, UpdateState, UpdateStatus } from '../../model/updates'

// Re-exported from the domain model (shared/model) for the renderer's imports.
export { RestartBlocker, UpdateState, UpdateStatus }

export const updatesChannels = {
  'updates.state': channel(z.undefined(), UpdateState),
  'updates.setAutomatic': channel(z.object({ automatic: z.boolean() }), UpdateState),
  'updates.checkNow': channel(z.undefined(), UpdateState),
  /** Restarts into the downloaded version, unless something would be lost: then it says what. */
  'updates.restart': channel(z.undefined(), z.object({ restarting: z.boolean(), blockers: z.array(RestartBlocker) })),
  /** The renderer holds edits not yet handed to the core (a server basket's form): no restart meanwhile. */
  'updates.reportUnsavedEdits': channel(z.object({ unsaved: z.boolean() }), z.object({ blockers: z.array(RestartBlocker) })),
}
