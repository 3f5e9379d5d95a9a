import type { Basket, LineItem } from '../../../shared/api'
import type { DraftDoc, DraftError, ReviewLine } from '../../../shared/model/draft'
import type { Clock, Logger } from '../platform/services'
import type { ServiceClient } from '../service/client'
import { listTotals } from '../service/list-totals'
import { ServiceError, SessionEndedError, WorkingOfflineError } from '../service/service-error'
import { toBasketBody } from './basket-body'
import type { BasketStore, DraftRecord, OutboxStep } from './basket-store'
import { otherServiceError } from './draft-service'
import { unfitShipping, type UnfitShipping } from './shipping-check'
import { markerOf } from '../../../shared/basket-marker'
import { PER_PAGE_MAX, round2 } from '../../../shared/api'

/*
 * THE OUTBOX: EXACTLY-ONCE SUBMISSION WITHOUT AN IDEMPOTENCY KEY
 * ==============================================================
 *
 * The service offers no idempotency key, so a blind retry of "create basket" after a lost reply
 * makes a second basket, and a blind retry of "submit" after a lost reply hits an order. The app
 * makes submission exactly-once by itself with three things:
 *
 * 1. A marker. When a draft is queued it gets a random 10-character marker, stored with the draft
 *    and never changed afterwards. The basket is created with the name `<user's name> [wd-<marker>]`.
 *    The service keeps the name unchanged and returns it in the baskets list, so the marker names the
 *    service basket independently of any reply we may have lost. The baskets list shows only the
 *    caller's own organisation's baskets, so a basket is always created there (the default) and a
 *    basket for a descendant organisation is moved to it by an update (PUT with `organisation`) once
 *    its id is safely recorded. The marker is needed only until the basket id is recorded: that
 *    update (or, for the own organisation, one made for this alone) also puts back the user's own
 *    name, and no basket is submitted while its name still carries a marker, so orders never show
 *    it — neither in the app nor in the service's web interface (see shared/basket-marker.ts).
 *
 * 2. Write-ahead intent. Every step that changes the service records `in_flight = <step>` in the
 *    draft's row (one committed SQLite transaction, WAL + synchronous=FULL) BEFORE the request is
 *    sent, and records the outcome (basket id, order id, next step) and clears `in_flight` in one
 *    statement AFTER the reply. So after any crash, kill or power cut the row says either "this
 *    step was never sent" (in_flight empty: just send it) or "this step may have reached the service"
 *    (in_flight set: find out before doing anything).
 *
 * 3. Reconciliation instead of retry. When a step with `in_flight` set comes round again — after a
 *    restart (drafts left 'sending' go back to 'queued'), after a `ServiceError` whose request may
 *    have applied (`mayHaveApplied`, 5xx, unreadable answer), or after a timeout — the outbox first
 *    asks the service what happened:
 *      create  → page through the baskets list (raw JSON, so no row is ever skipped by parsing)
 *                for a basket whose name carries the marker. Found: record its id and put the
 *                draft's current content (an update: the user may have edited it meanwhile). Not
 *                found: the create did not apply, send it again.
 *      update  → PUT is idempotent (the whole body replaces the basket), so it is simply repeated.
 *                If the basket is gone, GET /orders/{id} tells whether it became an order.
 *      submit  → the basket id is known (it was recorded before the submit was sent); the order has
 *                the same id (spec rule 3). GET /orders/{id}: any status but DRAFT means the submit
 *                applied → record the order id, done. Still a DRAFT basket → submit again.
 *    A definite refusal (4xx with a problem body) proves the request did not apply: `in_flight` is
 *    cleared and the draft is 'rejected' with the service's message attached to the field it names.
 *
 * Steps of one draft: create (or update when the basket exists on the service already: a draft
 * re-queued after a rejection or a review, or copied from a server basket) → price → submit.
 *   price: the service's price of every line (unit price + provisioning + maintenance) is compared
 *   with the estimate the user saw when queueing. Any increase, or a line the app could not estimate,
 *   holds the draft as 'needs_review' (old vs new per line). Accepting makes the service prices the
 *   new estimates and queues the draft at the price step again (prices are re-read before submitting);
 *   editing takes it back to 'draft', and the next submit updates the same service basket.
 *
 * Drafts are claimed one at a time with an atomic UPDATE (state 'sending'); a few are sent in
 * parallel; each draft's failure is its own: one rejected draft never blocks the others. A
 * transient failure (offline, 5xx, 429) puts the draft back in the queue with a backoff; going back
 * online (Connection.onChange) or the backoff timer runs the outbox again, whether or not a window
 * is open (the core runs in the main process). A draft that comes to need its user (held for a
 * review, refused, or failing for a while) is said once through `unsent`, not on each retry.
 *
 * A request abandoned by a crash may still be travelling, and land after the restarted app looked
 * for it. So "the marker is not in the list" proves a create did not apply only once the grace
 * period (default 45 s: the 30 s reply timeout plus a margin) since its intent was recorded has
 * passed; until then the draft waits and looks again. A late submit cannot duplicate anything: a
 * basket becomes an order at most once, and a second submit is answered 404/409, which sends the
 * outbox to GET /orders/{id}.
 *
 * The proof is tests/chaos/outbox.chaos.test.ts: faults at every step (dropped before or after the
 * service did the work, error statuses, 429), crashes at random moments in process and SIGKILLs
 * of a child process running the outbox, each followed by a restart on the same data folder.
 */

interface OutboxDeps {
  store: BasketStore
  client: () => ServiceClient | null
  /** The service of the session client() belongs to (serviceOf). */
  service: () => string
  clock: Clock
  log: Logger
  /** A draft's state or the queue counts changed. */
  changed(draftId: string | null): void
  /** A draft was sent: it is an order now (`rec.orderId`). */
  sent(rec: DraftRecord): void
  /**
   * A draft the outbox could not send now needs its user (`Unsent`): said once, as it comes to, not
   * on each of its retries.
   */
  unsent?(rec: DraftRecord, why: Unsent): void
  /** A pass over the queue ended: the drafts it sent went out together (a queue sent on reconnecting). */
  passed?(): void
  concurrency?: number
  /** Base of the exponential retry backoff (tests use a few ms). */
  retryBaseMs?: number
  retryMaxMs?: number
  /**
   * How long after it was sent a request may still reach the service and apply (default: the
   * client's 30 s reply timeout plus a margin). Tests against a local sandbox use less.
   */
  inFlightGraceMs?: number
}

const IN_FLIGHT_GRACE_MS = 45_000

/**
 * Why a draft the outbox could not send needs its user: 'review', held for the service's higher
 * prices (accept or edit); 'refused', by the service or held back before sending (correct it);
 * 'failing', its tries failing for a while (the service down, unreachable: the outbox keeps trying).
 */
export type Unsent = 'review' | 'refused' | 'failing'

/**
 * When a draft's tries since it was queued are 'failing': at the 11th failed try (with the default
 * backoff, 1 s doubling up to a minute, some five minutes after the first), or once its next try is
 * half an hour or more after its first failed one, whichever comes first: a service asking to wait
 * (429, Retry-After of an hour) makes few tries, and the rep is told before the wait, not after 11
 * of them. Said once (failingSaid in the draft's row, so a restart does not say it again).
 */
const STILL_FAILING_AFTER_TRIES = 11
const STILL_FAILING_AFTER_MS = 30 * 60_000

const SETTLED = Symbol('settled')

export class Outbox {
  private running: Promise<void> | null = null
  private again = false
  private stopped = false
  private timer: unknown = null
  private readonly controllers = new Set<AbortController>()
  /** Set when a pass ran into an offline service: the remaining drafts wait for the next kick. */
  private offline = false

  constructor(private readonly deps: OutboxDeps) {}

  /** Recovers drafts a crash left 'sending' and starts sending. */
  start(): void {
    this.stopped = false
    if (this.deps.store.recoverInterrupted() > 0) this.deps.changed(null)
    this.kick()
  }

  /** The service is reachable again: drafts waiting out a backoff go now (a grace period still holds, see create). */
  online(): void {
    if (this.stopped) return
    if (this.deps.store.makeQueueDue() > 0) this.kick()
  }

  /** Runs the outbox now (new submission, back online, timer). */
  kick(): void {
    if (this.stopped) return
    this.offline = false
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.pass().finally(() => {
      this.running = null
      try {
        this.deps.passed?.()
      } catch (err) {
        // Saying what was sent (or not) must not stop the sending (the next pass is scheduled below).
        this.deps.log.error('the outbox could not say what it sent', err)
      }
      if (this.again && !this.stopped) {
        this.again = false
        this.kick()
      } else this.schedule()
    })
  }

  /**
   * Stops at once, like a crash would: requests in flight are abandoned and their outcomes are not
   * recorded, so the next start reconciles them.
   */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) this.deps.clock.clearTimeout(this.timer)
    this.timer = null
    for (const c of this.controllers) c.abort()
    await this.running?.catch(() => {})
  }

  /** Resolves when nothing is due (for tests and the benchmark). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  private schedule(): void {
    if (this.timer) this.deps.clock.clearTimeout(this.timer)
    this.timer = null
    if (this.stopped) return
    this.deps.store.rebaseAfterClockBack(this.deps.clock.now())
    const due = this.deps.store.nextDueAt()
    if (due === null) return
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null
      this.kick()
    }, Math.max(0, due - this.deps.clock.now()))
  }

  private async pass(): Promise<void> {
    const busy = new Set<string>()
    this.deps.store.rebaseAfterClockBack(this.deps.clock.now())
    const worker = async () => {
      while (!this.stopped && !this.offline) {
        const rec = this.deps.store.claimNext(this.deps.clock.now(), busy)
        if (!rec) return
        busy.add(rec.id)
        this.deps.changed(rec.id)
        try {
          await this.process(rec)
        } finally {
          busy.delete(rec.id)
        }
      }
    }
    await Promise.all(Array.from({ length: this.deps.concurrency ?? 4 }, worker))
  }

  private async process(start: DraftRecord): Promise<void> {
    let rec = start
    try {
      this.assertSameService(rec)
      let basket: Basket | null = null
      if (rec.step === 'create') ({ rec, basket } = await this.create(rec))
      if (rec.step === 'update') ({ rec, basket } = await this.update(rec))
      let intentRecorded = false
      if (rec.step === 'price') {
        ;({ rec, intentRecorded } = await this.price(rec, basket))
        if (rec.state === 'needs_review') return
      }
      if (rec.step === 'submit') await this.submit(rec, intentRecorded)
    } catch (err) {
      if (err === SETTLED || this.stopped) return
      this.failed(this.deps.store.get(rec.id) ?? rec, err)
    }
  }

  // ---- steps ---------------------------------------------------------------------------------

  private async create(rec: DraftRecord): Promise<{ rec: DraftRecord; basket: Basket | null }> {
    if (rec.inFlight === 'create') {
      const sentAt = rec.inFlightAt ?? 0
      const found = await this.findByMarker(rec)
      // Found: the draft may have been edited since that create was sent, so its content is put again.
      if (found !== null) return this.update(this.record(rec, { basketId: found, step: 'update', inFlight: null }))
      // Not there yet. A create sent before a crash may still be on its way to the service: only
      // once no request from then can still arrive is "not found" proof that it never applied.
      const graceEnds = sentAt + (this.deps.inFlightGraceMs ?? IN_FLIGHT_GRACE_MS)
      if (this.deps.clock.now() < graceEnds) {
        this.record(rec, { state: 'queued', nextAttemptAt: graceEnds })
        this.deps.changed(rec.id)
        throw SETTLED
      }
    }
    // Proven not on the service: what would be sent is checked first.
    this.assertShippingFits(rec)
    // Created for the caller's own organisation (the default), where the baskets list can find it
    // again; a basket for a descendant is moved there by the update that follows.
    const basket = await this.write(rec, 'create', (signal) => this.client(rec).call('createBasket', { body: this.body(rec, true), signal }))
    // Its id recorded, the basket no longer needs the marker: the update moves it to a descendant
    // organisation if need be and gives it back the user's own name.
    return this.update(this.record(rec, { basketId: basket.id, step: 'update', inFlight: null }))
  }

  private async update(rec: DraftRecord): Promise<{ rec: DraftRecord; basket: Basket | null }> {
    const id = this.basketId(rec)
    this.assertShippingFits(rec)
    try {
      const basket = await this.write(rec, 'update', (signal) => this.client(rec).call('modifyBasket', { params: { id }, body: this.body(rec), signal }))
      // Recorded with the price check's outcome; until then a repeated PUT is harmless.
      return { rec: { ...rec, step: 'price' }, basket }
    } catch (err) {
      if (err instanceof ServiceError && (err.code === 'not_found' || err.code === 'conflict')) {
        await this.settleIfOrdered(rec, id)
        // The basket is gone and never became an order: the next submission creates a new one.
        if (err.code === 'not_found') this.record(rec, { basketId: null, inFlight: null, step: 'create' })
      }
      throw err
    }
  }

  /**
   * Compares the service's prices with the estimate. When nothing went up, the outcome and the
   * intent to submit are recorded in one commit (the submit is sent right after).
   */
  private async price(rec: DraftRecord, known: Basket | null): Promise<{ rec: DraftRecord; intentRecorded: boolean }> {
    const id = this.basketId(rec)
    let basket = known ?? (await this.send((signal) => this.client(rec).call('getBasket', { params: { id }, signal })))
    // A basket created by an earlier version still carries its marker: its name is put back first,
    // so the order never shows it.
    if (markerOf(basket.name) !== null) basket = (await this.update(rec)).basket ?? basket
    const review = reviewLines(rec.doc, basket.line_items)
    if (review.some((l) => l.increased)) {
      const held = this.record(rec, { basketId: id, state: 'needs_review', review, serviceTotal: basket.total, step: 'price', inFlight: null })
      this.deps.changed(rec.id)
      this.deps.unsent?.(held, 'review')
      return { rec: held, intentRecorded: false }
    }
    return { rec: this.record(rec, { basketId: id, step: 'submit', inFlight: 'submit', serviceTotal: basket.total, review: null }), intentRecorded: true }
  }

  private async submit(rec: DraftRecord, intentRecorded: boolean): Promise<void> {
    const id = this.basketId(rec)
    // An intent left by an earlier run may have reached the service: look before sending again.
    if (rec.inFlight === 'submit' && !intentRecorded) await this.settleIfOrdered(rec, id)
    try {
      const order = await this.write(rec, 'submit', (signal) => this.client(rec).call('submitBasket', { params: { id }, signal }), intentRecorded)
      this.submitted(rec, order)
    } catch (err) {
      // "Already submitted" or "no such basket": the order may exist from a lost earlier reply.
      if (err instanceof ServiceError && (err.code === 'not_found' || err.code === 'conflict')) await this.settleIfOrdered(rec, id)
      throw err
    }
  }

  // ---- reconciliation ------------------------------------------------------------------------

  /** Pages through the baskets list (raw JSON: a row is never skipped by parsing) for the draft's marker. */
  private async findByMarker(rec: DraftRecord): Promise<number | null> {
    const found: number[] = []
    for (let page = 1; ; page++) {
      const query = { page, per_page: PER_PAGE_MAX }
      const raw = await this.send((signal) => this.client(rec).raw('listBaskets', { query, signal }))
      let rows: unknown
      try {
        rows = JSON.parse(raw.text)
      } catch {
        throw new ServiceError('bad_response', 'The baskets list was not JSON.', raw.status, false)
      }
      if (!Array.isArray(rows)) throw new ServiceError('bad_response', 'The baskets list was not a list.', raw.status, false)
      for (const row of rows as { id?: unknown; name?: unknown }[]) {
        if (typeof row?.id === 'number' && typeof row.name === 'string' && markerOf(row.name) === rec.marker) found.push(row.id)
      }
      // Without X-Total-Pages, counted as every list reader counts them (never "one page").
      if (page >= listTotals(raw.headers, rows.length, query).pages || rows.length === 0) break
    }
    if (found.length > 1) this.deps.log.warn('several service baskets carry the same submission marker; using the first', { draft: rec.id, baskets: found })
    return found.length ? Math.min(...found) : null
  }

  /** If the basket already became an order, records it as submitted and ends the draft's run. */
  private async settleIfOrdered(rec: DraftRecord, id: number): Promise<void> {
    let order: Basket | null = null
    try {
      order = await this.send((signal) => this.client(rec).call('getOrder', { params: { id }, signal }))
    } catch (err) {
      if (!(err instanceof ServiceError && err.code === 'not_found')) throw err
    }
    if (order && order.status !== 'DRAFT') {
      this.submitted(rec, order)
      throw SETTLED
    }
  }

  /** The draft is the service's order `order` now: recorded, and said. */
  private submitted(rec: DraftRecord, order: Pick<Basket, 'id' | 'total'>): void {
    const done = this.record(rec, { state: 'submitted', orderId: order.id, inFlight: null, step: null, error: null, serviceTotal: order.total })
    this.deps.changed(rec.id)
    this.deps.sent(done)
  }

  // ---- plumbing ------------------------------------------------------------------------------

  private failed(rec: DraftRecord, err: unknown): void {
    const store = this.deps.store
    if (err instanceof OtherServiceError) {
      // Not sent (the check comes before every request): back to the user, who checks it against the new service.
      store.returnFromOtherService(rec.id, err.error)
      this.deps.changed(rec.id)
      return
    }
    if (err instanceof UnfitShippingError) {
      // Nothing was sent: the draft goes back to the user, its shipping type field marked.
      store.patch(rec.id, { state: 'rejected', inFlight: null, error: { message: err.message, code: 'shipping_type' } })
      this.deps.changed(rec.id)
      this.deps.unsent?.(store.require(rec.id), 'refused')
      return
    }
    if (err instanceof SessionEndedError) {
      // Cut short by the end of its session before it was sent: not an attempt, nothing to show.
      // The pass stops here; the new session kicks the outbox (the timer, should it not come).
      this.offline = true
      store.patch(rec.id, { state: 'queued', nextAttemptAt: this.deps.clock.now() + (this.deps.retryBaseMs ?? 1000) })
      this.deps.changed(rec.id)
      return
    }
    if (err instanceof WorkingOfflineError) {
      // Held back by "Work offline", which the user chose: not an attempt and not an error (the
      // queue would show it as the draft's last error). Switching it off sends the queue at once.
      this.offline = true
      store.patch(rec.id, { state: 'queued', nextAttemptAt: this.deps.clock.now() + (this.deps.retryMaxMs ?? 60_000), error: null })
      this.deps.changed(rec.id)
      return
    }
    if (err instanceof ServiceError && !err.transient && !err.mayHaveApplied && ['validation', 'not_found', 'conflict', 'forbidden'].includes(err.code)) {
      // A definite refusal: nothing applied. The draft becomes editable with the service's message.
      const next: OutboxStep | null = rec.basketId !== null ? 'update' : 'create'
      store.patch(rec.id, { state: 'rejected', inFlight: null, step: next, error: { message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(err.refusal ? { refusal: err.refusal } : {}) } })
      this.deps.changed(rec.id)
      this.deps.unsent?.(store.require(rec.id), 'refused')
      return
    }
    // Anything else may be temporary, and may have applied: keep in_flight so the next try reconciles.
    if (!(err instanceof ServiceError)) this.deps.log.error('outbox step failed unexpectedly', err)
    const offline = err instanceof ServiceError && (err.code === 'offline' || err.code === 'tls')
    if (offline) this.offline = true
    const base = this.deps.retryBaseMs ?? 1000
    const wait = err instanceof ServiceError && err.retryAfterSeconds !== undefined ? err.retryAfterSeconds * 1000 : Math.min(this.deps.retryMaxMs ?? 60_000, base * 2 ** Math.min(rec.attempts, 16))
    const error = err instanceof ServiceError ? { message: err.message, ...(err.refusal ? { refusal: err.refusal } : {}) } : { message: 'Sending failed; the app will try again.' }
    const attempts = rec.attempts + 1
    const now = this.deps.clock.now()
    const failingSince = rec.failingSince ?? now
    const nextAttemptAt = now + wait
    const failing = !rec.failingSaid && (attempts >= STILL_FAILING_AFTER_TRIES || nextAttemptAt - failingSince >= STILL_FAILING_AFTER_MS)
    store.patch(rec.id, { state: 'queued', attempts, nextAttemptAt, failingSince, ...(failing ? { failingSaid: true } : {}), error })
    this.deps.changed(rec.id)
    if (failing) this.deps.unsent?.(store.require(rec.id), 'failing')
  }

  /**
   * A request that changes the service: its intent is recorded before it is sent. If it provably
   * never left this computer (connection refused, no route), the intent is withdrawn again, so the
   * next try needs no reconciliation and no grace period.
   */
  private async write<T>(rec: DraftRecord, step: OutboxStep, fn: (signal: AbortSignal) => Promise<T>, intentRecorded = false): Promise<T> {
    if (!intentRecorded) this.record(rec, { inFlight: step, step })
    try {
      return await this.send(fn)
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'offline' && !err.mayHaveApplied && !this.stopped) this.record(rec, { inFlight: null })
      throw err
    }
  }

  /** Writes bookkeeping unless the outbox has been stopped (a stopped outbox must behave like a dead process). */
  private record(rec: DraftRecord, p: Parameters<BasketStore['patch']>[1]): DraftRecord {
    if (this.stopped) throw SETTLED
    this.deps.store.patch(rec.id, p)
    return this.deps.store.require(rec.id)
  }

  private async send<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.stopped) throw SETTLED
    const c = new AbortController()
    this.controllers.add(c)
    try {
      const result = await fn(c.signal)
      if (this.stopped) throw SETTLED
      return result
    } catch (err) {
      if (this.stopped) throw SETTLED
      throw err
    } finally {
      this.controllers.delete(c)
    }
  }

  /**
   * No client: the session this outbox sends for has ended (the next one kicks it), which is not the
   * service failing. A client of another service than the draft was queued for is never used.
   */
  private client(rec: DraftRecord): ServiceClient {
    const c = this.deps.client()
    if (!c) throw new SessionEndedError()
    this.assertSameService(rec)
    return c
  }

  /** Its products, organisation, addresses and basket are the old service's: sending them to another could place a wrong order. */
  private assertSameService(rec: DraftRecord): void {
    const error = otherServiceError(rec, this.deps.service())
    if (error) throw new OtherServiceError(error)
  }

  /**
   * Right before the draft's content goes to the service (a create proven not applied, or an
   * update, which may simply be repeated): a shipping type that no longer delivers to the address's
   * country, by the lists last seen, holds the draft back with its own error; the rest of the
   * outbox goes on. The service checks too.
   */
  private assertShippingFits(rec: DraftRecord): void {
    const unfit = unfitShipping(this.deps.store, rec.doc)
    if (unfit) throw new UnfitShippingError(unfit)
  }

  /** The create carries the marker (and no organisation); every later write the user's own name. */
  private body(rec: DraftRecord, forCreate = false) {
    return toBasketBody(rec.doc, forCreate ? null : rec.organisation, forCreate ? rec.marker : null)
  }

  private basketId(rec: DraftRecord): number {
    if (rec.basketId === null) throw new Error(`draft ${rec.id} reached step ${rec.step} without a basket id`)
    return rec.basketId
  }
}

/** The draft was queued for another service than the session's. */
class OtherServiceError extends Error {
  constructor(readonly error: DraftError) {
    super(error.message)
  }
}

/** The draft's shipping type does not deliver to its address's country. */
class UnfitShippingError extends Error {
  constructor(unfit: UnfitShipping) {
    super(`${unfit.type} does not deliver to ${unfit.country}: choose another shipping type.`)
  }
}

/** The service's price of one unit of a line: the product plus its provisioning and maintenance products. */
function serviceUnit(l: LineItem): number {
  return round2(l.price + (l.prov_product_price ?? 0) + (l.maintenance_product_price ?? 0))
}

/**
 * Pairs the draft's lines with the service's (same order; the service keeps it) and flags every
 * line priced above what the user saw, or that the app could not estimate.
 */
function reviewLines(doc: DraftDoc, items: readonly LineItem[]): ReviewLine[] {
  return items.map((item, i) => {
    const line = doc.line_items[i]
    const estimate = line?.estimate?.unit ?? null
    const service = serviceUnit(item)
    return {
      key: line?.key ?? `service-${item.id}`,
      name: item.name,
      sku: item.product_code ?? line?.product_code ?? '',
      quantity: item.quantity,
      estimate,
      service,
      increased: estimate === null || service > estimate + 0.005 || !line,
    }
  })
}
