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
  /** The matching products (one when ok, several when ambiguous). */
  matches: z.array(z.object({ id: LooseId, sku: z.string(), name: z.string(), price: z.number() })),
})
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>
