import type { Store } from './db/store'

/** A product page's validator and its list headers, as last answered. */
export interface PageValidator {
  etag: string
  list: { total: number; perPage: number }
}

/** Queries remembered at most (per organisation and query); past it they are forgotten at once. */
const MAX_KEPT = 5000

/**
 * The ETags of the product pages last answered, per organisation and query, so a page asked again
 * with its ETag is answered 304 without being built again (a service keeps its validators by data
 * version). One is valid only while nothing at all has been written to the sandbox's database
 * since (SQLite's total_changes() counts every row changed on its connection: products, prices,
 * organisations, and orders too) and the base URL is the same: never kept for data that may have
 * changed, at the price of building a page again after an unrelated write.
 */
export class PageValidators {
  private readonly kept = new Map<string, PageValidator & { version: string }>()

  constructor(
    private readonly store: Store,
    private readonly baseUrl: () => string,
  ) {}

  get(organisation: number, query: unknown): PageValidator | undefined {
    const kept = this.kept.get(key(organisation, query))
    return kept && kept.version === this.version() ? kept : undefined
  }

  set(organisation: number, query: unknown, validator: PageValidator): void {
    if (this.kept.size >= MAX_KEPT) this.kept.clear()
    this.kept.set(key(organisation, query), { ...validator, version: this.version() })
  }

  private version(): string {
    return `${this.store.get<{ n: number }>('SELECT total_changes() AS n')!.n} ${this.baseUrl()}`
  }
}

const key = (organisation: number, query: unknown) => `${organisation} ${JSON.stringify(query)}`
