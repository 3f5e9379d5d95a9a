/**
 * A damaged drafts file is never deleted or overwritten, and drafts move between workstations as a
 * JSON file: through the real core (its channels), on real SQLite files.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DraftView } from '../../../shared/model/draft-view'
import { connect, coreSuite } from '../../../tests/support/core/core-suite'

const suite = coreSuite({ testMode: true, products: 50, orders: 0, speed: 0, seed: 3 })
const lines = (d: DraftView) => d.doc.line_items.map((l) => `${l.product_code}x${l.quantity}`)

describe('drafts file', () => {
  it('exported drafts import on another workstation as new drafts, exactly as typed; existing drafts never change', async () => {
    const here = await suite.start()
    await connect(here, suite.sandbox)
    const a = await here.call<DraftView>('baskets.create', { doc: { name: 'Site A', purchase_order_number: 'PO-A' } })
    await here.call('baskets.importLines', { id: a.id, rows: [{ sku: 'ANY-1', quantity: 4 }, { sku: 'ANY-2', quantity: 1 }] })
    await here.call('baskets.create', { doc: { name: 'Site B' } })
    const exported = await here.call<{ text: string; count: number }>('baskets.exportDrafts')
    expect(exported.count).toBe(2)

    const there = await suite.start()
    await connect(there, suite.sandbox)
    const mine = await there.call<DraftView>('baskets.create', { doc: { name: 'Already here' } })
    expect(await there.call('baskets.importDrafts', { text: exported.text })).toEqual({ imported: 2 })
    const list = await there.call<{ drafts: { id: string; title: string }[] }>('baskets.list')
    expect(list.drafts.map((d) => d.title).sort()).toEqual(['Already here', 'Site A', 'Site B'])
    const copy = await there.call<DraftView>('baskets.get', { id: list.drafts.find((d) => d.title === 'Site A')!.id })
    expect(copy.id).not.toBe(a.id)
    expect(copy.state).toBe('draft')
    expect(copy.doc).toMatchObject({ name: 'Site A', purchase_order_number: 'PO-A' })
    expect(lines(copy)).toEqual(['ANY-1x4', 'ANY-2x1'])
    expect((await there.call<DraftView>('baskets.get', { id: mine.id })).doc.name).toBe('Already here')
  })

  it('a file that is not a drafts file is refused whole with a clear error, adding nothing', async () => {
    const t = await suite.start()
    await connect(t, suite.sandbox)
    await t.call('baskets.create', { doc: { name: 'Kept' } })
    for (const text of ['not json', '{"format":"something-else"}', JSON.stringify({ format: 'wholesale-desk-drafts', version: 1, exportedAt: 'x', service: null, drafts: [{ organisation: null, service: null, doc: { name: 'ok' } }, { organisation: 'x', service: null, doc: {} }] })]) {
      const err = await t.fail('baskets.importDrafts', { text })
      expect(err.code).toBe('invalid_input')
      expect(err.message).toMatch(/drafts file/)
    }
    expect((await t.call<{ drafts: { title: string }[] }>('baskets.list')).drafts.map((d) => d.title)).toEqual(['Kept'])
  })

  it('a damaged drafts file is moved aside with a timestamp, never deleted; the rep is told, and the app goes on with an empty one', async () => {
    const t = await suite.start()
    const profileId = await connect(t, suite.sandbox)
    await t.call('baskets.create', { doc: { name: 'Before the damage' } })
    await t.core.stop()
    const profileDir = join(t.dataDir, 'profiles', profileId)
    const file = join(profileDir, 'baskets.db')
    // Damage: the header and first pages overwritten (a failing disk, a bad sync tool).
    const bytes = readFileSync(file)
    const damaged = Buffer.concat([Buffer.from('this is not a database any more'.repeat(200)), bytes.subarray(6200)])
    writeFileSync(file, damaged)
    for (const ext of ['-wal', '-shm']) if (existsSync(file + ext)) writeFileSync(file + ext, Buffer.alloc(0))

    const again = await suite.start({ dataDir: t.dataDir })
    await again.call('connection.activate', { id: profileId })
    expect((await again.call<{ drafts: unknown[] }>('baskets.list')).drafts).toEqual([])
    const aside = readdirSync(profileDir).filter((f) => /^baskets\.damaged-\d{4}-\d{2}-\d{2}T[\d-]+Z\.db$/.test(f))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(profileDir, aside[0]!)).equals(damaged)).toBe(true)
    // Told in their language (the sandbox's demo user reads Spanish), naming the file kept.
    const notice = again.alerts.find((a) => a.id.startsWith('drafts-damaged-'))
    expect(notice, JSON.stringify(again.alerts)).toBeTruthy()
    expect(notice!.title).toBe('El archivo de borradores estaba dañado')
    expect(notice!.body).toContain(aside[0]!)
    // The new file works.
    await again.call('baskets.create', { doc: { name: 'After' } })
    expect((await again.call<{ drafts: { title: string }[] }>('baskets.list')).drafts.map((d) => d.title)).toEqual(['After'])
  })
})
