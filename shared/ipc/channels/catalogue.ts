import { z } from 'zod'
import { Id, Product, ProductGroup } from '../../api'
import { ById, channel } from '../contract-kit'
import { CatalogueQuery, CatalogueSearchInput, CatalogueSearchResult, FacetCounts, FacetCountsInput } from '../../model/catalogue-search'
import { CatalogueStatus, SyncOutcome } from '../../model/catalogue-sync'
import { Facet, ImageKind, ProductGroupSummary, ProductSummary } from '../../model/product'

// The catalogue's types are the domain model's (shared/model); re-exported for the renderer's imports.
export { Facet, ImageKind, MatchKind, ProductGroupSummary, ProductSummary } from '../../model/product'
export { CatalogueQuery, CatalogueSearchInput, CatalogueSearchResult, CatalogueSort, FacetCounts } from '../../model/catalogue-search'
export { CatalogueStatus, SyncOutcome, SyncProgress, syncUnderWay } from '../../model/catalogue-sync'

export const catalogueChannels = {
  'catalogue.search': channel(CatalogueSearchInput, CatalogueSearchResult),
  /** The catalogue view's last query, filters and sort for the active profile (kept across restarts). */
  'catalogue.lastQuery': channel(z.undefined(), CatalogueQuery),
  'catalogue.rememberQuery': channel(CatalogueQuery, CatalogueQuery),
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
  /** The vendors' and types' counts for a query and filters (the facets' own counts are the whole catalogue's). */
  'catalogue.facetCounts': channel(FacetCountsInput, FacetCounts),
  /** A product image as a data: URL, cached on disk so it shows offline; null when the product has none. */
  'catalogue.image': channel(z.object({ productId: Id, kind: ImageKind }), z.object({ dataUrl: z.string().nullable() })),
}
