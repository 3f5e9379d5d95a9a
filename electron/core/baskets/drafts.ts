import { randomUUID } from 'node:crypto'
import type { Product } from '../../../shared/api'
import { draftTitle, type DraftDoc, type DraftHeaderPatch, type DraftLine, type DraftLinePatch } from '../../../shared/model/draft'
import type { DraftLineEdit, DraftSummary, DraftView, LineProductInfo, Rechoose } from '../../../shared/model/draft-view'
import type { OutboxCounts } from '../../../shared/model/outbox'
import { AppError } from '../../../shared/model/app-error'
import type { BasketStore, DraftRecord } from './basket-store'
import { newMarker } from './marker'
import { isOrderableQuantity, round2 } from '../../../shared/api'
import { productInfo, refreshEstimates, unitEstimate, type PriceCatalogue } from './price-catalogue'
import { draftProblems, draftProblemsAfterLineEdit } from './validation'
import { FieldProblems } from './field-messages'
import { otherServiceError } from './draft-service'
import { lookUpSkus, rehomeDraft } from './draft-rehome'
import { withoutProductChoices, withProduct } from './line-product'
import { unfitShipping } from './shipping-check'

interface DraftsDeps {
  store: BasketStore
  catalogue: () => PriceCatalogue
  /** The organisation new drafts are for (the acting organisation), if known. */
  actingOrganisation: () => number | null
  /** Something changed that views or the tray show. */
  changed(draftId: string | null): void
  /** The service of the profile's session: a draft is made and queued for it. */
  service(): string
  /** A draft was queued or re-queued: send now if possible. */
  kickOutbox(): void
  /** The draft's revision now (bumped by `changed`); 0 when not followed. */
  revision?(draftId: string): number
}

interface AddLineInput {
  sku?: string
  productId?: number
  quantity: number
}

/**
 * Local drafts: created and edited fully offline, every edit saved at once; views with validation
 * and a price estimate from the cached catalogue; "submit" hands a valid draft to the outbox.
 */
export class Drafts {
  constructor(private readonly deps: DraftsDeps) {}

  private get store() {
    return this.deps.store
  }

  async create(organisation?: number, doc: Partial<DraftDoc> = {}, sourceBasketId: number | null = null): Promise<DraftView> {
    // Lines that come with their products (a reorder, a copy) get their estimates now, as typed ones do.
    if (doc.line_items?.length) doc = { ...doc, line_items: (await refreshEstimates(this.deps.catalogue(), doc as DraftDoc)).line_items }
    const rec = this.store.create(organisation ?? this.deps.actingOrganisation(), this.deps.service(), doc, sourceBasketId)
    this.store.setCurrent(rec.id)
    this.deps.changed(null)
    return this.view(rec)
  }

  async list(): Promise<{ drafts: DraftSummary[]; outbox: OutboxCounts; currentId: string | null }> {
    const currentId = this.store.currentId()
    const drafts = await Promise.all(this.store.all().map((r) => this.summary(r, currentId)))
    return { drafts, outbox: this.outboxCounts(), currentId }
  }

  outboxCounts(): OutboxCounts {
    const c = this.store.counts()
    return { queued: c.queued, sending: c.sending, needsReview: c.needs_review, rejected: c.rejected }
  }

  get(id: string): Promise<DraftView> {
    return this.view(this.store.require(id))
  }

  remove(id: string): boolean {
    const removed = this.store.remove(id)
    if (removed) this.deps.changed(null)
    return removed
  }

  setCurrent(id: string | null): string | null {
    if (id !== null) this.store.require(id)
    this.store.setCurrent(id)
    this.deps.changed(null)
    return id
  }

  update(id: string, patch: DraftHeaderPatch): Promise<DraftView> {
    return this.edit(id, (doc) => ({ ...doc, ...patch }))
  }

  setOrganisation(id: string, organisation: number): Promise<DraftView> {
    const rec = this.store.setOrganisation(id, organisation)
    this.deps.changed(id)
    return this.view(rec)
  }

  /** Adds a product by SKU (scanner) or id (search) to a draft — the current one when none is named. */
  async addLine(draftId: string | undefined, input: AddLineInput): Promise<DraftView> {
    const id = draftId ?? (await this.currentEditable())
    const product = await this.resolve(input)
    const line = this.newLine(product, input.sku ?? product?.product_code ?? '', input.quantity, await this.deps.catalogue().pricesAsOf())
    return this.edit(id, (doc) => ({ ...doc, line_items: mergeLines(doc.line_items, [{ line, product }]) }))
  }

  async importLines(id: string, rows: { productId?: number; sku: string; quantity: number }[]): Promise<DraftView> {
    const asOf = await this.deps.catalogue().pricesAsOf()
    const lines: { line: DraftLine; product: Product | null }[] = []
    for (const r of rows) {
      const product = r.productId ? await this.resolve({ productId: r.productId, quantity: r.quantity }) : await this.resolve({ sku: r.sku, quantity: r.quantity }, true)
      lines.push({ line: this.newLine(product, r.sku, r.quantity, asOf), product })
    }
    return this.edit(id, (doc) => ({ ...doc, line_items: mergeLines(doc.line_items, lines) }))
  }

  async updateLine(id: string, key: string, patch: DraftLinePatch): Promise<DraftView> {
    const current = this.store.require(id).doc.line_items.find((l) => l.key === key)
    if (!current) throw new AppError('not_found', 'That line is no longer on the draft.').because({ code: 'lineGone' })
    if (patch.product && patch.product !== current.product) return this.chooseProduct(id, key, patch.product, patch)
    const estimate = await this.lineEstimate({ ...current, ...patch })
    return this.edit(id, (doc) => ({ ...doc, line_items: doc.line_items.map((l) => (l.key === key ? { ...l, ...patch, estimate } : l)) }))
  }

  /**
   * A line's own fields edited (not its product): answers that line and the draft's totals and
   * messages, never the whole draft, so a keystroke in a draft of thousands of lines stays small.
   */
  async editLine(id: string, key: string, patch: Omit<DraftLinePatch, 'product' | 'product_code' | 'product_name'>): Promise<DraftLineEdit> {
    const before = this.store.require(id)
    const current = before.doc.line_items.find((l) => l.key === key)
    if (!current) throw new AppError('not_found', 'That line is no longer on the draft.').because({ code: 'lineGone' })
    const checked = this.checked.get(id)
    const stillSo = checked && checked.updatedAt === before.updatedAt && checked.revision === (this.deps.revision?.(id) ?? 0) && checked.lines === before.doc.line_items.length
    const estimate = await this.lineEstimate({ ...current, ...patch })
    const { rec, index } = this.store.editLine(id, key, (l) => ({ ...l, ...patch, estimate }))
    this.deps.changed(id)
    const products = await this.products(rec.doc)
    const { fields, fieldCodes } = this.problems(rec, products, stillSo ? (doc) => draftProblemsAfterLineEdit(checked.problems, doc, index, products) : undefined)
    return {
      revision: this.deps.revision?.(id) ?? 0,
      index,
      line: rec.doc.line_items[index]!,
      estimate: await this.estimate(rec, products),
      valid: Object.keys(fields).length === 0,
      fields,
      fieldCodes,
    }
  }

  /** A line's unit estimate from the cached catalogue (kept as it was when its product is not there). */
  private async lineEstimate(line: DraftLine): Promise<DraftLine['estimate']> {
    const cat = this.deps.catalogue()
    const product = line.product ? await cat.getProduct(line.product) : null
    return product ? { unit: unitEstimate(product, line), asOf: await cat.pricesAsOf() } : (line.estimate ?? null)
  }

  /**
   * Another product for a line (one left without, or the wrong one): the line keeps its quantity,
   * markup and typed data, and takes the product as the catalogue has it (line-product.ts), which
   * settles a line "use with this service" left to choose. With no catalogue on this computer the
   * product goes as chosen, for the service to check.
   */
  private async chooseProduct(id: string, key: string, productId: number, patch: DraftLinePatch): Promise<DraftView> {
    const cat = this.deps.catalogue()
    const product = await cat.getProduct(productId)
    const asOf = await cat.pricesAsOf()
    if (!product && asOf !== null) throw new AppError('not_found', 'That product is not in the catalogue on this computer.', { product: 'Unknown product' }).because({ code: 'productUnknown' })
    const choose = (l: DraftLine): DraftLine => (product ? withProduct(l, product, asOf, patch) : withoutProductChoices(l, patch))
    return this.edit(id, (doc) => ({ ...doc, line_items: doc.line_items.map((l) => (l.key === key ? choose(l) : l)) }))
  }

  async removeLine(id: string, key: string): Promise<{ draft: DraftView; removed: DraftLine; index: number }> {
    let removed: DraftLine | undefined
    let index = -1
    const draft = await this.edit(id, (doc) => {
      index = doc.line_items.findIndex((l) => l.key === key)
      if (index < 0) throw new AppError('not_found', 'That line is no longer on the draft.').because({ code: 'lineGone' })
      removed = doc.line_items[index]
      return { ...doc, line_items: doc.line_items.filter((l) => l.key !== key) }
    })
    return { draft, removed: removed!, index }
  }

  /** Undo of a removal: the line goes back where it was. */
  restoreLine(id: string, line: DraftLine, index: number): Promise<DraftView> {
    return this.edit(id, (doc) => {
      const lines = doc.line_items.filter((l) => l.key !== line.key)
      lines.splice(Math.min(index, lines.length), 0, line)
      return { ...doc, line_items: lines }
    })
  }

  moveLine(id: string, key: string, to: number): Promise<DraftView> {
    return this.edit(id, (doc) => {
      const from = doc.line_items.findIndex((l) => l.key === key)
      if (from < 0) throw new AppError('not_found', 'That line is no longer on the draft.').because({ code: 'lineGone' })
      const lines = [...doc.line_items]
      const [line] = lines.splice(from, 1)
      lines.splice(Math.min(to, lines.length), 0, line!)
      return { ...doc, line_items: lines }
    })
  }

  async refreshEstimate(id: string): Promise<DraftView> {
    const doc = await refreshEstimates(this.deps.catalogue(), this.store.require(id).doc)
    return this.edit(id, () => doc)
  }

  /**
   * "Submit": a valid draft moves into the durable outbox with the estimate the user sees now. An
   * invalid one is refused with its fields (it stays saved as it is).
   */
  async submit(id: string): Promise<DraftView> {
    const rec = this.store.require(id)
    const other = otherServiceError(rec, this.deps.service())
    if (other) {
      // Nothing is sent; the draft shows why, and the user decides (useWithService).
      this.store.patch(id, { error: other })
      this.deps.changed(id)
      throw new AppError('conflict', other.message)
    }
    const doc = await refreshEstimates(this.deps.catalogue(), rec.doc)
    const { fields } = this.validate({ doc, organisation: rec.organisation }, await this.products(doc))
    if (Object.keys(fields).length) throw new AppError('invalid_input', 'This draft cannot be sent yet; the problems are marked on the fields.', fields)
    const queued = this.store.queue(id, newMarker(), doc, this.deps.service())
    if (this.store.currentId() === id) this.store.setCurrent(null)
    this.deps.changed(id)
    this.deps.kickOutbox()
    return this.view(queued)
  }

  /** Accepts the service's higher prices: they become the estimate, and the draft goes on (prices are re-read before submitting). */
  acceptPrices(id: string): Promise<DraftView> {
    const rec = this.store.require(id)
    if (rec.state !== 'needs_review' || !rec.review) throw new AppError('conflict', 'There are no new prices to accept on this basket.')
    const byKey = new Map(rec.review.map((r) => [r.key, r.service]))
    const doc: DraftDoc = {
      ...rec.doc,
      line_items: rec.doc.line_items.map((l) => (byKey.has(l.key) ? { ...l, estimate: { unit: byKey.get(l.key)!, asOf: new Date().toISOString() } } : l)),
    }
    this.store.patch(id, { doc, state: 'queued', step: 'price', review: null, error: null, attempts: 0, nextAttemptAt: 0 })
    this.deps.changed(id)
    this.deps.kickOutbox()
    return this.get(id)
  }

  /** "Retry" in the queue view: a queued draft goes now, its backoff forgotten (a draft being sent is left alone). */
  retry(id: string): Promise<DraftView> {
    const rec = this.store.require(id)
    if (rec.state !== 'queued') throw new AppError('conflict', 'Only a basket waiting in the queue can be tried again.')
    this.store.patch(id, { attempts: 0, nextAttemptAt: 0 })
    this.deps.changed(id)
    this.deps.kickOutbox()
    return this.get(id)
  }

  /** Takes a queued, rejected or held draft back for editing. */
  editAgain(id: string): Promise<DraftView> {
    const rec = this.store.unqueue(id)
    this.deps.changed(id)
    return this.view(rec)
  }

  /**
   * "Use with this service": a draft of another service becomes this one's, to be submitted as a
   * new basket, with its products found again by SKU and its other ids of the old service gone
   * (draft-rehome.ts); answers what the user is to choose again.
   */
  async useWithService(id: string): Promise<{ draft: DraftView; rechoose: Rechoose }> {
    const cat = this.deps.catalogue()
    // The SKUs are looked up ahead; an edit landing meanwhile can add one: then look up again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const skus = await lookUpSkus(cat, this.store.require(id).doc)
      let rechoose: Rechoose = { organisation: false, shippingType: false, countries: 0, products: [], options: [], noCatalogue: false }
      const rec = this.store.useWithService(id, this.deps.service(), (r) => {
        const rehomed = rehomeDraft(r, skus)
        if (rehomed) rechoose = rehomed.rechoose
        return rehomed?.doc ?? null
      })
      if (!rec) continue
      this.deps.changed(id)
      return { draft: await this.view(rec), rechoose }
    }
    throw new AppError('conflict', 'The draft kept changing while it was being moved to this service; try again.')
  }

  /**
   * Reads these products ahead, fifty at a time between other work: the products a paste's preview
   * found, while the user looks at it, so that adding the rows does not then wait for a thousand
   * catalogue reads. A newer call takes the place of one still under way.
   */
  prefetch(ids: readonly number[]): void {
    const run = ++this.prefetching
    const cat = this.deps.catalogue()
    const queue = [...new Set(ids)]
    const step = async (): Promise<void> => {
      if (run !== this.prefetching || !queue.length) return
      const known = await this.known(cat)
      for (const id of queue.splice(0, 50)) {
        if (known.has(id)) continue
        const p = await cat.getProduct(id)
        if (p) known.set(id, p)
      }
      setTimeout(() => void step().catch(() => undefined), 0)
    }
    setTimeout(() => void step().catch(() => undefined), 0)
  }

  private prefetching = 0

  async productInfo(productId: number): Promise<LineProductInfo | null> {
    const p = await this.deps.catalogue().getProduct(productId)
    return p ? productInfo(p) : null
  }

  // ---- views ---------------------------------------------------------------------------------

  async view(rec: DraftRecord): Promise<DraftView> {
    const products = await this.products(rec.doc)
    const { fields, fieldCodes } = this.problems(rec, products)
    const summary = await this.summary(rec, this.store.currentId(), products, fields)
    const info: Record<string, LineProductInfo> = {}
    for (const [id, p] of products) info[String(id)] = productInfo(p)
    const revision = this.deps.revision?.(rec.id) ?? 0
    return { ...summary, doc: rec.doc, fields, fieldCodes, review: rec.review, products: info, sourceBasketId: rec.sourceBasketId, revision }
  }

  /** The messages shown on the draft's fields: its own checks, with the service's refusals winning in its own words. */
  private problems(rec: DraftRecord, products: Map<number, Product>, check?: DocCheck): { fields: Record<string, string>; fieldCodes: DraftView['fieldCodes'] } {
    const { fields, fieldCodes } = rec.state === 'submitted' ? new FieldProblems() : this.validate(rec, products, check)
    if (rec.state === 'rejected' && rec.error?.fields) {
      Object.assign(fields, rec.error.fields)
      for (const path of Object.keys(rec.error.fields)) delete fieldCodes[path]
    }
    return { fields, fieldCodes }
  }

  private async summary(rec: DraftRecord, currentId: string | null, products?: Map<number, Product>, fields?: Record<string, string>): Promise<DraftSummary> {
    const prods = products ?? (await this.products(rec.doc))
    const valid = Object.keys(fields ?? this.validate(rec, prods).fields).length === 0
    return {
      id: rec.id,
      title: draftTitle(rec.doc),
      organisation: rec.organisation,
      state: rec.state,
      lineCount: rec.doc.line_items.length,
      estimate: await this.estimate(rec, prods),
      serviceTotal: rec.serviceTotal,
      basketId: rec.basketId,
      orderId: rec.orderId,
      valid,
      error: rec.error,
      updatedAt: new Date(rec.updatedAt).toISOString(),
      current: rec.id === currentId,
    }
  }

  /** Live from the cached catalogue while drafting; frozen at what the user saw once queued. */
  private async estimate(rec: DraftRecord, products: Map<number, Product>) {
    const live = rec.state === 'draft' || rec.state === 'rejected'
    const asOf = await this.deps.catalogue().pricesAsOf()
    let total = 0
    let unpriced = 0
    let invalidQuantity = 0
    let oldest: string | null = null
    for (const l of rec.doc.line_items) {
      const product = l.product ? products.get(l.product) : undefined
      const unit = live && product ? unitEstimate(product, l) : l.estimate?.unit
      if (unit === undefined) {
        unpriced++
        continue
      }
      // Only a quantity the line can be ordered with counts: 0, -1 and 2,000,000 alike add nothing
      // (the line says why), and the total says how many it left out.
      if (isOrderableQuantity(l.quantity)) total += unit * l.quantity
      else invalidQuantity++
      const at = live && product ? asOf : (l.estimate?.asOf ?? null)
      if (at && (!oldest || at < oldest)) oldest = at
    }
    // No line yet: the estimate will come from today's catalogue, so say how recent its prices are.
    return { total: round2(total), asOf: oldest ?? (live && rec.doc.line_items.length === 0 ? asOf : null), unpriced, invalidQuantity }
  }

  /** The draft's problems by field, as submitting would find them: its document, and whom it is for. */
  private validate(rec: Pick<DraftRecord, 'doc' | 'organisation'> & Partial<Pick<DraftRecord, 'id' | 'updatedAt'>>, products: Map<number, Product>, check?: DocCheck): FieldProblems {
    const own = check ? check(rec.doc) : draftProblems(rec.doc, products)
    // Kept for the next keystroke's editLine, for as long as the draft stays as it was checked.
    if (rec.id !== undefined && rec.updatedAt !== undefined) {
      this.checked.set(rec.id, { updatedAt: rec.updatedAt, revision: this.deps.revision?.(rec.id) ?? 0, lines: rec.doc.line_items.length, problems: own })
    }
    const problems = copyProblems(own)
    if (rec.organisation === null) problems.add('organisation', 'chooseOrganisation')
    const unfit = unfitShipping(this.store, rec.doc)
    if (unfit) problems.add('shipping_type', 'shippingTypeNotForCountry', unfit)
    return problems
  }

  private async products(doc: DraftDoc): Promise<Map<number, Product>> {
    const cat = this.deps.catalogue()
    const known = await this.known(cat)
    const ids = [...new Set(doc.line_items.map((l) => l.product).filter((id): id is number => !!id))]
    const map = new Map<number, Product>()
    for (const id of ids) {
      let p = known.get(id)
      if (!p) {
        p = (await cat.getProduct(id)) ?? undefined
        if (p) known.set(id, p)
      }
      if (p) map.set(id, p)
    }
    return map
  }

  /**
   * The drafts' products as read from the catalogue, kept while it holds the same prices: a keystroke
   * in a draft of 1,000 lines would otherwise read 1,000 products again. A new catalogue, or a sync
   * that brings new prices, starts afresh; a product not found is asked again next time.
   */
  /** Each draft's own problems (draftProblems) as last checked, and the draft as it then was. */
  private readonly checked = new Map<string, { updatedAt: number; revision: number; lines: number; problems: FieldProblems }>()

  private productCache: { catalogue: PriceCatalogue | null; asOf: string | null; products: Map<number, Product> } = { catalogue: null, asOf: null, products: new Map() }
  private async known(cat: PriceCatalogue): Promise<Map<number, Product>> {
    const asOf = await cat.pricesAsOf()
    if (this.productCache.catalogue !== cat || this.productCache.asOf !== asOf) this.productCache = { catalogue: cat, asOf, products: new Map() }
    return this.productCache.products
  }

  // ---- helpers -------------------------------------------------------------------------------

  private async edit(id: string, change: (doc: DraftDoc) => DraftDoc): Promise<DraftView> {
    const rec = this.store.edit(id, change)
    this.deps.changed(id)
    return this.view(rec)
  }

  /** The current draft if it can still be edited, else a new one that becomes current. */
  private async currentEditable(): Promise<string> {
    const id = this.store.currentId()
    const rec = id ? this.store.get(id) : null
    if (rec && (rec.state === 'draft' || rec.state === 'rejected')) return rec.id
    return (await this.create()).id
  }

  /**
   * Finds the product of a SKU or id in the cached catalogue. An unknown SKU is refused while a
   * catalogue is cached (a typo or a wrong scan); with no catalogue at all it is kept by SKU and the
   * service checks it.
   */
  private async resolve(input: AddLineInput, lenient = false): Promise<Product | null> {
    const cat = this.deps.catalogue()
    if (input.productId) {
      // Kept with the drafts' products: the view of the draft then reads it no more.
      const known = await this.known(cat)
      const p = known.get(input.productId) ?? (await cat.getProduct(input.productId))
      if (p) known.set(p.id, p)
      if (!p && !lenient) throw new AppError('not_found', 'That product is not in the catalogue on this computer.', { productId: 'Unknown product' }).because({ code: 'productUnknown' })
      return p
    }
    const sku = input.sku!.trim()
    let found = await cat.findBySku(sku)
    if (!found.length && sku !== sku.toUpperCase()) found = await cat.findBySku(sku.toUpperCase())
    if (found.length === 1) return (await cat.getProduct(found[0]!.id)) ?? null
    if (found.length > 1) throw new AppError('conflict', `${found.length} products share the SKU ${sku}; choose one from the catalogue.`, { sku: `${found.length} products share this SKU` }).because({ code: 'skuShared', sku, count: found.length })
    if (!lenient && (await cat.pricesAsOf()) !== null) throw new AppError('not_found', `No product with the SKU ${sku} is in the catalogue.`, { sku: 'Unknown SKU' }).because({ code: 'skuUnknown', sku })
    return null
  }

  private newLine(product: Product | null, sku: string, quantity: number, asOf: string | null): DraftLine {
    const line: DraftLine = { key: randomUUID(), quantity }
    if (!product) return { ...line, product_code: sku.trim(), estimate: null }
    const added = withProduct(line, product, asOf)
    const plan = product.rate_plans.find((p) => p.id === added.selected_rate_plan)
    if (plan) added.quantity = Math.min(Math.max(quantity, plan.min_quantity), plan.max_quantity)
    return added
  }
}

/**
 * Scanned or pasted products added to the lines, in order. One already on the draft (plain product,
 * no options) gets its quantity raised instead of a second line; so does one added earlier in the
 * same batch. One pass with the plain lines by product, so a paste of 1,000 rows onto 1,000 lines
 * does not search the lines once per row.
 */
function mergeLines(lines: DraftLine[], added: { line: DraftLine; product: Product | null }[]): DraftLine[] {
  const plain = (l: DraftLine) => !l.prov_product && !l.maintenance_product && !l.selected_rate_plan && !l.storage_order && !l.backup_order && !l.meeting_order
  // A line left to choose a product for (unmatched) takes no more of its SKU: it stays marked apart.
  const mergeKey = (l: DraftLine) => (l.product ? `product:${l.product}` : `sku:${l.product_code}`)
  const out = [...lines]
  const first = new Map<string, number>()
  const note = (l: DraftLine, i: number) => {
    if (plain(l) && !l.unmatched && !first.has(mergeKey(l))) first.set(mergeKey(l), i)
  }
  out.forEach(note)
  for (const { line, product } of added) {
    const same = plain(line) ? first.get(product ? `product:${product.id}` : `sku:${line.product_code}`) : undefined
    if (same === undefined) {
      note(line, out.length)
      out.push(line)
    } else {
      const l = out[same]!
      out[same] = { ...l, quantity: (l.quantity ?? 0) + (line.quantity ?? 0) }
    }
  }
  return out
}

/** A draft document's own problems, found some other way than checking it whole. */
type DocCheck = (doc: DraftDoc) => FieldProblems

function copyProblems(from: FieldProblems): FieldProblems {
  const to = new FieldProblems()
  Object.assign(to.fields, from.fields)
  Object.assign(to.fieldCodes, from.fieldCodes)
  return to
}
