import { z } from 'zod'
import { LooseId } from './draft'

/** How many drafts wait in each step of sending: for the tray, the offline banner and the update guard. */
export const OutboxCounts = z.object({ queued: z.int(), sending: z.int(), needsReview: z.int(), rejected: z.int() })
export type OutboxCounts = z.infer<typeof OutboxCounts>

/** A draft the outbox sent: the service's order `orderId` now. `title` names it as the drafts list does ('' when it has no name). */
export const OutboxSent = z.object({ draftId: z.string(), title: z.string(), orderId: LooseId })
export type OutboxSent = z.infer<typeof OutboxSent>
