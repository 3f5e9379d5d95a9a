import { z } from 'zod'
import { ErrorCode } from './app-error'
import { ErrorReason } from './error-reason'
import { ServiceRefusal } from './service-refusal'

const SyncPhase = z.enum(['fetching', 'finalizing', 'done', 'failed', 'cancelled'])
type SyncPhase = z.infer<typeof SyncPhase>

/** Whether a sync at this phase is still under way; after 'done', 'failed' or 'cancelled' it has said its last word. */
export const syncUnderWay = (phase: SyncPhase): boolean => phase === 'fetching' || phase === 'finalizing'

export const SyncProgress = z.object({
  phase: SyncPhase,
  pagesDone: z.int().min(0),
  pagesTotal: z.int().min(0),
  products: z.int().min(0),
  /** Products skipped because they did not have the shape of a product. */
  invalid: z.int().min(0),
  productsPerSecond: z.number().min(0),
  /** Products a search finds by SKU and name so far (their text is indexed). */
  productsSearchable: z.int().min(0).optional(),
  etaSeconds: z.number().min(0).nullable(),
  /** Why a sync failed. */
  message: z.string().optional(),
  /** What kind of failure it was, for the rep's own words (the message is the core's detail, in English). */
  code: ErrorCode.optional(),
  /** Why, where the core knows more than the code (as ErrorReport.reason): the rep's words say it instead. */
  reason: ErrorReason.optional(),
  /** The service refused a request of the sync (as ErrorReport.refusal): `message` then holds its own words. */
  refusal: ServiceRefusal.optional(),
})
export type SyncProgress = z.infer<typeof SyncProgress>

export const CatalogueStatus = z.object({
  products: z.int().min(0),
  /** The last completed sync (ISO): what "prices as of …" shows. Null: never synced. */
  lastSyncAt: z.string().nullable(),
  syncing: z.boolean(),
  progress: SyncProgress.nullable(),
  /** Products the last completed sync left out: rows without a usable id. */
  lastInvalid: z.int().min(0),
  /** Products of the live catalogue that could only be partly read (kept and marked, issue 14). */
  partialProducts: z.int().min(0).default(0),
  /**
   * A first sync not yet complete (under way, or stopped part-way) whose landed products already
   * answer searches: how many, of how many the service listed (null: not known yet). Null otherwise.
   */
  landed: z.object({ products: z.int().min(0), expected: z.int().min(0).nullable() }).nullable().default(null),
  lastError: z.string().nullable(),
  /** The kind of the last failure (see SyncProgress.code); null with no failure, or from a core that did not say. */
  lastErrorCode: ErrorCode.nullable().default(null),
  /** Why the last sync failed, where the core knows (see SyncProgress.reason); null otherwise. */
  lastErrorReason: ErrorReason.nullable().default(null),
  /** The refusal of the service that failed it (see SyncProgress.refusal); null otherwise. */
  lastErrorRefusal: ServiceRefusal.nullable().default(null),
  /** Automatic refresh interval in hours; 0 = only on demand. */
  refreshHours: z.number().min(0),
  nextSyncAt: z.string().nullable(),
})
export type CatalogueStatus = z.infer<typeof CatalogueStatus>

export const SyncOutcome = z.object({
  outcome: z.enum(['completed', 'cancelled', 'failed']),
  products: z.int().min(0),
  invalid: z.int().min(0),
  message: z.string().optional(),
})
export type SyncOutcome = z.infer<typeof SyncOutcome>
