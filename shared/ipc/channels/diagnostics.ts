import { z } from 'zod'
import { channel } from '../contract-kit'

/** A support bundle: plain text with every secret and token redacted. */
export const DiagnosticsBundle = z.object({ text: z.string(), fileName: z.string(), logLines: z.int().nonnegative() })
export type DiagnosticsBundle = z.infer<typeof DiagnosticsBundle>

export const diagnosticsChannels = {
  'diagnostics.bundle': channel(z.undefined(), DiagnosticsBundle),
  /** Asks where to save it (the shell's save dialog); saved false when the user cancelled. */
  'diagnostics.save': channel(z.undefined(), z.object({ saved: z.boolean(), path: z.string().nullable() })),
}
