import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Searches come first: while a search is being answered, and for a short while after its answer
 * (the time the view needs to paint it), a running sync holds back. The sync's threads check the
 * gate between small batches of work (sync-worker-source.ts: yieldToSearches) and the fetching
 * loop before each page, so the cores are left to the search, the IPC and the renderer. A sync is
 * never held longer than `maxHoldMs` at one check, so a rep typing without pause still gets it done.
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
    /** Longest a sync waits at one check. */
    readonly maxHoldMs = MAX_HOLD_MS,
  ) {}

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

  /** Waits (without blocking the thread) until no search presses, at most maxHoldMs. */
  async quiet(signal?: AbortSignal): Promise<void> {
    const until = Date.now() + this.maxHoldMs
    while (this.pressing && Date.now() < until && !signal?.aborted) await sleep(POLL_MS)
  }

  /** What a worker thread needs to check the gate itself (see yieldToSearches). */
  forWorker(): { buffer: SharedArrayBuffer; origin: number; maxHoldMs: number } {
    return { buffer: this.buffer, origin: this.origin, maxHoldMs: this.maxHoldMs }
  }
}

/** Two frames at 60 Hz: the answer reaches the view and is painted. */
const HOLD_AFTER_ANSWER_MS = 35
const MAX_HOLD_MS = 250
const POLL_MS = 4
