import { z } from 'zod'
import { Id, Product, ProductGroup, ProductGroupListItem, PRODUCT_SORTS } from '../../api'
import { ById, channel } from '../contract-kit'

/** How a result matched the query box: exact SKU, SKU prefix, free text, or no query at all (browsing). */
export const MatchKind = z.enum(['exact', 'prefix', 'text', 'browse'])
export type MatchKind = z.infer<typeof MatchKind>

/** 'relevance' keeps the match order (exact SKU, SKU prefix, text rank); the others are the spec's sorts. */
export const CatalogueSort = z.enum(['relevance', ...PRODUCT_SORTS])
export type CatalogueSort = z.infer<typeof CatalogueSort>

/** A product as a result row shows it; the full record comes from catalogue.product. */
export const ProductSummary = Product.pick({
  id: true,
  name: true,
  product_code: true,
  vendor: true,
  type: true,
  price: true,
  rrp: true,
  stock: true,
  subscription_type: true,
  subscription_product_type: true,
}).extend({
  match: MatchKind,
  has_thumb: z.boolean(),
  /** The service's record failed the product schema: what could be read is shown, marked (issue 14). */
  partial: z.boolean().optional(),
})
export type ProductSummary = z.infer<typeof ProductSummary>

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

/** An answer from a first sync's pages as they land: how much of the catalogue it could search. */
export const SearchPartial = z.object({
  /** Products landed so far (findable by SKU; by name once their text is indexed). */
  products: z.int().min(0),
  /** Products the service said it has; null when it did not say. */
  expected: z.int().min(0).nullable(),
  /** Some landed products' names and descriptions are still being indexed. */
  textPending: z.boolean(),
})
export type SearchPartial = z.infer<typeof SearchPartial>

export const CatalogueSearchResult = z.object({
  items: z.array(ProductSummary),
  /** Every match of the query and filters, across all pages. */
  total: z.int().min(0),
  /** 'service' when the local catalogue was empty and the service's own text search answered. */
  source: z.enum(['local', 'service']),
  /** How many of the total matched each way. */
  matchKinds: z.object({ exact: z.int(), prefix: z.int(), text: z.int() }),
  /** When the local prices were fetched (ISO); null if never synced. */
  pricesAsOf: z.string().nullable(),
  /** Present when the answer searched only what a first sync has landed so far. */
  partial: SearchPartial.optional(),
})
export type CatalogueSearchResult = z.infer<typeof CatalogueSearchResult>

const SyncPhase = z.enum(['fetching', 'finalizing', 'done', 'failed', 'cancelled'])
type SyncPhase = z.infer<typeof SyncPhase>

export const SyncProgress = z.object({
  phase: SyncPhase,
  pagesDone: z.int().min(0),
  pagesTotal: z.int().min(0),
  products: z.int().min(0),
  /** Products skipped because they did not have the shape of a product. */
  invalid: z.int().min(0),
  productsPerSecond: z.number().min(0),
  /** Products a search finds by SKU and name so far (their text is indexed). */
  productsSearchable: z.int().min(0).optional(),
  etaSeconds: z.number().min(0).nullable(),
  /** Why a sync failed. */
  message: z.string().optional(),
})
export type SyncProgress = z.infer<typeof SyncProgress>

export const CatalogueStatus = z.object({
  products: z.int().min(0),
  /** The last completed sync (ISO): what "prices as of …" shows. Null: never synced. */
  lastSyncAt: z.string().nullable(),
  syncing: z.boolean(),
  progress: SyncProgress.nullable(),
  /** Products the last completed sync left out: rows without a usable id. */
  lastInvalid: z.int().min(0),
  /** Products of the live catalogue that could only be partly read (kept and marked, issue 14). */
  partialProducts: z.int().min(0).default(0),
  lastError: z.string().nullable(),
  /** Automatic refresh interval in hours; 0 = only on demand. */
  refreshHours: z.number().min(0),
  nextSyncAt: z.string().nullable(),
})
export type CatalogueStatus = z.infer<typeof CatalogueStatus>

export const SyncOutcome = z.object({
  outcome: z.enum(['completed', 'cancelled', 'failed']),
  products: z.int().min(0),
  invalid: z.int().min(0),
  message: z.string().optional(),
})
export type SyncOutcome = z.infer<typeof SyncOutcome>

/** A vendor or product type present in the catalogue; id -1 stands for "none". */
export const Facet = z.object({ id: z.int().min(-1), count: z.int().min(0) })
export type Facet = z.infer<typeof Facet>

export const ProductGroupSummary = ProductGroupListItem.extend({ product_count: z.int().min(0) })
export type ProductGroupSummary = z.infer<typeof ProductGroupSummary>

export const ImageKind = z.enum(['thumb', 'main'])
export type ImageKind = z.infer<typeof ImageKind>

export const catalogueChannels = {
  'catalogue.search': channel(CatalogueSearchInput, CatalogueSearchResult),
  'catalogue.product': channel(ById, Product),
  /** Summaries of the products with these ids that the local catalogue holds, in the order asked (others are left out). */
  'catalogue.summaries': channel(z.object({ ids: z.array(Id).max(1000) }), z.array(ProductSummary)),
  /** Exact SKU (case-insensitive): for the scanner and for pasted or imported lines. */
  'catalogue.lookupSku': channel(z.object({ sku: z.string().trim().min(1).max(255) }), z.array(ProductSummary)),
  'catalogue.status': channel(z.undefined(), CatalogueStatus),
  /** Runs a full sync (or resumes an interrupted one) and answers when it ends. */
  'catalogue.sync': channel(z.undefined(), SyncOutcome),
  'catalogue.cancelSync': channel(z.undefined(), z.object({ cancelled: z.boolean() })),
  'catalogue.setRefreshHours': channel(z.object({ hours: z.number().min(0).max(24 * 30) }), CatalogueStatus),
  'catalogue.productGroups': channel(z.undefined(), z.array(ProductGroupSummary)),
  'catalogue.productGroup': channel(ById, z.object({ group: ProductGroup, products: z.array(ProductSummary) })),
  'catalogue.facets': channel(z.undefined(), z.object({ vendors: z.array(Facet), types: z.array(Facet) })),
  /** A product image as a data: URL, cached on disk so it shows offline; null when the product has none. */
  'catalogue.image': channel(z.object({ productId: Id, kind: ImageKind }), z.object({ dataUrl: z.string().nullable() })),
}

export const catalogueEvents = {
  'catalogue.syncProgress': SyncProgress,
}
