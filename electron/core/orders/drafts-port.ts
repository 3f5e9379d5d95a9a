import type { DraftDocInput } from '../../../shared/model/draft'

/**
 * What the orders feature needs of the drafts (for "Reorder"): a new local draft. The baskets
 * feature implements it (core/index.ts passes it in); orders never reach into the baskets' store.
 */
export interface DraftsPort {
  /** Creates a draft for this organisation; answers its id and line count. */
  createDraft(organisation: number, doc: DraftDocInput): Promise<{ id: string; lineCount: number }>
}
