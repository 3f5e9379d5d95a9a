import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Searches come first: while a search is being answered, and for a short while after its answer
 * (the time the view needs to paint it), a running sync holds back. The sync's threads check the
 * gate between small batches of work (sync-worker-source.ts: yieldToSearches) and the fetching
 * loop before each page, so the cores are left to the search, the IPC and the renderer.
 *
 * Holding back is budgeted: each thread earns `holdShare` ms of holding per ms it works (a bucket
 * of at most `maxHoldMs`), so a rep typing without pause slows each thread at most 1 + holdShare times
 * (1.25× at a quarter) instead of stopping it, while the occasional keystroke finds a full bucket.
 *
 * The state is two Int32 cells of shared memory, read by the worker threads without a message:
 * [searches in flight, end of the hold in ms since `origin`].
 */
export class SearchPressure {
  readonly buffer = new SharedArrayBuffer(8)
  /** Date.now() at creation: the hold's end is stored relative to it (an Int32 holds ~24 days). */
  readonly origin = Date.now()
  private readonly cells = new Int32Array(this.buffer)

  constructor(
    /** How long after an answer the sync keeps holding back: a frame or two for the paint. */
    readonly holdMs = HOLD_AFTER_ANSWER_MS,
    /** Longest a sync waits at one check: the bucket's size. */
    readonly maxHoldMs = MAX_HOLD_MS,
    /** The share of the time a sync may be held. */
    readonly holdShare = HOLD_SHARE,
  ) {
    this.bucket = holdBudget(maxHoldMs, holdShare)
  }

  /** The fetching loop's budget (the worker threads keep their own). */
  private readonly bucket: HoldBudget

  /** A search starts; the function returned ends it. */
  begin(): () => void {
    Atomics.add(this.cells, 0, 1)
    let ended = false
    return () => {
      if (ended) return
      ended = true
      Atomics.store(this.cells, 1, Date.now() - this.origin + this.holdMs)
      Atomics.sub(this.cells, 0, 1)
    }
  }

  /** A search is under way or was just answered. */
  get pressing(): boolean {
    return Atomics.load(this.cells, 0) > 0 || Date.now() - this.origin < Atomics.load(this.cells, 1)
  }

  /** Waits (without blocking the thread) while a search presses and the budget lasts. */
  async quiet(signal?: AbortSignal): Promise<void> {
    this.bucket.refill()
    while (this.pressing && this.bucket.left() > 0 && !signal?.aborted) {
      const t = Date.now()
      await sleep(POLL_MS)
      this.bucket.spend(Date.now() - t)
    }
  }

  /** What a worker thread needs to check the gate itself (see yieldToSearches). */
  forWorker(): { buffer: SharedArrayBuffer; origin: number; maxHoldMs: number; holdShare: number } {
    return { buffer: this.buffer, origin: this.origin, maxHoldMs: this.maxHoldMs, holdShare: this.holdShare }
  }
}

interface HoldBudget {
  refill(): void
  left(): number
  spend(ms: number): void
}

/** A bucket of hold time that fills at `share` ms per ms not held, up to `max`, and starts full. */
function holdBudget(max: number, share: number): HoldBudget {
  let left = max
  let at = Date.now()
  return {
    refill() {
      const now = Date.now()
      left = Math.min(max, left + (now - at) * share)
      at = now
    },
    left: () => left,
    spend(ms) {
      left -= ms
      at = Date.now()
    },
  }
}

/** Two frames at 60 Hz: the answer reaches the view and is painted. */
const HOLD_AFTER_ANSWER_MS = 35
const MAX_HOLD_MS = 250
const HOLD_SHARE = 0.25
const POLL_MS = 4
