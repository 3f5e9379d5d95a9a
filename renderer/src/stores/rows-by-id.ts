import { shallowRef } from 'vue'

interface RowsByIdOptions<Row> {
  idOf: (row: Row) => number
  /** Asks for these rows (at most `chunk` ids); ids the source does not hold are left out of the answer. */
  fetch: (ids: number[]) => Promise<Row[]>
  /** Ids per request. */
  chunk: number
  /** Ids per request of the background reading (default `chunk`): smaller, a query of the user's waits less behind one. */
  backgroundChunk?: number
  /** The background reading waits for it before each request: the user's own queries go first. */
  whenIdle?: () => Promise<void>
}

/**
 * The rows of a list known by its ids in order: every row read is kept by id, across queries (a
 * sort or a filter only reorders rows already held), and the rows of the list not held yet are read
 * in the background, nearest the view first. Once held, any position of the list — a jump of the
 * scrollbar to the other end — shows at once, with no request.
 */
export function createRowsById<Row>(o: RowsByIdOptions<Row>) {
  const byId = new Map<number, Row>()
  /** The ids of the list in order; null when the list is not known by ids (then this holds nothing for it). */
  const order = shallowRef<readonly number[] | null>(null)
  /** Bumped when rows arrive, so a view reading them renders again. */
  const version = shallowRef(0)
  /** Every row of the list is held (or known not to exist): any position shows at once. */
  const filled = shallowRef(true)
  /** Ids on their way, and ids asked for this order that the source did not hold (not asked again). */
  const inFlight = new Set<number>()
  const absent = new Set<number>()
  let view: [number, number] = [0, 0]
  let filling = false
  /** Bumped by clear(): answers to requests made before are dropped. */
  let epoch = 0

  function put(rows: readonly Row[]): void {
    if (!rows.length) return
    for (const r of rows) byId.set(o.idOf(r), r)
    version.value++
    if (!filled.value) check()
  }

  /**
   * Positions before this one are held or known absent. Rows are only ever added (clear() starts
   * again), so each check goes on from there: checked from the start after every chunk, the
   * background reading of 20,000 rows cost a scan of the whole list per chunk.
   */
  let heldUpTo = 0
  function check(): void {
    const ids = order.value
    if (!ids) return void (filled.value = true)
    while (heldUpTo < ids.length && (byId.has(ids[heldUpTo]!) || absent.has(ids[heldUpTo]!))) heldUpTo++
    filled.value = heldUpTo >= ids.length
  }

  /** The row at a position of the list, or undefined when the list is not known by ids or the row is not held yet. */
  function rowAt(index: number): Row | undefined {
    void version.value
    const id = order.value?.[index]
    return id === undefined ? undefined : byId.get(id)
  }

  /** Whether every row of [start, end) is held. */
  function holds(start: number, end: number): boolean {
    const ids = order.value
    if (!ids) return false
    for (let i = start; i < Math.min(end, ids.length); i++) if (!byId.has(ids[i]!)) return false
    return true
  }

  /** A new list (or none); the rows it lacks are read in the background. */
  function setOrder(ids: readonly number[] | null): void {
    order.value = ids
    heldUpTo = 0
    absent.clear()
    check()
    void fill()
  }

  /** The view shows [start, end): those rows are read first. */
  function ensureRange(start: number, end: number): void {
    view = [start, end]
    const wanted = missing(start, end)
    // A failure leaves them loading; the list's own pages are the fallback.
    if (wanted.length) ask(wanted).catch(() => {})
    void fill()
  }

  /** Reads these rows again (they changed), held or not. */
  async function refresh(ids: readonly number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += o.chunk) await ask(ids.slice(i, i + o.chunk), true)
  }

  /** Forgets every row (another account's orders are others). */
  function clear(): void {
    epoch++
    byId.clear()
    inFlight.clear()
    absent.clear()
    order.value = null
    heldUpTo = 0
    filled.value = true
    version.value++
  }

  /** A row of the list still to ask for: not held, not on its way, not known to be absent. */
  const needed = (id: number) => !byId.has(id) && !inFlight.has(id) && !absent.has(id)

  /** Ids of [start, end) neither held nor on their way, at most a chunk. */
  function missing(start: number, end: number): number[] {
    const ids = order.value
    const out: number[] = []
    if (!ids) return out
    for (let i = Math.max(0, start); i < Math.min(end, ids.length) && out.length < o.chunk; i++) {
      if (needed(ids[i]!)) out.push(ids[i]!)
    }
    return out
  }

  /** The next chunk to read: the missing ids nearest the view, outwards both ways. */
  function nextChunk(): number[] {
    const ids = order.value
    const out: number[] = []
    if (!ids) return out
    const size = o.backgroundChunk ?? o.chunk
    const take = (i: number) => {
      if (needed(ids[i]!)) out.push(ids[i]!)
    }
    const from = Math.min(view[0], ids.length)
    for (let d = 0; out.length < size && (from + d < ids.length || from - d - 1 >= 0); d++) {
      if (from + d < ids.length) take(from + d)
      if (out.length < size && from - d - 1 >= 0) take(from - d - 1)
    }
    return out
  }

  async function ask(ids: number[], again = false): Promise<void> {
    const mine = epoch
    for (const id of ids) inFlight.add(id)
    try {
      const rows = await o.fetch(ids)
      if (mine !== epoch) return
      put(rows)
      if (!again) {
        const got = new Set(rows.map(o.idOf))
        for (const id of ids) if (!got.has(id)) absent.add(id)
        check()
      }
    } finally {
      if (mine === epoch) for (const id of ids) inFlight.delete(id)
    }
  }

  /** Reads the rows of the list not held, a chunk at a time, until none is missing; one fill at a time. */
  async function fill(): Promise<void> {
    if (filling) return
    filling = true
    try {
      for (;;) {
        // Chosen after the wait: the view (and what it needs first) may have moved meanwhile.
        if (o.whenIdle) await o.whenIdle()
        const ids = nextChunk()
        if (!ids.length) break
        await ask(ids)
      }
    } catch {
      // The rows not read show as loading and are asked for page by page; a later order fills again.
    } finally {
      filling = false
    }
  }

  return { order, filled, put, rowAt, holds, setOrder, ensureRange, refresh, clear }
}
