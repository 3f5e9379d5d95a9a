import { z } from 'zod'
import { DraftDoc, LooseId } from './draft'

/**
 * Drafts exported to a JSON file (a backup, or to move them to another workstation). Importing
 * checks the file against this schema and adds every draft as a new one: nothing existing changes.
 */
export const DRAFTS_FILE_FORMAT = 'wholesale-desk-drafts'
export const DraftsFile = z.object({
  format: z.literal(DRAFTS_FILE_FORMAT),
  version: z.literal(1),
  exportedAt: z.string().max(64),
  /** The service the drafts were made for: their ids (organisation, products) are that service's. */
  service: z.string().max(2048).nullable(),
  drafts: z.array(z.object({ organisation: LooseId.nullable(), service: z.string().max(2048).nullable(), doc: DraftDoc })).max(10_000),
})
export type DraftsFile = z.infer<typeof DraftsFile>
