import { z } from 'zod'

/**
 * Why the core refused an action on a draft, its lines or a template, as a stable code with what its
 * sentence names: the window says it in the rep's language (`baskets.reasons.<code>`).
 */
const BasketReason = z.discriminatedUnion('code', [
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

/**
 * Why the core refused to resubmit or cancel an order before asking the service (`orders.reasons.<code>`).
 * `status` is the order's status as the service spells it, which the window names in the rep's words.
 */
const OrderReason = z.discriminatedUnion('code', [
  /** The service does not have the order, or does not show it to this user. */
  z.object({ code: z.literal('orderUnknown') }),
  /** Resubmitting is for an order that needs attention only. */
  z.object({ code: z.literal('orderNotResubmittable'), status: z.string() }),
  z.object({ code: z.literal('orderAlreadyCancelled') }),
  /** ACCEPTED or later: the order is final (spec 3). */
  z.object({ code: z.literal('orderPastCancelling'), status: z.string() }),
  /** Any other status that does not allow it (FAILED, DRAFT, one the app does not know). */
  z.object({ code: z.literal('orderNotCancellable'), status: z.string() }),
  /** This service cancels in its web interface, not through the API. */
  z.object({ code: z.literal('cancelInWebOnly') }),
])

/**
 * Why the core refused an action, as a stable code with what its sentence names: the window says it
 * in the rep's language, the error's English message staying the technical detail. A refusal
 * without one is said by its error code.
 */
export const ErrorReason = z.discriminatedUnion('code', [...BasketReason.options, ...OrderReason.options])
export type ErrorReason = z.infer<typeof ErrorReason>
export type ErrorReasonCode = ErrorReason['code']
/** Every code, for the check that each has its sentence in every language. */
export const ERROR_REASON_CODES: readonly ErrorReasonCode[] = ErrorReason.options.map((o) => o.shape.code.value)
const ORDER_REASON_CODES: ReadonlySet<string> = new Set(OrderReason.options.map((o) => o.shape.code.value))

/** Where a reason's sentence is, in the locales: an order's with the orders, the others with the baskets. */
export function reasonKey(code: ErrorReasonCode): string {
  return `${ORDER_REASON_CODES.has(code) ? 'orders' : 'baskets'}.reasons.${code}`
}
