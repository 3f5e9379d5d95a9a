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
 * Why a catalogue sync failed, where the core knows more than its error code says
 * (`catalogue.sync.reasons.<code>`): a refusal of the service is said by its kind instead.
 */
const SyncReason = z.discriminatedUnion('code', [
  /** The service sent a page of the products that is not a list of products (not JSON, cut short). */
  z.object({ code: z.literal('syncPageMalformed'), page: z.int().min(1) }),
  /** The disk filled up while the next catalogue was written: the one stored before stays. */
  z.object({ code: z.literal('syncDiskFull') }),
  /** The service stopped answering part-way: the pages already stored are kept for the next sync. */
  z.object({ code: z.literal('syncServiceLost') }),
  /** The service ended the app's session during the sync and refused a new one (credentials revoked). */
  z.object({ code: z.literal('syncSessionRefused') }),
  /** The connection was changed (saved, switched) while the sync ran: it carries on with the new one. */
  z.object({ code: z.literal('syncConnectionChanged') }),
])

/**
 * Why the core refused an action, or a sync failed, as a stable code with what its sentence names: the window says it
 * in the rep's language, the error's English message staying the technical detail. A refusal
 * without one is said by its error code.
 */
export const ErrorReason = z.discriminatedUnion('code', [...BasketReason.options, ...OrderReason.options, ...SyncReason.options])
export type ErrorReason = z.infer<typeof ErrorReason>
export type ErrorReasonCode = ErrorReason['code']
/** Every code, for the check that each has its sentence in every language. */
export const ERROR_REASON_CODES: readonly ErrorReasonCode[] = ErrorReason.options.map((o) => o.shape.code.value)
const ORDER_REASON_CODES: ReadonlySet<string> = new Set(OrderReason.options.map((o) => o.shape.code.value))
const SYNC_REASON_CODES: ReadonlySet<string> = new Set(SyncReason.options.map((o) => o.shape.code.value))

/** Where a reason's sentence is, in the locales: an order's with the orders, a sync's with the catalogue, the others with the baskets. */
export function reasonKey(code: ErrorReasonCode): string {
  if (ORDER_REASON_CODES.has(code)) return `orders.reasons.${code}`
  if (SYNC_REASON_CODES.has(code)) return `catalogue.sync.reasons.${code}`
  return `baskets.reasons.${code}`
}
