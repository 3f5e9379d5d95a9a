/**
 * The offline-first catalogue. Other core modules read it through `CatalogueReader`, obtained from
 * the feature: `const catalogue = catalogueFeature(ctx); catalogue.reader.findBySku('SW-24P-POE')`.
 */
export type { CatalogueReader, CatalogueOptions } from './catalogue'
export { Catalogue } from './catalogue'
export { catalogueFeature, type CatalogueFeature } from './feature'
