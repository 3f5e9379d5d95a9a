import { readFileSync } from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it, vi } from 'vitest'
import type { OrderExportLabels, OrderExportResult } from '../../../shared/ipc/channels/orders'
import type { OrderRow } from '../../../shared/model/order'
import { ordersCsv, ordersXlsx } from './order-export'
import { connect, coreSuite, type CoreUnderTest } from '../../../tests/support/core/core-suite'

const suite = coreSuite({ testMode: true, products: 200, orders: 300, speed: 0, tokenTtlSeconds: 36_000 })

/** The words a French user's export carries (the renderer sends them from its messages). */
const FRENCH: OrderExportLabels = {
  columns: {
    id: 'Commande',
    date: 'Date',
    status: 'Statut',
    purchaseOrder: 'Bon de commande',
    supplierRef: 'Réf. fournisseur',
    name: 'Nom',
    organisation: 'Organisation',
    endUser: 'Utilisateur final',
    payment: 'Paiement',
    total: 'Total',
    currency: 'Devise',
    attention: 'Motif à traiter',
  },
  statuses: {
    DRAFT: 'Brouillon',
    CREATED: 'Créée',
    PROCESSING: 'En traitement',
    ACCEPTED: 'Acceptée',
    PART_SHIPPED: 'Partiellement expédiée',
    SHIPPED: 'Expédiée',
    COMPLETE: 'Terminée',
    ATTENTION_REQUIRED: 'À traiter',
    FAILED: 'Échouée',
    CANCELLED: 'Annulée',
    PENDING_AUTHORISATION: 'En attente d’autorisation',
  },
  payments: { ON_ACCOUNT: 'Sur compte', FINANCE: 'Financement' },
  currency: 'EUR',
  sheet: 'Commandes',
}

async function connected(): Promise<CoreUnderTest> {
  const t = await suite.start()
  await connect(t, suite.sandbox)
  await vi.waitFor(async () => expect(await t.call('orders.indexState')).toMatchObject({ complete: true }), { timeout: 30_000 })
  return t
}

describe('order exports', () => {
  it('writes every order matching the filters to CSV, in the list order, with headers in the user language', async () => {
    const t = await connected()
    const filters = { status: ['FAILED', 'ATTENTION_REQUIRED'], sort_by: '+total' }
    const expected = suite.sandbox.control
      .listOrdersRaw()
      .filter((o) => ['FAILED', 'ATTENTION_REQUIRED'].includes(o.status))
      .sort((a, b) => a.total - b.total || a.id - b.id)
    const res = await t.call<OrderExportResult>('orders.export', { filters, format: 'csv', labels: FRENCH })
    expect(res.count).toBe(expected.length)
    const text = readFileSync(res.path!, 'utf8')
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const lines = text.slice(1).trimEnd().split('\n')
    expect(lines[0]).toBe('Commande,Date,Statut,Bon de commande,Réf. fournisseur,Nom,Organisation,Utilisateur final,Paiement,Total,Devise,Motif à traiter')
    expect(lines).toHaveLength(expected.length + 1)
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(expected.map((o) => o.id))
    expect(lines[1]).toContain(expected[0]!.status === 'FAILED' ? 'Échouée' : 'À traiter')
    expect(lines[1]).toContain(expected[0]!.purchase_order_number!)
  })

  it('writes an Excel workbook with typed cells: totals as numbers, dates as dates', async () => {
    const t = await connected()
    const res = await t.call<OrderExportResult>('orders.export', { filters: { text: 'dunmore' }, format: 'xlsx', labels: FRENCH })
    const dunmore = suite.sandbox.control.listOrdersRaw().filter((o) => o.status !== 'DRAFT' && o.organisation === 8)
    expect(res.count).toBe(dunmore.length)
    expect(res.path).toMatch(/orders-\d{4}-\d{2}-\d{2}\.xlsx$/)
    const zip = unzipSync(readFileSync(res.path!))
    const sheet = strFromU8(zip['xl/worksheets/sheet1.xml']!)
    const strings = strFromU8(zip['xl/sharedStrings.xml'] ?? new Uint8Array())
    const workbook = strFromU8(zip['xl/workbook.xml']!)
    expect(workbook).toContain('name="Commandes"')
    expect((sheet.match(/<row /g) ?? []).length).toBe(dunmore.length + 1)
    const po = dunmore[0]!.purchase_order_number!
    expect(strings + sheet).toContain(po)
    // The total of an order is a number cell holding its value.
    expect(sheet).toMatch(new RegExp(`<v>${dunmore[0]!.total}</v>`))
  })

  it('names a status a later service adds in words, as the screens do, in CSV and in Excel', async () => {
    const ids = suite.sandbox.control
      .listOrdersRaw()
      .filter((o) => o.status === 'SHIPPED')
      .slice(0, 2)
      .map((o) => o.id)
    suite.sandbox.control.injectFault({ kind: 'reshape', match: { method: 'GET', path: '^/orders$' }, ids, set: { status: 'ON_HOLD' } })
    const t = await connected()
    const csv = await t.call<OrderExportResult>('orders.export', { filters: { ids }, format: 'csv', labels: FRENCH })
    const lines = readFileSync(csv.path!, 'utf8').trimEnd().split('\n').slice(1)
    expect(lines).toHaveLength(2)
    for (const line of lines) expect(line.split(',')[2]).toBe('On hold')
    const xlsx = await t.call<OrderExportResult>('orders.export', { filters: { ids }, format: 'xlsx', labels: FRENCH })
    const zip = unzipSync(readFileSync(xlsx.path!))
    const cells = strFromU8(zip['xl/sharedStrings.xml'] ?? new Uint8Array()) + strFromU8(zip['xl/worksheets/sheet1.xml']!)
    expect(cells).toContain('On hold')
    expect(cells).not.toContain('ON_HOLD')
  })
})

describe('export dates (spec 2: date-times without a zone; read as UTC like everywhere in the app)', () => {
  const row = (id: number, date: string): OrderRow => ({ id, date, status: 'SHIPPED', organisation: 1, total: 10, unread: [], references: [] })
  const rows = [row(1, '2025-06-29T10:52:22'), row(2, '2025-06-29T12:52:22+02:00'), row(3, '2025-06-29T10:52:22.250')]
  const input = { rows, labels: FRENCH, organisationName: () => 'Apex' }

  it('are the same instants whatever zone this computer is in', async () => {
    const zone = process.env.TZ
    process.env.TZ = 'America/New_York'
    try {
      const lines = new TextDecoder().decode(ordersCsv(input)).trimEnd().split('\n').slice(1)
      expect(lines.map((l) => l.split(',')[1])).toEqual(['2025-06-29T10:52:22.000Z', '2025-06-29T10:52:22.000Z', '2025-06-29T10:52:22.250Z'])
      const sheet = strFromU8(unzipSync(await ordersXlsx(input))['xl/worksheets/sheet1.xml']!)
      // Excel serial days of 2025-06-29 10:52:22 UTC in the date column of each row.
      const serial = (Date.UTC(2025, 5, 29, 10, 52, 22) / 86_400_000 + 25_569).toFixed(6)
      expect(sheet.match(/<c r="B[2-9]"[^>]*><v>[\d.]+<\/v>/g)!.map((c) => Number(/<v>([\d.]+)/.exec(c)![1]).toFixed(6))).toEqual([serial, serial, (Number(serial) + 0.25 / 86_400).toFixed(6)])
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })
})
