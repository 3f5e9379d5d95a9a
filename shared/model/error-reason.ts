import { z } from 'zod'

/**
 * Why the core refused an action on a draft, its lines or a template, as a stable code with what its
 * sentence names: the window says it in the rep's language (`baskets.reasons.<code>`), the error's
 * English message staying the technical detail. A refusal without one is said by its error code.
 */
export const ErrorReason = z.discriminatedUnion('code', [
  z.object({ code: z.literal('draftGone') }),
  z.object({ code: z.literal('lineGone') }),
  z.object({ code: z.literal('draftSubmitted') }),
  z.object({ code: z.literal('draftSending') }),
  /** The submit's reply was lost: the app is checking whether the order was placed. */
  z.object({ code: z.literal('orderMayBePlaced') }),
  z.object({ code: z.literal('productUnknown') }),
  z.object({ code: z.literal('skuUnknown'), sku: z.string() }),
  z.object({ code: z.literal('skuShared'), sku: z.string(), count: z.int() }),
  /** A file to import that is not a drafts file (or a damaged one): nothing was imported. */
  z.object({ code: z.literal('notDraftsFile') }),
  z.object({ code: z.literal('templateEmpty') }),
  z.object({ code: z.literal('templateGone') }),
  z.object({ code: z.literal('favouriteUnknown') }),
])
export type ErrorReason = z.infer<typeof ErrorReason>
export type ErrorReasonCode = ErrorReason['code']
/** Every code, for the check that each has its sentence in every language. */
export const ERROR_REASON_CODES: readonly ErrorReasonCode[] = ErrorReason.options.map((o) => o.shape.code.value)
