import { fork } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { Product } from '../../../shared/api'
import { IpcError } from '../../../shared/ipc/contract-kit'
import { AppError } from '../../../shared/model/app-error'
import { BasketStore } from './basket-store'
import { Drafts } from './drafts'
import type { PriceCatalogue } from './price-catalogue'

const products = [
  Product.parse({ id: 1, name: 'Switch', product_code: 'SW-1', price: 100, provisioning: [{ id: 9, sku: 'SETUP', name: 'Setup', price: 20, partner: false }] }),
  Product.parse({ id: 2, name: 'Cable', product_code: 'CAB-1', price: 2.5 }),
  Product.parse({
    id: 3,
    name: 'Cloud storage',
    product_code: 'STOR-1',
    price: 8,
    subscription_type: 'SUBSCRIPTION_KIND_STORAGE',
    rate_plans: [{ id: 31, name: 'Monthly', term_length: 1, billing_frequency: 'monthly', renewal_term_length: 1, default: true, min_quantity: 5, max_quantity: 100, rate_plan_charges: [] }],
  }),
]
/** The catalogue's three reads over a fixed product list (this file tests drafts, not the catalogue). */
const catalogue: PriceCatalogue = {
  findBySku: (sku) => products.filter((p) => p.product_code.toLowerCase() === sku.toLowerCase()),
  getProduct: (id) => products.find((p) => p.id === id) ?? null,
  pricesAsOf: () => '2025-03-01T08:00:00.000Z',
}

const open: BasketStore[] = []
function setup(dir = mkdtempSync(join(tmpdir(), 'wd-drafts-')), acting: number | null = 7) {
  const store = new BasketStore(dir, () => Date.now())
  open.push(store)
  const kicks: number[] = []
  const drafts = new Drafts({ store, catalogue: () => catalogue, actingOrganisation: () => acting, changed: () => {}, service: () => 'http://service.test', kickOutbox: () => kicks.push(1) })
  return { dir, store, drafts, kicks }
}
afterEach(() => open.splice(0).forEach((s) => s.close()))

describe('local drafts', () => {
  it('keeps whatever was typed, even invalid, and reports it per field', async () => {
    const { dir, drafts } = setup()
    const d = await drafts.create()
    await drafts.update(d.id, { ship_instructions: 'x'.repeat(4000), name: 'Roof job', shipping_address: { addr_line_1: '1 Main St' } })
    const reopened = await setup(dir).drafts.get(d.id)
    expect(reopened.doc.ship_instructions).toHaveLength(4000)
    expect(reopened.doc.name).toBe('Roof job')
    expect(reopened.organisation).toBe(7)
    expect(reopened.valid).toBe(false)
    expect(reopened.fields).toMatchObject({ ship_instructions: expect.any(String), 'shipping_address.city': expect.any(String), line_items: expect.any(String) })
  })

  it('answers a line edit with the same problems as the whole draft has, edit after edit', async () => {
    const { drafts } = setup()
    const d = await drafts.create()
    for (const sku of ['SW-1', 'CAB-1', 'STOR-1']) await drafts.addLine(d.id, { sku, quantity: 1 })
    const keys = (await drafts.get(d.id)).doc.line_items.map((l) => l.key)
    const steps: (() => Promise<unknown>)[] = [
      () => drafts.editLine(d.id, keys[0]!, { quantity: null }),
      () => drafts.editLine(d.id, keys[2]!, { quantity: 2 }),
      () => drafts.update(d.id, { payment_type: 'FINANCE', finance: { target: 'CUSTOMER' } }),
      () => drafts.editLine(d.id, keys[1]!, { markup: 4 }),
      () => drafts.editLine(d.id, keys[0]!, { quantity: 3, prov_product: 99 }),
      () => drafts.editLine(d.id, keys[2]!, { quantity: 6 }),
    ]
    for (const step of steps) {
      const answer = (await step()) as { fields: Record<string, string>; fieldCodes: Record<string, unknown>; valid: boolean }
      const whole = await drafts.get(d.id)
      expect(answer.fields).toEqual(whole.fields)
      expect(answer.fieldCodes).toEqual(whole.fieldCodes)
    }
    expect(Object.keys((await drafts.get(d.id)).fields)).toEqual(expect.arrayContaining(['line_items.0.prov_product', 'line_items.0.markup', 'line_items.2.markup']))
  })

  it('shows a refusal of the service on a field in its own words, with no key of the app\'s own check there', async () => {
    const { drafts, store } = setup(undefined, null)
    const d = await drafts.addLine((await drafts.create()).id, { sku: 'CAB-1', quantity: 2 })
    store.patch(d.id, { state: 'rejected', error: { message: 'Refused', fields: { organisation: 'Organisation 99 is not yours' } } })
    const view = await drafts.get(d.id)
    expect(view.fields).toEqual({ organisation: 'Organisation 99 is not yours' })
    expect(view.fieldCodes).toEqual({})
  })

  it('shows, before any submit, that the organisation is still to be chosen', async () => {
    const { drafts, kicks } = setup(undefined, null)
    const d = await drafts.create()
    const withLine = await drafts.addLine(d.id, { sku: 'CAB-1', quantity: 2 })
    expect(withLine.organisation).toBeNull()
    expect(withLine.valid).toBe(false)
    expect(Object.keys(withLine.fields)).toEqual(['organisation'])
    expect(withLine.fields.organisation).toBe('Choose the organisation this basket is for')
    expect(withLine.fieldCodes).toEqual({ organisation: { key: 'chooseOrganisation' } })
    expect((await drafts.list()).drafts[0]!.valid).toBe(false)
    await expect(drafts.submit(d.id)).rejects.toMatchObject({ code: 'invalid_input', fields: withLine.fields })
    expect(kicks).toHaveLength(0)
    expect((await drafts.setOrganisation(d.id, 7)).valid).toBe(true)
  })

  it('never queues an invalid draft, and keeps it as it was', async () => {
    const { drafts, kicks } = setup()
    const d = await drafts.create()
    await drafts.update(d.id, { provisioning_instructions: 'p'.repeat(3501) })
    await drafts.addLine(d.id, { sku: 'SW-1', quantity: 1 })
    const err = await drafts.submit(d.id).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    // The app's own check, not the service's refusal: nothing was sent.
    expect((err as AppError).code).toBe('invalid_input')
    expect((err as AppError).fields).toHaveProperty('provisioning_instructions')
    expect((await drafts.get(d.id)).state).toBe('draft')
    expect(kicks).toHaveLength(0)
    await drafts.update(d.id, { provisioning_instructions: 'p'.repeat(3500) })
    expect((await drafts.submit(d.id)).state).toBe('queued')
    expect(kicks).toHaveLength(1)
  })

  it('adds by SKU to the current draft, merges repeated scans, and estimates from the catalogue', async () => {
    const { drafts } = setup()
    const first = await drafts.addLine(undefined, { sku: 'sw-1', quantity: 1 })
    expect(first.current).toBe(true)
    await drafts.addLine(undefined, { sku: 'SW-1', quantity: 2 })
    const d = await drafts.addLine(undefined, { productId: 2, quantity: 4 })
    expect(d.id).toBe(first.id)
    expect(d.doc.line_items.map((l) => [l.product_code, l.quantity])).toEqual([
      ['SW-1', 3],
      ['CAB-1', 4],
    ])
    expect(d.estimate).toEqual({ total: 310, asOf: '2025-03-01T08:00:00.000Z', unpriced: 0, invalidQuantity: 0 })
    await expect(drafts.addLine(undefined, { sku: 'NOPE', quantity: 1 })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('counts in the estimated total only lines with a quantity they can be ordered with (1 to 1,000,000), and says how many it left out', async () => {
    const { drafts } = setup()
    await drafts.addLine(undefined, { sku: 'SW-1', quantity: 3 })
    const d = await drafts.addLine(undefined, { productId: 2, quantity: 4 })
    const [, cable] = d.doc.line_items
    const totalWith = async (quantity: number | null) => {
      await drafts.editLine(d.id, cable!.key, { quantity })
      const { total, invalidQuantity } = (await drafts.get(d.id)).estimate
      return { total, invalidQuantity }
    }
    const withoutCable = await totalWith(0)
    expect(withoutCable.invalidQuantity).toBe(1)
    expect(await totalWith(-1)).toEqual(withoutCable)
    expect(await totalWith(null)).toEqual(withoutCable)
    expect(await totalWith(2_000_000)).toEqual(withoutCable)
    expect(await totalWith(4)).toEqual({ total: 310, invalidQuantity: 0 })
  })

  it('merges pasted rows as scans are: into a plain line already there or pasted earlier, a SKU kept unknown into its own, a subscription never', async () => {
    const { drafts } = setup()
    const d = await drafts.addLine(undefined, { sku: 'SW-1', quantity: 1 })
    const pasted = await drafts.importLines(d.id, [
      { sku: 'CAB-1', quantity: 2 },
      { sku: 'SW-1', quantity: 3 },
      { sku: 'OLD-9', quantity: 1 },
      { sku: 'STOR-1', quantity: 5 },
      { sku: 'CAB-1', quantity: 4 },
      { sku: 'OLD-9', quantity: 2 },
      { sku: 'STOR-1', quantity: 5 },
    ])
    expect(pasted.doc.line_items.map((l) => [l.product_code, l.quantity])).toEqual([
      ['SW-1', 4],
      ['CAB-1', 6],
      ['OLD-9', 3],
      ['STOR-1', 5],
      ['STOR-1', 5],
    ])
  })

  it('prefills a subscription line with its default plan and minimum quantity, and asks for its data', async () => {
    const { drafts } = setup()
    const d = await drafts.addLine(undefined, { sku: 'STOR-1', quantity: 1 })
    expect(d.doc.line_items[0]).toMatchObject({ selected_rate_plan: 31, quantity: 5, storage_order: { team_name: '', admin_email: '' } })
    expect(d.fields).toMatchObject({ 'line_items.0.storage_order.team_name': expect.any(String) })
    const fixed = await drafts.updateLine(d.id, d.doc.line_items[0]!.key, { storage_order: { team_name: 'Ops', admin_email: 'ops@example.com' } })
    expect(fixed.fields).toEqual({})
  })

  it('includes a chosen provisioning product in the line estimate', async () => {
    const { drafts } = setup()
    const d = await drafts.addLine(undefined, { sku: 'SW-1', quantity: 2 })
    const withSetup = await drafts.updateLine(d.id, d.doc.line_items[0]!.key, { prov_product: 9 })
    expect(withSetup.doc.line_items[0]!.estimate?.unit).toBe(120)
    expect(withSetup.estimate.total).toBe(240)
  })

  it('removes a line and puts it back where it was (undo)', async () => {
    const { drafts } = setup()
    await drafts.addLine(undefined, { sku: 'SW-1', quantity: 1 })
    await drafts.addLine(undefined, { sku: 'CAB-1', quantity: 1 })
    const d = await drafts.addLine(undefined, { sku: 'STOR-1', quantity: 5 })
    const { removed, index, draft } = await drafts.removeLine(d.id, d.doc.line_items[1]!.key)
    expect(draft.doc.line_items.map((l) => l.product_code)).toEqual(['SW-1', 'STOR-1'])
    const back = await drafts.restoreLine(d.id, removed, index)
    expect(back.doc.line_items.map((l) => l.product_code)).toEqual(['SW-1', 'CAB-1', 'STOR-1'])
  })

  it('an edit takes a queued draft back out of the outbox; a submitted one cannot change', async () => {
    const { drafts, store } = setup()
    const d = await drafts.addLine(undefined, { sku: 'SW-1', quantity: 1 })
    await drafts.submit(d.id)
    expect((await drafts.update(d.id, { name: 'changed my mind' })).state).toBe('draft')
    store.patch(d.id, { state: 'submitted', orderId: 5 })
    await expect(drafts.update(d.id, { name: 'again' })).rejects.toMatchObject({ code: 'conflict' })
  })

  it('refuses with a stable reason the window says in the rep’s language, naming what it is about; the English message is the detail', async () => {
    const { drafts, store } = setup()
    const refusal = async (p: Promise<unknown>) => {
      const err = await p.then(() => null, (e: unknown) => e)
      if (!(err instanceof AppError)) throw new Error(`not refused: ${String(err)}`)
      // What crosses to the window: the contract's error, reason included.
      return IpcError.parse(err.toIpcError())
    }
    expect(await refusal(drafts.addLine(undefined, { sku: 'NOPE', quantity: 1 }))).toMatchObject({ code: 'not_found', reason: { code: 'skuUnknown', sku: 'NOPE' } })
    const d = await drafts.addLine(undefined, { sku: 'SW-1', quantity: 1 })
    expect(await refusal(drafts.addLine(d.id, { productId: 404, quantity: 1 }))).toMatchObject({ code: 'not_found', reason: { code: 'productUnknown' } })
    expect(await refusal(drafts.updateLine(d.id, 'no-such-line', { quantity: 2 }))).toMatchObject({ code: 'not_found', reason: { code: 'lineGone' } })
    store.patch(d.id, { state: 'sending' })
    expect(await refusal(drafts.update(d.id, { name: 'now' }))).toMatchObject({ code: 'conflict', reason: { code: 'draftSending' }, message: 'This basket is being sent right now; try again in a moment.' })
    store.patch(d.id, { state: 'submitted', orderId: 5 })
    expect(await refusal(drafts.update(d.id, { name: 'again' }))).toMatchObject({ code: 'conflict', reason: { code: 'draftSubmitted' } })
    expect(await refusal(Promise.resolve().then(() => drafts.get('gone')))).toMatchObject({ code: 'not_found', reason: { code: 'draftGone' } })
  })

  it('keeps every committed edit when the process dies (SIGKILL)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wd-drafts-kill-'))
    const child = fork(fileURLToPath(new URL('../../../tests/support/core/draft-typist.fixture.ts', import.meta.url)), [dir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
    let last = ''
    let id = ''
    const exited = new Promise<void>((res) => child.once('exit', () => res()))
    await new Promise<void>((res) => {
      child.on('message', (m: { id: string; saved: string }) => {
        id = m.id
        last = m.saved
        if (m.saved.length >= 40) {
          child.kill('SIGKILL')
          res()
        }
      })
    })
    await exited
    const reopened = await setup(dir).drafts.get(id)
    // Everything acknowledged before the kill is there (the typist may have saved one more keystroke).
    expect(reopened.doc.ship_instructions.startsWith(last)).toBe(true)
  })
})
