import { describe, expect, it } from 'vitest'
import { createPagedRows } from './paged-rows'

/**
 * The page cache behind the catalogue results and the orders table. Its source is a stand-in
 * whose answers the test releases one by one, so the order they arrive in is the test's choice.
 */
type Answer = { rows: string[]; total: number }

function harness(opts: { keepAround?: number } = {}) {
  const asked: { page: number; answer: (a: Answer) => void; fail: (e: Error) => void }[] = []
  const answers: number[] = []
  const errors: number[] = []
  const rows = createPagedRows<string, Answer>({
    pageSize: 10,
    fetch: (page) => new Promise((answer, fail) => asked.push({ page, answer, fail })),
    rowsOf: (a) => a.rows,
    onAnswer: (_a, page) => answers.push(page),
    onError: (_e, page) => errors.push(page),
    keepAround: opts.keepAround,
  })
  const pageRows = (page: number, tag = 'r') => Array.from({ length: 10 }, (_, i) => `${tag}${page * 10 + i}`)
  /** Answers the oldest open request for `page` with rows named after `tag`. */
  async function answer(page: number, tag = 'r'): Promise<void> {
    const i = asked.findIndex((a) => a.page === page)
    if (i < 0) throw new Error(`page ${page} was not asked for`)
    const [req] = asked.splice(i, 1)
    req!.answer({ rows: pageRows(page, tag), total: 1000 })
    await new Promise((r) => setTimeout(r, 0))
  }
  return { rows, asked, answers, errors, answer }
}

describe('paged rows', () => {
  it('fetches the pages a range is on, each once, and answers rows by their position in the whole result', async () => {
    const h = harness()
    h.rows.ensureRange(5, 25)
    h.rows.ensureRange(8, 28) // the same pages while they are on their way: no new requests
    expect(h.asked.map((a) => a.page)).toEqual([0, 1, 2])
    expect(h.rows.loading.value).toBe(true)
    expect(h.rows.rowAt(12)).toBeUndefined()

    await h.answer(1)
    expect(h.rows.rowAt(12)).toBe('r12')
    await h.answer(0)
    await h.answer(2)
    expect(h.rows.loading.value).toBe(false)
    expect([h.rows.rowAt(0), h.rows.rowAt(29)]).toEqual(['r0', 'r29'])

    h.rows.ensureRange(0, 30) // held pages are not asked for again
    expect(h.asked).toHaveLength(0)
  })

  it('drops an answer that arrives after a reload: the old rows never show among the new ones', async () => {
    const h = harness()
    h.rows.ensureRange(0, 10)
    const reloaded = h.rows.reload() // a new query while the old first page is on its way
    expect(h.asked.map((a) => a.page)).toEqual([0, 0])

    await h.answer(0, 'old')
    expect(h.rows.rowAt(0)).toBeUndefined()
    expect(h.answers).toEqual([])
    expect(h.rows.loading.value).toBe(true)

    await h.answer(0, 'new')
    await reloaded
    expect(h.rows.rowAt(0)).toBe('new0')
    expect(h.answers).toEqual([0])
    expect(h.rows.loading.value).toBe(false)
  })

  it('reports a failure only for the current rows', async () => {
    const h = harness()
    h.rows.ensureRange(0, 10)
    const old = h.asked.shift()!
    h.rows.reset()
    old.fail(new Error('late'))
    h.rows.ensureRange(0, 10)
    h.asked.shift()!.fail(new Error('now'))
    await new Promise((r) => setTimeout(r, 0))
    expect(h.errors).toEqual([0])
    expect(h.rows.loading.value).toBe(false)
  })

  it('lets pages far from the view go, and fetches them again when they come back into view', async () => {
    const h = harness({ keepAround: 1 })
    h.rows.ensureRange(0, 10)
    await h.answer(0)
    h.rows.ensureRange(10, 20) // page 0 is one page away: kept
    await h.answer(1)
    expect(h.rows.rowAt(0)).toBe('r0')
    h.rows.ensureRange(20, 30) // two pages away now: let go
    expect(h.rows.rowAt(0)).toBeUndefined()
    expect(h.rows.rowAt(10)).toBe('r10')
    await h.answer(2)

    h.rows.ensureRange(0, 10)
    expect(h.asked.map((a) => a.page)).toEqual([0])
  })

  it('keeps every page without a keepAround', async () => {
    const h = harness()
    h.rows.ensureRange(0, 10)
    await h.answer(0)
    h.rows.ensureRange(500, 510)
    await h.answer(50)
    expect(h.rows.rowAt(0)).toBe('r0')
  })

  it('refreshes the pages in view, showing their old rows until the new ones arrive, and drops the rest', async () => {
    const h = harness()
    h.rows.ensureRange(0, 10)
    await h.answer(0)
    h.rows.ensureRange(10, 20)
    await h.answer(1)

    const refreshed = h.rows.refreshVisible()
    expect(h.asked.map((a) => a.page)).toEqual([1])
    expect(h.rows.rowAt(0)).toBeUndefined()
    expect(h.rows.rowAt(10)).toBe('r10')
    await h.answer(1, 'fresh')
    await refreshed
    expect(h.rows.rowAt(10)).toBe('fresh10')
  })

  it('keeps showing the rows held while a reload is on its way, then shows only the new ones', async () => {
    const h = harness()
    h.rows.ensureRange(0, 20)
    await h.answer(0)
    await h.answer(1)
    const reloaded = h.rows.reload()
    expect(h.rows.rowAt(3)).toBe('r3') // the list does not blank between keystrokes
    await h.answer(0, 'new')
    await reloaded
    expect(h.rows.rowAt(3)).toBe('new3')
    expect(h.rows.rowAt(13)).toBeUndefined() // the old second page is let go with the rest
  })

  it('asks every reload at once and shows only the newest answer, whatever order the answers arrive in', async () => {
    const h = harness()
    const first = h.rows.reload()
    void h.rows.reload()
    const last = h.rows.reload()
    expect(h.asked.map((a) => a.page)).toEqual([0, 0, 0]) // none waits for another (one may never be answered)
    const [a, b, c] = h.asked.splice(0, 3)
    c!.answer({ rows: ['newest'], total: 1 })
    await last
    expect(h.rows.rowAt(0)).toBe('newest')
    a!.answer({ rows: ['oldest'], total: 1 })
    b!.answer({ rows: ['older'], total: 1 })
    await first
    await new Promise((r) => setTimeout(r, 0))
    expect(h.rows.rowAt(0)).toBe('newest') // late answers to superseded queries are dropped
    expect(h.answers).toEqual([0])
  })
})
