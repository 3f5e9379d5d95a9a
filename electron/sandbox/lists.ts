import type { z } from 'zod'
import { ApiError, fieldErrors } from './errors'

/**
 * The query string as an object: a repeated parameter becomes an array (the list schemas OR its
 * values), and the array spellings of common client libraries, `name[]` and `name[0]`, are accepted
 * for `name`. `sort_by` may also list its values with commas (`sort_by=-price,+name`).
 */
export function queryObject(url: string): Record<string, string | string[]> {
  const q = url.indexOf('?')
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1))
  const out: Record<string, string | string[]> = {}
  const push = (key: string, value: string) => {
    const prev = out[key]
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
  }
  for (const [rawKey, raw] of params) {
    const key = rawKey.replace(/\[[0-9]*\]$/, '')
    if (key === 'sort_by') for (const part of raw.split(',')) push(key, normaliseSort(part))
    else push(key, raw)
  }
  return out
}

/**
 * An unencoded `+` arrives as a space (`sort_by=+name` decodes to " name"): read it as the `+` the
 * caller meant; a bare field name means ascending.
 */
function normaliseSort(v: string): string {
  if (v === '') return v
  if (v.startsWith(' ')) return `+${v.slice(1)}`
  return /^[a-z_]/.test(v) ? `+${v}` : v
}

/** A malformed query (wrong type, per_page below 1, unknown sort) is a 400 naming the parameters. */
export function parseQuery<T>(schema: z.ZodType<T>, url: string): T {
  const parsed = schema.safeParse(queryObject(url))
  if (!parsed.success) throw new ApiError(400, 'The query string is not valid', fieldErrors(parsed.error.issues))
  return parsed.data
}

/** The text values worth matching: trimmed, blank ones dropped (`text=` is no filter). */
export function texts(values: readonly string[] | undefined): string[] {
  return (values ?? []).map((t) => t.trim()).filter((t) => t !== '')
}

/** A repeated boolean filter is ORed: one value filters, both values (or none) do not. */
export function oneBoolean(values: readonly boolean[] | undefined): boolean | undefined {
  if (!values?.length) return undefined
  return values.every((v) => v === values[0]) ? values[0] : undefined
}

export interface Page {
  limit: number
  offset: number
}

export function pageOf(p: { page: number; per_page: number }): Page {
  return { limit: p.per_page, offset: (p.page - 1) * p.per_page }
}

/** X-Total-Count is every matching record; X-Total-Pages is ceil(count / per_page) (0 when nothing matches). */
export function listHeaders(total: number, perPage: number): Record<string, string> {
  return { 'X-Total-Count': String(total), 'X-Total-Pages': String(Math.ceil(total / perPage)) }
}

/** Query fragments shared by the list operations. */
export class Where {
  readonly clauses: string[] = []
  readonly params: (string | number | null)[] = []

  add(clause: string, ...params: (string | number | null)[]): this {
    this.clauses.push(clause)
    this.params.push(...params)
    return this
  }

  /** One clause per value, ORed (a repeated filter parameter); nothing when there are none. */
  anyOf<T>(values: readonly T[], clause: (value: T) => [string, ...(string | number | null)[]]): this {
    if (!values.length) return this
    const parts = values.map(clause)
    return this.add(`(${parts.map((p) => p[0]).join(' OR ')})`, ...parts.flatMap((p) => p.slice(1) as (string | number | null)[]))
  }

  /** `column IN (...)` over a JSON array parameter: one placeholder whatever the number of values. */
  inList(column: string, values: readonly (string | number)[]): this {
    return this.add(`${column} IN (SELECT value FROM json_each(?))`, JSON.stringify(values))
  }

  get sql(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(' AND ')}` : ''
  }
}

/**
 * ORDER BY from validated sort_by values (whitelisted by the schema), with the id as tie-break:
 * ascending, or with `tiesInSortDirection` in the direction of the last sort (orders: "-date" lists
 * the later of two orders placed in the same second first, newest first to the last).
 */
export function orderBy(sorts: readonly string[], columns: Record<string, string>, tiesInSortDirection = false): string {
  const parts = sorts.map((s) => {
    const column = columns[s.slice(1)]
    if (!column) throw new ApiError(400, `Unknown sort_by value ${s}`)
    return `${column} ${s.startsWith('-') ? 'DESC' : 'ASC'}`
  })
  const tie = tiesInSortDirection && sorts.at(-1)?.startsWith('-') ? 'id DESC' : 'id ASC'
  return `ORDER BY ${[...parts, tie].join(', ')}`
}
