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

  it('flags a first row whose quantity is not a number but whose SKU is one, rather than skipping it for a header', () => {
    expect(parseLines('SW-24P,abc\nAP-6E,2', 'en-GB').map((r) => [r.line, r.sku, r.invalid?.reason ?? null])).toEqual([
      [1, 'SW-24P', 'quantity'],
      [2, 'AP-6E', null],
    ])
    expect(parseLines('Artikelnummer;Menge\nAP-6E;2', 'de').map((r) => r.sku)).toEqual(['AP-6E'])
  })

  it('previews unknown and ambiguous SKUs before anything is added', async () => {
    const preview = await previewImport('sw-24p\t2\nNOPE-1\t1\nCAB-1M\t5\nAP-6E;x', 'en-GB', catalogue)
    expect(preview.map((p) => [p.sku, p.status, p.matches.map((m) => m.id)])).toEqual([
      ['sw-24p', 'ok', [1]],
      ['NOPE-1', 'unknown', []],
      ['CAB-1M', 'ambiguous', [3, 4]],
      ['AP-6E', 'invalid', []],
    ])
    expect(preview[1]!.message).toMatch(/No product/)
  })
})
