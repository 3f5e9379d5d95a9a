import { PER_PAGE_MAX } from '../../../shared/api'
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

/** Pages of a name list read at most (a runaway X-Total-Pages must not keep a refresh going). */
const MAX_PAGES = 100

/**
 * Asks the service for the names, every page of each list, and stores what it gave; a list it has
 * not leaves that kind unnamed.
 */
export async function refreshFacetNames(cdb: CatalogueDb, client: Pick<ServiceClient, 'list'>, perPage = PER_PAGE_MAX): Promise<FacetNames> {
  const names = async (op: 'listVendors' | 'listProductTypes'): Promise<Record<string, string> | null> => {
    try {
      const named: Record<string, string> = {}
      for (let page = 1; page <= MAX_PAGES; page++) {
        const res = await client.list(op, { query: { page, per_page: perPage } })
        for (const r of res.items) named[String(r.id)] = r.name
        if (page >= res.pages || res.items.length === 0) break
      }
      return named
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
