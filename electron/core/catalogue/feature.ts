import { CatalogueQuery } from '../../../shared/model/catalogue-search'
import type { CoreContext, Feature } from '../context'
import { ViewState } from '../store/view-state'
import type { ExternalLinks } from '../system/external-links'
import { Catalogue, type CatalogueOptions, type CatalogueReader } from './catalogue'

export interface CatalogueFeature extends Feature {
  /** The local catalogue for other core modules (baskets): SKU resolution and price estimates. */
  reader: CatalogueReader
  catalogue: Catalogue
}

/** The catalogue channels over the offline-first local catalogue. */
export function catalogueFeature(ctx: CoreContext, opts: CatalogueOptions = {}, links?: Pick<ExternalLinks, 'noteProductDocuments'>): CatalogueFeature {
  const catalogue = new Catalogue(ctx, opts)
  /** The catalogue view's query, filters and sort, kept per profile as the orders list's filters are. */
  const keptQuery = new ViewState(ctx.settings, ctx.clock, 'catalogue.query', CatalogueQuery, () => CatalogueQuery.parse({}))
  return {
    catalogue,
    reader: catalogue.reader,
    handlers: {
      'catalogue.search': (input) => catalogue.search(input),
      'catalogue.lastQuery': () => keptQuery.read(ctx.connection.require().profile.id),
      'catalogue.rememberQuery': (query) => {
        keptQuery.remember(ctx.connection.require().profile.id, query)
        return query
      },
      'catalogue.product': async ({ id }) => {
        const product = await catalogue.product(id)
        // Only the local catalogue's copy vouches for document links (not a live fallback answer).
        links?.noteProductDocuments(catalogue.reader.getProduct(id))
        return product
      },
      'catalogue.summaries': ({ ids }) => catalogue.summaries(ids),
      'catalogue.lookupSku': ({ sku }) => catalogue.lookupSku(sku),
      'catalogue.status': () => catalogue.status(),
      'catalogue.sync': () => catalogue.sync(),
      'catalogue.cancelSync': () => ({ cancelled: catalogue.cancelSync() }),
      'catalogue.setRefreshHours': ({ hours }) => catalogue.setRefreshHours(hours),
      'catalogue.productGroups': () => catalogue.productGroups(),
      'catalogue.productGroup': ({ id }) => catalogue.productGroup(id),
      'catalogue.facets': () => catalogue.facets(),
      'catalogue.facetCounts': (input) => catalogue.facetCounts(input),
      'catalogue.image': ({ productId, kind }) => catalogue.image(productId, kind),
    },
    start: () => catalogue.start(),
    stop: async () => {
      await catalogue.stop()
      keptQuery.flush()
    },
  }
}
