import { z } from 'zod'
import { LooseId } from './draft'

/** One row of pasted or imported lines (SKU and quantity), as the preview shows it before adding. */
export const ImportPreviewRow = z.object({
  line: z.int(),
  raw: z.string(),
  sku: z.string(),
  quantity: z.int().nullable(),
  /**
   * The quantity as pasted when its grouping commas had split it into comma-separated fields
   * ("SW-24P,2,000" read as 2,000): the view says so on the row, so the rep sees what was understood.
   */
  groupedQuantity: z.string().optional(),
  status: z.enum(['ok', 'unknown', 'ambiguous', 'invalid']),
  /** Why the row is not ok, in English, for the log and support: the view words it itself (`invalid`, `status`). */
  message: z.string().nullable(),
  /**
   * Why an invalid row cannot be read, for the view to say in the user's language: no SKU, `quantity`
   * (as typed) not a whole number in range, or `quantity` split by commas into fields that may be
   * one number or several fields ("2,000" in German; "1,5"), which is not guessed.
   */
  invalid: z.object({ reason: z.enum(['no_sku', 'quantity', 'split_quantity']), quantity: z.string().optional() }).optional(),
  /** The matching products (one when ok, several when ambiguous). */
  matches: z.array(z.object({ id: LooseId, sku: z.string(), name: z.string(), price: z.number() })),
})
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>
