import { PER_PAGE_MAX } from '../../../shared/api'

type Headers = Record<string, string | string[] | undefined>

/**
 * A list's totals from X-Total-Count and X-Total-Pages (the record: every list carries both). Where
 * X-Total-Pages is missing it is counted from X-Total-Count and the page size asked for; where both
 * are, a full page means there may be more (one page further), and the total is what the pages up
 * to this one hold: a reader walking the pages reads on until a short one, never stopping at page 1.
 */
export function listTotals(headers: Headers, rows: number, query: { page?: unknown; per_page?: unknown } | undefined): { total: number; pages: number } {
  const asked = (v: unknown, otherwise: number) => {
    const n = Number(Array.isArray(v) ? v[0] : v)
    return Number.isInteger(n) && n >= 1 ? n : otherwise
  }
  const page = asked(query?.page, 1)
  const perPage = Math.min(asked(query?.per_page, PER_PAGE_MAX), PER_PAGE_MAX)
  const count = headerNumber(headers['x-total-count'])
  const pages = headerNumber(headers['x-total-pages'])
  if (count !== null) return { total: count, pages: pages ?? Math.ceil(count / perPage) }
  const seen = (page - 1) * perPage + rows
  return { total: seen, pages: pages ?? (rows >= perPage ? page + 1 : page) }
}

function headerNumber(v: string | string[] | undefined): number | null {
  const s = Array.isArray(v) ? v[0] : v
  if (s === undefined) return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}
