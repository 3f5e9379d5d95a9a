import { z } from 'zod'
import { PRODUCT_SORTS } from '../api'
import { ProductSummary } from './product'

/** 'relevance' keeps the match order (exact SKU, SKU prefix, text rank); the others are the spec's sorts. */
export const CatalogueSort = z.enum(['relevance', ...PRODUCT_SORTS])
export type CatalogueSort = z.infer<typeof CatalogueSort>

/** Vendor / type filter values: ids, or -1 for "none" (as the service's own filters). */
const FilterIds = z.array(z.int().min(-1)).max(200)

export const CatalogueSearchInput = z.object({
  query: z.string().max(255).default(''),
  vendor: FilterIds.optional(),
  type: FilterIds.optional(),
  sort: CatalogueSort.default('relevance'),
  offset: z.int().min(0).max(10_000_000).default(0),
  limit: z.int().min(1).max(500).default(50),
})
export type CatalogueSearchInput = z.input<typeof CatalogueSearchInput>

/**
 * What the catalogue view shows: the box's query, the filters and the sort. The core keeps the
 * last one per profile, so a reload or a restart finds the search as the rep left it.
 */
export const CatalogueQuery = z.object({
  query: z.string().max(255).default(''),
  vendor: FilterIds.default([]),
  type: FilterIds.default([]),
  sort: CatalogueSort.default('relevance'),
})
export type CatalogueQuery = z.infer<typeof CatalogueQuery>

/** The query box and the filters whose vendor and type counts are asked. */
export const FacetCountsInput = CatalogueSearchInput.pick({ query: true, vendor: true, type: true })
export type FacetCountsInput = z.input<typeof FacetCountsInput>

const FacetCount = z.object({ id: z.int().min(-1), count: z.int().min(1) })

/**
 * How many products each vendor and each type would list for the query and the other filter: a
 * vendor's count keeps the type filter and leaves the vendor filter aside (so the vendors not
 * chosen say what choosing them would add), and a type's the other way round. Only the ids with
 * products; -1 for "none". Null when the catalogue on this computer is empty (the service answers).
 */
export const FacetCounts = z.object({ vendors: z.array(FacetCount), types: z.array(FacetCount) }).nullable()
export type FacetCounts = z.infer<typeof FacetCounts>

/** An answer from a first sync's pages as they land: how much of the catalogue it could search. */
export const SearchPartial = z.object({
  /** Products landed so far (each findable by SKU and name as it lands). */
  products: z.int().min(0),
  /** Products the service said it has; null when it did not say. */
  expected: z.int().min(0).nullable(),
  /**
   * The descriptions are still being indexed (once every page has landed): a product that matches
   * only in its description may be missing from the answer.
   */
  descriptionsPending: z.boolean().default(false),
})
export type SearchPartial = z.infer<typeof SearchPartial>

export const CatalogueSearchResult = z.object({
  items: z.array(ProductSummary),
  /** Every match of the query and filters, across all pages. */
  total: z.int().min(0),
  /** 'service' when the local catalogue was empty and the service's own text search answered. */
  source: z.enum(['local', 'service']),
  /** How many of the total matched each way. */
  matchKinds: z.object({ exact: z.int(), prefix: z.int(), text: z.int(), similar: z.int().optional() }),
  /** When the local prices were fetched (ISO); null if never synced. */
  pricesAsOf: z.string().nullable(),
  /** Present when the answer searched only what a first sync has landed so far. */
  partial: SearchPartial.optional(),
})
export type CatalogueSearchResult = z.infer<typeof CatalogueSearchResult>
