import { z } from 'zod'

/** How many drafts wait in each step of sending: for the tray, the offline banner and the update guard. */
export const OutboxCounts = z.object({ queued: z.int(), sending: z.int(), needsReview: z.int(), rejected: z.int() })
export type OutboxCounts = z.infer<typeof OutboxCounts>
