import { describe, expect, it } from 'vitest'
import { createRowsById } from './rows-by-id'

/**
 * The rows of a list known by its ids. The source is a stand-in whose answers the test releases
 * one by one, so what is asked, and when, is the test's to see.
 */
type Row = { id: number; name: string }

function harness(chunk = 10, more: { backgroundChunk?: number; whenIdle?: () => Promise<void> } = {}) {
  const asked: { ids: number[]; answer: (rows?: Row[]) => Promise<void> }[] = []
  const rows = createRowsById<Row>({
    idOf: (r) => r.id,
    chunk,
    ...more,
    fetch: (ids) =>
      new Promise((resolve) => {
        asked.push({
          ids,
          answer: async (given) => {
            resolve(given ?? ids.map((id) => ({ id, name: `order ${id}` })))
            await new Promise((r) => setTimeout(r, 0))
          },
        })
      }),
  })
  /** Answers every request until none is open (the background reading included). */
  async function answerAll(): Promise<void> {
    while (asked.length) await asked.shift()!.answer()
  }
  return { rows, asked, answerAll }
}
const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i)

describe('rows by id', () => {
  it('reads the rows in view first, then the rest nearest the view, a chunk at a time', async () => {
    const h = harness()
    h.rows.ensureRange(50, 55)
    h.rows.setOrder(ids(100))
    h.rows.ensureRange(50, 55) // on their way already: not asked twice
    expect(h.asked.map((a) => a.ids)).toEqual([[51, 50, 52, 49, 53, 48, 54, 47, 55, 46]]) // outwards from the view, one chunk at a time
    expect(h.rows.rowAt(50)).toBeUndefined()
    await h.asked.shift()!.answer()
    expect(h.rows.rowAt(50)).toEqual({ id: 51, name: 'order 51' })
    expect(h.asked.map((a) => a.ids)).toEqual([[56, 45, 57, 44, 58, 43, 59, 42, 60, 41]])
    h.rows.ensureRange(90, 95) // a jump: those rows are asked for at once, beside the background reading
    expect(h.asked.map((a) => a.ids)).toEqual([
      [56, 45, 57, 44, 58, 43, 59, 42, 60, 41],
      [91, 92, 93, 94, 95],
    ])
    await h.answerAll()
    expect(h.rows.holds(0, 100)).toBe(true)
  })

  it('shows any position of the list, and the same rows in another order, without asking again once held', async () => {
    const h = harness(50)
    h.rows.setOrder(ids(100))
    await h.answerAll()
    h.rows.ensureRange(90, 100) // a jump to the end
    expect(h.rows.rowAt(99)).toEqual({ id: 100, name: 'order 100' })
    h.rows.setOrder(ids(100).reverse()) // sorted the other way
    h.rows.ensureRange(0, 10)
    expect(h.asked).toHaveLength(0)
    expect(h.rows.rowAt(0)).toEqual({ id: 100, name: 'order 100' })
    expect(h.rows.rowAt(99)).toEqual({ id: 1, name: 'order 1' })
  })

  it('does not ask again for an order the source does not hold, and reads changed rows again on request', async () => {
    const h = harness()
    h.rows.setOrder([1, 2, 3])
    await h.asked.shift()!.answer([{ id: 1, name: 'one' }, { id: 3, name: 'three' }])
    h.rows.ensureRange(0, 3)
    expect(h.asked).toHaveLength(0)
    expect(h.rows.rowAt(1)).toBeUndefined()
    const refreshed = h.rows.refresh([3])
    await h.asked.shift()!.answer([{ id: 3, name: 'three, shipped' }])
    await refreshed
    expect(h.rows.rowAt(2)).toEqual({ id: 3, name: 'three, shipped' })
  })

  it('forgets every row when cleared, and drops answers asked for before', async () => {
    const h = harness()
    h.rows.setOrder(ids(5))
    const late = h.asked.shift()!
    h.rows.clear()
    await late.answer()
    h.rows.setOrder(ids(5))
    expect(h.rows.rowAt(0)).toBeUndefined()
    await h.answerAll()
    expect(h.rows.rowAt(0)).toEqual({ id: 1, name: 'order 1' })
  })

  // A sort clicked while 20,000 rows were read in the background waited behind a chunk of 1,000 in the core.
  it('holds its background reading while the user’s own query is answered, in smaller chunks, but never the rows in view', async () => {
    let busy = true
    let idle: (() => void) | null = null
    const h = harness(10, { backgroundChunk: 4, whenIdle: () => (busy ? new Promise<void>((r) => (idle = r)) : Promise.resolve()) })
    h.rows.ensureRange(0, 3)
    h.rows.setOrder(ids(20))
    h.rows.ensureRange(0, 3)
    await new Promise((r) => setTimeout(r, 0))
    // The rows in view are asked for at once; the rest wait.
    expect(h.asked.map((a) => a.ids)).toEqual([[1, 2, 3]])
    await h.asked.shift()!.answer()
    expect(h.asked).toEqual([])
    // The query answered: the background reading goes on, four at a time.
    busy = false
    idle!()
    await new Promise((r) => setTimeout(r, 0))
    expect(h.asked.map((a) => a.ids)).toEqual([[4, 5, 6, 7]])
    await h.answerAll()
    expect(h.rows.holds(0, 20)).toBe(true)
  })
})
