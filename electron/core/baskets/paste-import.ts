import { isOrderableQuantity, QUANTITY_MAX } from '../../../shared/api'
import type { ImportPreviewRow } from '../../../shared/model/draft-import'
import { typedQuantity } from '../../../shared/typed-quantity'
import type { PriceCatalogue } from './price-catalogue'

interface ParsedLine {
  line: number
  raw: string
  sku: string
  quantity: number | null
  error: string | null
  /** The error's reason, for the view's own words. */
  invalid?: NonNullable<ImportPreviewRow['invalid']>
  /** The quantity as pasted when it spanned comma-separated fields read as one number ("2,000"). */
  groupedQuantity?: string
}

/**
 * Reads "SKU, quantity" lines as they come from a spreadsheet paste (tab separated) or a CSV file
 * (comma or semicolon separated, fields optionally quoted). A first row with no digit in it (its
 * quantity not a number) is taken for a header. A missing quantity means 1. Quantities are read as
 * the rep would type them in the quantity field, in `locale` (the UI's): "2.000" is two thousand
 * in German, "1.5" no quantity in any language.
 *
 * An unquoted grouped quantity splits a comma-separated row ("SW-24P,2,000"): see commaQuantity.
 */
export function parseLines(text: string, locale: string): ParsedLine[] {
  const out: ParsedLine[] = []
  /** The fields of a comma-separated row: two, unless its header names more. */
  let columns = 2
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  lines.forEach((raw, i) => {
    if (!raw.trim()) return
    const { cells, sep } = splitCells(raw)
    const sku = (cells[0] ?? '').trim()
    const split = sep === ',' ? commaQuantity(cells, columns) : null
    const qtyText = split ?? (cells[1] ?? '').trim()
    if (!sku) {
      out.push({ line: i + 1, raw, sku: '', quantity: null, error: 'No SKU on this line', invalid: { reason: 'no_sku' } })
      return
    }
    if (!qtyText) {
      out.push({ line: i + 1, raw, sku, quantity: 1, error: null })
      return
    }
    const q = typedQuantity(qtyText, locale)
    if (split !== null && q === null) {
      // "2,000" in German, "1,5" anywhere: one quantity, or a quantity and a further field? Not guessed.
      out.push({ line: i + 1, raw, sku, quantity: null, error: `"${qtyText}" may be one quantity or several fields`, invalid: { reason: 'split_quantity', quantity: qtyText } })
      return
    }
    if (q === '' || !isOrderableQuantity(q)) {
      // A header row ("SKU;Quantity"): no digit in either cell. A first row whose SKU has one is a
      // product with a mistyped quantity ("MAINT-3Y-4H,abc"): flagged like any other, never skipped.
      if (out.length === 0 && !/\d/.test(qtyText) && !/\d/.test(sku)) {
        if (sep === ',') columns = Math.max(2, cells.length)
        return
      }
      out.push({ line: i + 1, raw, sku, quantity: null, error: `"${qtyText}" is not a whole quantity between 1 and ${QUANTITY_MAX}`, invalid: { reason: 'quantity', quantity: qtyText } })
      return
    }
    out.push({ line: i + 1, raw, sku, quantity: q, error: null, ...(split !== null ? { groupedQuantity: qtyText } : {}) })
  })
  return out
}

/**
 * The quantity of a comma-separated row whose grouping comma split it into fields: "SW-24P,2,000"
 * is the cells "2" and "000". The fields after the SKU that are all digits, as many as the row has
 * beyond its `columns` (a header "SKU,Quantity,Price" makes "SW-24P,2,310" a quantity and a price),
 * are joined again ("2,000") for the quantity field's reading: two thousand where the rep's language
 * groups with a comma, unclear where it does not ("2,000" in German, "1,5" anywhere). Null when
 * the row's quantity is its one field after the SKU, as in any other row.
 */
function commaQuantity(cells: string[], columns: number): string | null {
  const run: string[] = []
  for (const cell of cells.slice(1, cells.length - columns + 2)) {
    if (!/^\d+$/.test(cell.trim())) break
    run.push(cell.trim())
  }
  return run.length > 1 ? run.join(',') : null
}

/** A row's fields, and the separator they were split by: a tab, else a semicolon, else a comma. */
function splitCells(raw: string): { cells: string[]; sep: string } {
  const sep = raw.includes('\t') ? '\t' : raw.includes(';') ? ';' : ','
  const cells: string[] = []
  let cur = ''
  let quoted = false
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!
    if (quoted) {
      if (ch === '"' && raw[i + 1] === '"') {
        cur += '"'
        i++
      } else if (ch === '"') quoted = false
      else cur += ch
    } else if (ch === '"' && !cur.trim()) {
      quoted = true
      cur = ''
    } else if (ch === sep) {
      cells.push(cur)
      cur = ''
    } else cur += ch
  }
  cells.push(cur)
  return { cells, sep }
}

/** Resolves every parsed line against the cached catalogue: nothing is added until the user confirms. */
export async function previewImport(text: string, locale: string, catalogue: PriceCatalogue): Promise<ImportPreviewRow[]> {
  const rows: ImportPreviewRow[] = []
  for (const p of parseLines(text, locale)) {
    if (p.error) {
      rows.push({ line: p.line, raw: p.raw, sku: p.sku, quantity: p.quantity, status: 'invalid', message: p.error, ...(p.invalid ? { invalid: p.invalid } : {}), matches: [] })
      continue
    }
    let found = await catalogue.findBySku(p.sku)
    if (!found.length && p.sku !== p.sku.toUpperCase()) found = await catalogue.findBySku(p.sku.toUpperCase())
    const matches = found.map((m) => ({ id: m.id, sku: m.product_code, name: m.name, price: m.price }))
    const status = matches.length === 0 ? 'unknown' : matches.length === 1 ? 'ok' : 'ambiguous'
    const message =
      status === 'unknown' ? 'No product with this SKU in the catalogue on this computer' : status === 'ambiguous' ? `${matches.length} products share this SKU: choose one` : null
    rows.push({ line: p.line, raw: p.raw, sku: p.sku, quantity: p.quantity, ...(p.groupedQuantity ? { groupedQuantity: p.groupedQuantity } : {}), status, message, matches })
  }
  return rows
}
