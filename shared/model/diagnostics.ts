import { z } from 'zod'

/** A support bundle: plain text with every secret and token redacted. */
export const DiagnosticsBundle = z.object({ text: z.string(), fileName: z.string(), logLines: z.int().nonnegative() })
export type DiagnosticsBundle = z.infer<typeof DiagnosticsBundle>
