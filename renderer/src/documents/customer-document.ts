/**
 * A document for the customer (an order confirmation, or a draft as a quote), as one self-contained
 * HTML page for the shell to print to PDF: no script, no outside resources (its CSP says so), every
 * word and amount already in the user's language and currency.
 */
export interface CustomerDocumentLine {
  sku: string
  name: string
  quantity: number | null
  /** Unit price; null when not known (a quote line without an estimate). */
  unit: number | null
  subtotal: number | null
  note: string | null
}

export interface CustomerDocument {
  kind: 'confirmation' | 'quote'
  /** The order number, or the draft's name. */
  reference: string
  date: string
  status: string | null
  organisation: string
  /** The purchase order number: the customer's own reference. */
  customerReference: string | null
  endUser: string | null
  shipTo: string[]
  lines: CustomerDocumentLine[]
  total: number | null
  instructions: string | null
}

interface Words {
  t: (key: string, values?: Record<string, unknown>) => string
  money: (n: number) => string
  /** A quantity as the language writes numbers (1,200 · 1.200 · 1 200). */
  number: (n: number) => string
  date: (iso: string) => string
  /** BCP 47 language of the document (its lang attribute: hyphenation, screen readers). */
  lang: string
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const STYLE = `
  @page { size: A4; margin: 18mm 16mm; }
  body { font: 10.5pt/1.4 system-ui, 'DejaVu Sans', Arial, sans-serif; color: #111; margin: 0; }
  h1 { font-size: 18pt; margin: 0 0 4mm; }
  .meta { display: grid; grid-template-columns: max-content 1fr; gap: 1mm 6mm; margin: 0 0 6mm; }
  .meta dt { font-weight: 600; }
  .meta dd { margin: 0; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 1.5mm 2mm; border-bottom: 0.3mm solid #ccc; vertical-align: top; }
  th { border-bottom: 0.5mm solid #111; }
  .num { text-align: right; white-space: nowrap; }
  .sku { white-space: nowrap; }
  .note { color: #444; font-style: italic; font-size: 9.5pt; }
  tfoot td { font-weight: 700; border-bottom: 0; }
  .foot { margin-top: 8mm; color: #555; font-size: 9pt; }
`

export function customerDocumentHtml(d: CustomerDocument, w: Words): string {
  const { t } = w
  const k = (key: string, values?: Record<string, unknown>) => escape(t(`orders.documents.${key}`, values))
  const title = d.kind === 'confirmation' ? k('confirmationTitle') : k('quoteTitle')
  const meta: [string, string | null][] = [
    [d.kind === 'confirmation' ? k('orderNumber') : k('quoteFor'), escape(d.reference)],
    [k('date'), escape(w.date(d.date))],
    [k('status'), d.status ? escape(d.status) : null],
    [k('customer'), escape(d.organisation)],
    [k('customerReference'), d.customerReference ? escape(d.customerReference) : null],
    [k('endUser'), d.endUser ? escape(d.endUser) : null],
    [k('shipTo'), d.shipTo.length ? d.shipTo.map(escape).join('<br>') : null],
    [k('instructions'), d.instructions ? escape(d.instructions) : null],
  ]
  const money = (n: number | null) => (n === null ? '—' : escape(w.money(n)))
  const rows = d.lines
    .map(
      (l) => `<tr>
        <td class="sku">${escape(l.sku)}</td>
        <td>${escape(l.name)}${l.note ? `<div class="note">${escape(t('frame.labelled', { label: t('orders.documents.note') }))} ${escape(l.note)}</div>` : ''}</td>
        <td class="num">${l.quantity === null ? '—' : escape(w.number(l.quantity))}</td>
        <td class="num">${money(l.unit)}</td>
        <td class="num">${money(l.subtotal)}</td>
      </tr>`,
    )
    .join('')
  return `<!doctype html>
<html lang="${escape(w.lang)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${title} ${escape(d.reference)}</title><style>${STYLE}</style></head>
<body>
<h1>${title}</h1>
<dl class="meta">${meta
    .filter(([, v]) => v !== null)
    .map(([label, v]) => `<dt>${label}</dt><dd>${v}</dd>`)
    .join('')}</dl>
<table>
  <thead><tr><th>${k('sku')}</th><th>${k('product')}</th><th class="num">${k('quantity')}</th><th class="num">${k('unitPrice')}</th><th class="num">${k('amount')}</th></tr></thead>
  <tbody>${rows}</tbody>
  <tfoot><tr><td colspan="4" class="num">${k('total')}</td><td class="num">${money(d.total)}</td></tr></tfoot>
</table>
${d.kind === 'quote' ? `<p class="foot">${k('quoteTerms')}</p>` : ''}
</body></html>`
}
