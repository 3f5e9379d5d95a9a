import type { Facet } from '../../../shared/model/product'
import type { ServiceClient } from '../service/client'
import { ServiceError } from '../service/service-error'
import type { CatalogueDb } from './catalogue-db'

/**
 * Names of vendors and product types. The spec shows only their ids; a service answering
 * GET /vendors and GET /product_types (ours: our sandbox does) names them, and the names are kept
 * beside the catalogue so they show offline. A service without those lists (404, refused) leaves
 * them unnamed: the views then say "Vendor 4".
 */
export interface FacetNames {
  vendors: Record<string, string>
  types: Record<string, string>
}

const META_KEY = 'facet_names'

export function storedFacetNames(cdb: CatalogueDb): FacetNames {
  return cdb.meta<FacetNames>(META_KEY) ?? { vendors: {}, types: {} }
}

/** Asks the service for the names and stores what it gave; a list it has not leaves that kind unnamed. */
export async function refreshFacetNames(cdb: CatalogueDb, client: Pick<ServiceClient, 'list'>): Promise<FacetNames> {
  const names = async (op: 'listVendors' | 'listProductTypes'): Promise<Record<string, string> | null> => {
    try {
      const res = await client.list(op, { query: { page: 1, per_page: 1000 } })
      return Object.fromEntries(res.items.map((r) => [String(r.id), r.name]))
    } catch (err) {
      // Not a list this service has (404 and other refusals): no names. A network failure keeps the old ones.
      if (err instanceof ServiceError && !err.transient) return {}
      return null
    }
  }
  const [vendors, types] = await Promise.all([names('listVendors'), names('listProductTypes')])
  const before = storedFacetNames(cdb)
  const next = { vendors: vendors ?? before.vendors, types: types ?? before.types }
  cdb.setMeta(META_KEY, next)
  return next
}

export function withNames(facets: { vendors: Facet[]; types: Facet[] }, names: FacetNames): { vendors: Facet[]; types: Facet[] } {
  const named = (list: Facet[], by: Record<string, string>) => list.map((f) => (by[String(f.id)] ? { ...f, name: by[String(f.id)] } : f))
  return { vendors: named(facets.vendors, names.vendors), types: named(facets.types, names.types) }
}
