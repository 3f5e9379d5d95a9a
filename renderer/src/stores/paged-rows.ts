import { ref, shallowReactive } from 'vue'

interface PagedRowsOptions<Row, Answer> {
  /** Rows per page, which is also rows per request. */
  pageSize: number
  /** Asks for one page (counted from 0). */
  fetch: (page: number) => Promise<Answer>
  /** The page's rows in an answer. */
  rowsOf: (answer: Answer) => Row[]
  /** An answer for the rows as they are now (answers for rows since reset never get here). */
  onAnswer: (answer: Answer, page: number) => void
  /** A failure for the rows as they are now. */
  onError: (err: unknown, page: number) => void
  /** Pages kept either side of those in view; without it, pages are kept until the next reset. */
  keepAround?: number
}

/**
 * The rows behind a virtual list, fetched a page at a time as they scroll into view: each page is
 * asked for once (while it is on its way, asking again waits for the same request), and a reset
 * (new query, new filters) discards every page and every answer still on its way, so a slow answer
 * to an old query never lands among the new rows.
 *
 * A reload (the next keystroke's query) keeps the rows shown until the new first page replaces them
 * all, so typing never blanks the list; an answer to a superseded reload is dropped whenever it
 * arrives, so an older answer never paints over a newer one.
 */
export function createPagedRows<Row, Answer>(o: PagedRowsOptions<Row, Answer>) {
  const pages = shallowReactive(new Map<number, Row[]>())
  /** The generation each held page was answered in: a reload's first page lets the older ones go. */
  const pageGen = new Map<number, number>()
  const inFlight = new Map<number, Promise<void>>()
  /** True while any page is on its way. */
  const loading = ref(false)
  let generation = 0
  let visible: [number, number] = [0, o.pageSize]

  const pageOf = (index: number) => Math.floor(index / o.pageSize)
  const pagesOf = (start: number, end: number) => [pageOf(start), pageOf(Math.max(start, end - 1))] as const

  /** Forgets every page; answers still on their way will be dropped. */
  function reset(): void {
    generation++
    pages.clear()
    pageGen.clear()
    inFlight.clear()
  }

  /**
   * Starts again from the first page, showing the rows held until it arrives. Asked at once, even
   * with an earlier reload on its way (that one may be stuck on a service that stopped answering).
   */
  function reload(): Promise<void> {
    generation++
    inFlight.clear()
    return fetchPage(0, true, true)
  }

  /**
   * Fetches a page unless it is held or on its way; `force` asks again anyway, keeping the rows held
   * until the answer; `fresh` (a reload's first page) then drops every page of an earlier generation.
   */
  function fetchPage(page: number, force = false, fresh = false): Promise<void> {
    const pending = inFlight.get(page)
    if (!force && (pages.has(page) || pending)) return pending ?? Promise.resolve()
    const gen = generation
    loading.value = true
    const run: Promise<void> = (async () => {
      try {
        const answer = await o.fetch(page)
        if (gen !== generation) return
        if (fresh) for (const p of [...pages.keys()]) if (pageGen.get(p) !== gen) pages.delete(p)
        pages.set(page, o.rowsOf(answer))
        pageGen.set(page, gen)
        o.onAnswer(answer, page)
      } catch (err) {
        if (gen !== generation) return
        if (fresh) for (const p of [...pages.keys()]) if (pageGen.get(p) !== gen) pages.delete(p)
        o.onError(err, page)
      }
    })().finally(() => {
      if (inFlight.get(page) === run) inFlight.delete(page)
      if (!inFlight.size) loading.value = false
    })
    inFlight.set(page, run)
    return run
  }

  /** The row at a position of the whole result, or undefined while its page is loading. */
  function rowAt(index: number): Row | undefined {
    return pages.get(pageOf(index))?.[index % o.pageSize]
  }

  /** The list shows rows [start, end): fetch the pages they are on (and let far-away ones go). */
  function ensureRange(start: number, end: number): void {
    visible = [start, end]
    const [first, last] = pagesOf(start, end)
    if (o.keepAround !== undefined) for (const p of [...pages.keys()]) if (p < first - o.keepAround || p > last + o.keepAround) pages.delete(p)
    for (let p = first; p <= last; p++) void fetchPage(p)
  }

  /** The rows changed on the service: pages in view are fetched again (their rows stay until then), the others are dropped. */
  async function refreshVisible(): Promise<void> {
    const [first, last] = pagesOf(visible[0], visible[1])
    for (const p of [...pages.keys()]) if (p < first || p > last) pages.delete(p)
    const work: Promise<void>[] = []
    for (let p = first; p <= last; p++) work.push(fetchPage(p, true))
    await Promise.all(work)
  }

  return { loading, reset, reload, rowAt, ensureRange, refreshVisible }
}
