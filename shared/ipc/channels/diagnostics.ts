import { z } from 'zod'
import { channel } from '../contract-kit'
import { DiagnosticsBundle, SelfCheckReport } from '../../model/diagnostics'

// Re-exported from the domain model (shared/model) for the renderer's imports.
export { DiagnosticsBundle, SelfCheckReport }

export const diagnosticsChannels = {
  'diagnostics.bundle': channel(z.undefined(), DiagnosticsBundle),
  /** Puts it on the system clipboard (the shell's); copied false where there is none (the renderer copies it then). */
  'diagnostics.copy': channel(z.undefined(), z.object({ copied: z.boolean(), logLines: z.int().nonnegative() })),
  /** Asks where to save it (the shell's save dialog); saved false when the user cancelled. */
  'diagnostics.save': channel(z.undefined(), z.object({ saved: z.boolean(), path: z.string().nullable() })),
  /** Checks this installation (keychain, SQLite, the demo service, a sync and a search) in a folder of its own. */
  'diagnostics.selfCheck': channel(z.undefined(), SelfCheckReport),
}
