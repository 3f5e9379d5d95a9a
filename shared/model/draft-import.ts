import { z } from 'zod'
import { LooseId } from './draft'

/** One row of pasted or imported lines (SKU and quantity), as the preview shows it before adding. */
export const ImportPreviewRow = z.object({
  line: z.int(),
  raw: z.string(),
  sku: z.string(),
  quantity: z.int().nullable(),
  status: z.enum(['ok', 'unknown', 'ambiguous', 'invalid']),
  message: z.string().nullable(),
  /** Why an invalid row cannot be read, for the view to say in the user's language: no SKU, or `quantity` (as typed) not a whole number in range. */
  invalid: z.object({ reason: z.enum(['no_sku', 'quantity']), quantity: z.string().optional() }).optional(),
  /** The matching products (one when ok, several when ambiguous). */
  matches: z.array(z.object({ id: LooseId, sku: z.string(), name: z.string(), price: z.number() })),
})
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>
