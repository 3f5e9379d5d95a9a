import { describe, expect, it } from 'vitest'
import { parseLines, previewImport } from './paste-import'
import type { PriceCatalogue, SkuMatch } from './price-catalogue'

/** A tiny in-memory catalogue of known SKUs (one shared by two vendors). */
const known: SkuMatch[] = [
  { id: 1, product_code: 'SW-24P', name: '24-port switch', price: 310 },
  { id: 2, product_code: 'AP-6E', name: 'Access point', price: 180 },
  { id: 3, product_code: 'CAB-1M', name: 'Cable, vendor A', price: 2 },
  { id: 4, product_code: 'CAB-1M', name: 'Cable, vendor B', price: 3 },
]
const catalogue: PriceCatalogue = {
  findBySku: (sku) => known.filter((k) => k.product_code.toLowerCase() === sku.toLowerCase()),
  getProduct: () => null,
  pricesAsOf: () => '2025-01-01T00:00:00.000Z',
}

describe('paste and CSV import', () => {
  it('reads tab, comma and semicolon separated lines, quoted fields and a header', () => {
    const text = 'SKU;Quantity\r\nSW-24P;2\n"AP-6E","3"\nCAB-1M\t10\n\n  SW-24P , 4  \nAP-6E'
    expect(parseLines(text, 'en-GB').map((l) => [l.sku, l.quantity, l.error])).toEqual([
      ['SW-24P', 2, null],
      ['AP-6E', 3, null],
      ['CAB-1M', 10, null],
      ['SW-24P', 4, null],
      ['AP-6E', 1, null],
    ])
  })

  it('flags quantities that are not whole numbers from 1 to 1000000, with their line numbers', () => {
    const rows = parseLines('SW-24P,2\nAP-6E,1.5\nCAB-1M,0\nSW-24P,abc\n,3', 'en-GB')
    expect(rows.map((r) => [r.line, r.error !== null])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
      [5, true],
    ])
  })

  it('reads quantities as the quantity field reads them in the rep\'s language: grouped thousands, never a small number', () => {
    const read = (text: string, locale: string) => parseLines(text, locale).map((r) => (r.error ? `refused ${r.invalid?.quantity}` : r.quantity))
    // A German spreadsheet (semicolons, or a paste): "2.000" is two thousand, "2,000" and "1,5" no whole number.
    expect(read('SW-24P;2.000\nAP-6E;1.000.000\nCAB-1M;12', 'de')).toEqual([2000, 1_000_000, 12])
    expect(read('SW-24P\t2,000\nAP-6E\t1,5\nCAB-1M\t1.5', 'de')).toEqual(['refused 2,000', 'refused 1,5', 'refused 1.5'])
    // In English "2,000" is two thousand, "2.000" and "1.5" no whole number; in French the space groups.
    expect(read('SW-24P\t2,000\nAP-6E\t2.000\nCAB-1M\t1.5', 'en-GB')).toEqual([2000, 'refused 2.000', 'refused 1.5'])
    expect(read('SW-24P;2 000\nAP-6E;2\u202f000\nCAB-1M;1,5', 'fr')).toEqual([2000, 2000, 'refused 1,5'])
  })

  it('reads a quantity its grouping commas split into comma-separated fields as one, where the rep\'s language groups so, and flags it where that is unclear', () => {
    const read = (text: string, locale: string) =>
      parseLines(text, locale).map((r) => (r.error ? `${r.invalid?.reason} ${r.invalid?.quantity}` : [r.quantity, r.groupedQuantity ?? null]))
    // English groups with a comma: "SW-24P-POE,2,000" is two thousand, and the row keeps what it was read from.
    expect(read('SW-24P-POE,2,000\nAP-6E,1,000,000\nCAB-1M,3', 'en-GB')).toEqual([
      [2000, '2,000'],
      [1_000_000, '1,000,000'],
      [3, null],
    ])
    // Not a grouped number: one quantity, or a quantity and a further field? Flagged, never read as 1 or 12.
    expect(read('SW-24P,1,5\nAP-6E,12,50', 'en-GB')).toEqual(['split_quantity 1,5', 'split_quantity 12,50'])
    // Where the comma is the decimal sign, "2,000" could be two or two thousand: flagged, never read as 2.
    expect(read('SW-24P-POE,2,000', 'de')).toEqual(['split_quantity 2,000'])
    expect(read('SW-24P-POE,2,000\nAP-6E,2\u202f000', 'fr')).toEqual(['split_quantity 2,000', [2000, null]])
    // Read as one, a quantity out of range is refused as the quantity field refuses it.
    expect(read('SW-24P,2,000,000', 'en-GB')).toEqual(['quantity 2,000,000'])
    // Tab or semicolon separated, the commas are the quantity's own: no doubt to flag.
    expect(read('SW-24P\t2,000\nAP-6E;2,000', 'en-GB')).toEqual([
      [2000, null],
      [2000, null],
    ])
    // A further field that is no number (a description) leaves the quantity its own field, as before.
    expect(read('SW-24P,2,Core switch', 'en-GB')).toEqual([[2, null]])
    // A header naming a third column: "SW-24P,2,310" is a quantity and a price; a row one field longer has its quantity split.
    expect(read('SKU,Quantity,Price\nSW-24P,2,310\nAP-6E,2,000,180', 'en-GB')).toEqual([
      [2, null],
      [2000, '2,000'],
    ])
  })

  it('flags a first row whose quantity is not a number but whose SKU is one, rather than skipping it for a header', () => {
    expect(parseLines('SW-24P,abc\nAP-6E,2', 'en-GB').map((r) => [r.line, r.sku, r.invalid?.reason ?? null])).toEqual([
      [1, 'SW-24P', 'quantity'],
      [2, 'AP-6E', null],
    ])
    expect(parseLines('Artikelnummer;Menge\nAP-6E;2', 'de').map((r) => r.sku)).toEqual(['AP-6E'])
  })

  it('previews unknown and ambiguous SKUs before anything is added', async () => {
    const preview = await previewImport('sw-24p\t2\nNOPE-1\t1\nCAB-1M\t5\nAP-6E;x\nSW-24P,2,000', 'en-GB', catalogue)
    expect(preview.map((p) => [p.sku, p.status, p.matches.map((m) => m.id)])).toEqual([
      ['sw-24p', 'ok', [1]],
      ['NOPE-1', 'unknown', []],
      ['CAB-1M', 'ambiguous', [3, 4]],
      ['AP-6E', 'invalid', []],
      ['SW-24P', 'ok', [1]],
    ])
    expect(preview[4]).toMatchObject({ quantity: 2000, groupedQuantity: '2,000' })
    expect(preview[1]!.message).toMatch(/No product/)
  })
})
