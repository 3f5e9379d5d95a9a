import { z } from 'zod'
import { Id, OPEN_STATUSES, PER_PAGE_MAX, ServiceOrderStatus } from '../../../shared/api'
import type { OrderChange, WatcherPhase } from '../../../shared/model/order-watch'
import type { Clock, Logger } from '../platform/services'
import type { ServiceClient } from '../service/client'
import { listTotals } from '../service/list-totals'
import { ServiceError, SessionEndedError } from '../service/service-error'
import { CADENCE, nextPollDelay } from './cadence'
import type { SeenOrder, StatusStore } from './status-store'

/** The few fields the watcher reads of each listed order; the rest of the row is not validated. */
const WatchedRow = z.object({
  id: Id,
  status: ServiceOrderStatus,
  // Only shown: an odd value degrades to none instead of hiding the order from the watch.
  purchase_order_number: z.string().nullish().catch(null),
  attention_required: z.string().nullish().catch(null),
})

/** How many orders that left the open list are fetched by id at once. */
const FETCH_CONCURRENCY = 4

export interface PollOutcome {
  changes: OrderChange[]
  /** attention_required reasons of the orders polled, for alert texts. */
  reasons: Map<number, string>
  open: number
  attention: number
  /** True for the first sync of a profile, or the first after signing in: recorded, never announced. */
  baseline: boolean
  /** The open orders listed: a new order is among them (every order starts open). */
  listed: number[]
}

interface WatcherDeps {
  client: ServiceClient
  store: StatusStore
  clock: Clock
  log: Logger
  isOnline(): boolean
  onPoll(outcome: PollOutcome): void
  /** The watch state changed (phase, lastPollAt, nextPollAt, lastError): a poll ended, well or not, or it paused offline. */
  onState?(): void
  /** The first successful poll only records what it sees (after signing in or switching profile). */
  silentFirstPoll?: boolean
  /** Jitter source; Math.random by default. */
  random?: () => number
}

/**
 * Watches submitted orders for status changes, without webhooks: each poll lists only the orders
 * that are not final (OPEN_STATUSES) and fetches by id just the ones that left that list since the
 * last poll, so its cost follows the number of open orders, not the history. Timers come from the
 * injected clock; the cadence policy is in cadence.ts.
 */
export class OrderWatcher {
  private timer: unknown = null
  private inFlight: Promise<void> | null = null
  private stopped = true
  private failures = 0
  private retryAfterSeconds: number | undefined
  private quickUntil = 0
  private lastChangeAt = 0
  private currentPhase: WatcherPhase = 'stopped'
  lastPollAt: number | null = null
  nextPollAt: number | null = null
  lastError: string | null = null
  private silentNext: boolean

  constructor(private readonly deps: WatcherDeps) {
    this.silentNext = deps.silentFirstPoll ?? false
  }

  get phase(): WatcherPhase {
    return this.currentPhase
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.lastChangeAt = this.deps.clock.now()
    this.currentPhase = 'starting'
    if (this.deps.isOnline()) void this.pollNow()
    else this.currentPhase = 'offline'
  }

  /** Stops the timer and waits for a poll under way (so its database writes finish). */
  async stop(): Promise<void> {
    this.stopped = true
    this.clearTimer()
    this.currentPhase = 'stopped'
    await this.inFlight?.catch(() => {})
  }

  /** An order was just submitted: poll soon and quickly for a while. */
  nudge(): void {
    if (this.stopped) return
    const now = this.deps.clock.now()
    this.quickUntil = now + CADENCE.quickWindowMs
    if (this.currentPhase === 'offline' || this.failures > 0 || this.inFlight) return
    if (this.nextPollAt === null || this.nextPollAt > now + CADENCE.quickMs) this.schedule(CADENCE.quickMs)
  }

  /** The connection's online state changed: pause while offline, catch up at once when back. */
  setOnline(online: boolean): void {
    if (this.stopped) return
    if (!online) {
      this.clearTimer()
      if (this.currentPhase !== 'offline') {
        this.currentPhase = 'offline'
        this.deps.onState?.()
      }
    } else if (this.currentPhase === 'offline' && !this.inFlight) {
      // A poll under way (its answer is what brought the app back online) says how it went: no second one.
      this.failures = 0
      void this.pollNow()
    }
  }

  /** Polls now (after any poll under way) and resolves when done; failures are kept in lastError. */
  async pollNow(): Promise<void> {
    if (this.inFlight) await this.inFlight.catch(() => {})
    if (this.stopped) return
    this.clearTimer()
    const run = this.run()
    this.inFlight = run
    try {
      await run
    } finally {
      if (this.inFlight === run) this.inFlight = null
    }
  }

  private async run(): Promise<void> {
    try {
      const outcome = await this.poll()
      this.silentNext = false
      this.failures = 0
      this.retryAfterSeconds = undefined
      this.lastError = null
      this.lastPollAt = this.deps.clock.now()
      if (outcome.changes.length) this.lastChangeAt = this.lastPollAt
      if (this.stopped) return
      this.currentPhase = 'watching'
      this.deps.onPoll(outcome)
      this.schedule(this.delay(outcome.open))
      this.deps.onState?.()
    } catch (err) {
      // Cut short by the end of its session: the watcher of that session is being stopped, the new one polls.
      if (err instanceof SessionEndedError) return
      this.lastError = (err as Error).message
      if (this.stopped) return
      if (err instanceof ServiceError && (err.code === 'offline' || err.code === 'tls')) {
        // No timer while offline: the connection's probe tells us when the service is back.
        if (!this.deps.isOnline()) {
          this.clearTimer()
          this.currentPhase = 'offline'
          this.deps.onState?.()
          return
        }
      }
      if (!(err instanceof ServiceError)) this.deps.log.error('order watcher poll failed', err)
      this.failures++
      this.retryAfterSeconds = err instanceof ServiceError ? err.retryAfterSeconds : undefined
      this.currentPhase = 'backing_off'
      this.schedule(this.delay(this.deps.store.counts().open))
      this.deps.onState?.()
    }
  }

  private delay(openOrders: number): number {
    return nextPollDelay({
      now: this.deps.clock.now(),
      quickUntil: this.quickUntil,
      openOrders,
      lastChangeAt: this.lastChangeAt,
      failures: this.failures,
      retryAfterSeconds: this.retryAfterSeconds,
      random: (this.deps.random ?? Math.random)(),
    })
  }

  private async poll(): Promise<PollOutcome> {
    const { store } = this.deps
    const baseline = !store.hasBaseline() || this.silentNext
    const listed = await this.listOpen()
    const listedIds = new Set(listed.map((o) => o.id))
    const left = store.openKnown().filter((k) => !listedIds.has(k.id))
    const { seen: fetched, gone } = await this.fetchLeft(left.map((k) => k.id))
    const seen = [...listed, ...fetched]
    const changes = store.apply(seen, gone)
    const reasons = new Map<number, string>()
    for (const s of seen) if (s.attention_required) reasons.set(s.id, s.attention_required)
    return { changes, reasons, ...store.counts(), baseline, listed: [...listedIds] }
  }

  /** Every order not yet final, page by page (one request while there are at most 1000). */
  private async listOpen(): Promise<SeenOrder[]> {
    const all: SeenOrder[] = []
    let invalid = 0
    for (let page = 1; ; page++) {
      // Revalidated (If-None-Match): an unchanged list costs a 304 of a few hundred bytes, not the list.
      const query = { status: OPEN_STATUSES, per_page: PER_PAGE_MAX, page, sort_by: '+date' }
      const raw = await this.deps.client.raw('listOrders', { query, revalidate: true })
      let body: unknown
      try {
        body = JSON.parse(raw.text)
      } catch {
        throw new ServiceError('bad_response', 'The service answered the open orders list with something that is not JSON.', raw.status, false)
      }
      if (!Array.isArray(body)) throw new ServiceError('bad_response', 'The service answered the open orders list with something that is not a list.', raw.status, false)
      for (const row of body) {
        const parsed = WatchedRow.safeParse(row)
        if (parsed.success) all.push(parsed.data)
        else invalid++
      }
      // Without X-Total-Pages, counted as every list reader counts them (never "one page").
      if (page >= listTotals(raw.headers, body.length, query).pages || body.length === 0) break
    }
    if (invalid) this.deps.log.warn(`order watcher: ${invalid} listed orders did not have a readable id and status`)
    return all
  }

  /** Orders that left the open list: fetched by id to learn their final status; 404 means gone. */
  private async fetchLeft(ids: number[]): Promise<{ seen: SeenOrder[]; gone: number[] }> {
    const seen: SeenOrder[] = []
    const gone: number[] = []
    for (let i = 0; i < ids.length; i += FETCH_CONCURRENCY) {
      await Promise.all(
        ids.slice(i, i + FETCH_CONCURRENCY).map(async (id) => {
          try {
            const o = await this.deps.client.call('getOrder', { params: { id } })
            seen.push({ id: o.id, status: o.status, purchase_order_number: o.purchase_order_number, attention_required: o.attention_required })
          } catch (err) {
            if (err instanceof ServiceError && err.code === 'not_found') gone.push(id)
            else if (err instanceof ServiceError && (err.code === 'bad_response' || err.code === 'forbidden')) {
              // One unreadable order must not stall the watch of all the others; it is retried next poll.
              this.deps.log.warn('order watcher could not read an order', { id, message: err.message })
            } else throw err
          }
        }),
      )
    }
    return { seen, gone }
  }

  private schedule(ms: number): void {
    this.clearTimer()
    if (this.stopped) return
    this.nextPollAt = this.deps.clock.now() + ms
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null
      this.nextPollAt = null
      void this.pollNow()
    }, ms)
  }

  private clearTimer(): void {
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer)
    this.timer = null
    this.nextPollAt = null
  }
}
