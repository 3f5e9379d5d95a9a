import type { DraftDocInput } from '../../../shared/model/draft'
import type { DraftView } from '../../../shared/model/draft-view'

/**
 * What quick re-ordering needs of the drafts (templates): read a draft to keep its lines, and start
 * a new one from them. The baskets feature implements it (core/index.ts passes it in).
 */
export interface TemplateDraftsPort {
  /** A local draft of the active profile. */
  draft(id: string): Promise<DraftView>
  /** A new draft that becomes the current one, its lines estimated from today's catalogue. */
  startDraft(organisation: number, doc: DraftDocInput): Promise<DraftView>
}
