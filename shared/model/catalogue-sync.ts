import { z } from 'zod'
import { ErrorReport } from './app-error'

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
  /**
   * Why a sync failed (phase 'failed' only), as any fault travels: its kind, and where the core knows
   * more, its reason or the service's refusal, for the rep's words; its message is the core's detail,
   * in English, or the service's own words.
   */
  failure: ErrorReport.optional(),
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
  /** Why the last sync failed (see SyncProgress.failure); null when it did not, or none has run. */
  lastFailure: ErrorReport.nullable(),
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
