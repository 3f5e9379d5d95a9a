import { stringify } from 'csv-stringify/sync'
import writeXlsxFile, { type Row } from 'write-excel-file/node'
import { readableCode } from '../../../shared/locales/readable-code'
import { statusLabel } from '../../../shared/locales/status-labels'
import type { OrderExportLabels, OrderRow } from '../../../shared/model/order'
import { parseServiceDateTime } from '../../../shared/service-date-time'

/** The columns of an export, in order: what a rep's spreadsheet needs to follow up orders. */
const COLUMNS = ['id', 'date', 'status', 'purchaseOrder', 'supplierRef', 'name', 'organisation', 'endUser', 'payment', 'total', 'currency', 'attention'] as const
type Column = (typeof COLUMNS)[number]

interface ExportInput {
  rows: readonly OrderRow[]
  labels: OrderExportLabels
  organisationName: (id: number) => string
}

/** One order's cells, as values (the XLSX types them, the CSV writes them as text). */
function cells(r: OrderRow, { labels, organisationName }: ExportInput): Record<Column, string | number | Date | null> {
  return {
    id: r.id,
    date: parseServiceDateTime(r.date),
    // A status a later service adds reads as words, as on the screens and in alerts ("ON_HOLD" → "On hold").
    status: statusLabel(labels.statuses, r.status),
    purchaseOrder: r.purchase_order_number ?? null,
    supplierRef: r.supplier_ref ?? null,
    name: r.name ?? null,
    organisation: organisationName(r.organisation),
    endUser: r.end_user ?? null,
    payment: r.payment_type ? (labels.payments[r.payment_type] ?? readableCode(r.payment_type)) : null,
    total: r.total,
    currency: labels.currency,
    attention: r.attention_required ?? null,
  }
}

/**
 * CSV for any spreadsheet: UTF-8 with a byte order mark (so Excel reads accents), a header row in
 * the user's language, dates as ISO 8601 and totals as plain numbers (a locale's decimal comma would
 * be read as a separator by half the tools that open it).
 */
export function ordersCsv(input: ExportInput): Uint8Array {
  const records = input.rows.map((r) => {
    const c = cells(r, input)
    return COLUMNS.map((k) => {
      const v = c[k]
      return v instanceof Date ? v.toISOString() : v
    })
  })
  const text = stringify(records, { header: true, columns: COLUMNS.map((k) => input.labels.columns[k]), bom: true })
  return new TextEncoder().encode(text)
}

/** An Excel workbook: typed cells (dates as dates, totals as numbers with two decimals), a bold header row. */
export async function ordersXlsx(input: ExportInput): Promise<Uint8Array> {
  const header: Row = COLUMNS.map((k) => ({ value: input.labels.columns[k], fontWeight: 'bold' as const }))
  const body: Row[] = input.rows.map((r) => {
    const c = cells(r, input)
    return COLUMNS.map((k) => {
      const v = c[k]
      if (v instanceof Date) return { type: Date, value: v, format: 'yyyy-mm-dd hh:mm' }
      if (typeof v === 'number') return k === 'total' ? { type: Number, value: v, format: '#,##0.00' } : { type: Number, value: v }
      return v === null ? null : { type: String, value: v }
    })
  })
  const widths: Record<Column, number> = { id: 10, date: 18, status: 18, purchaseOrder: 18, supplierRef: 16, name: 28, organisation: 26, endUser: 20, payment: 14, total: 14, currency: 10, attention: 30 }
  const buffer = await writeXlsxFile([header, ...body], { sheet: input.labels.sheet, columns: COLUMNS.map((k) => ({ width: widths[k] })), stickyRowsCount: 1 }).toBuffer()
  return new Uint8Array(buffer)
}
