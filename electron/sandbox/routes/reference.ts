import { Address, CountryCode, Organisation, Paging, ProductType, ShippingType, Vendor } from '../../../shared/api'
import { notFound } from '../errors'
import { listAddresses } from '../domain/organisations'
import { shippingTypes } from '../domain/shipping-types'
import { op } from '../operation'

/**
 * Small reference lists are paged like every list (spec 4.2: "pagination used by every list
 * operation"); at the default per_page of 1000 one page holds them all.
 */
const all = <T>(items: T[], p: Paging) => {
  const offset = (p.page - 1) * p.per_page
  return { json: items.slice(offset, offset + p.per_page), list: { total: items.length, perPage: p.per_page } }
}

export const referenceOperations = [
  op({
    operationId: 'listOrganisations',
    method: 'GET',
    path: '/organisations',
    summary: 'The caller\u2019s organisation and its descendants',
    tag: 'Organisations',
    permission: 'organisations:read',
    response: Organisation,
    query: Paging,
    list: true,
    success: 200,
    errors: [400, 401, 403],
    handle({ state, caller, query }) {
      const orgs = caller.visible.map((id) => state.orgs.toApi(state.orgs.get(id)!))
      return all(orgs, query)
    },
  }),
  op({
    operationId: 'listOrganisationAddresses',
    method: 'GET',
    path: '/organisations/{id}/addresses',
    summary: 'Saved addresses of a visible organisation',
    tag: 'Organisations',
    permission: 'addresses:read',
    response: Address,
    query: Paging,
    list: true,
    success: 200,
    errors: [400, 401, 403, 404],
    handle({ state, caller, id, query }) {
      if (!caller.sees(id)) throw notFound('Organisation')
      return all(listAddresses(state.store, id), query)
    },
  }),
  op({
    operationId: 'listCountryCodes',
    method: 'GET',
    path: '/country_codes',
    summary: 'Countries; an address\u2019s country_code is one of these ids',
    tag: 'Reference data',
    response: CountryCode,
    query: Paging,
    list: true,
    success: 200,
    errors: [400, 401],
    handle({ state, query }) {
      return all(state.store.all<CountryCode>('SELECT id, iso_code, name FROM country_codes ORDER BY id'), query)
    },
  }),
  op({
    operationId: 'listShippingTypes',
    method: 'GET',
    path: '/shipping_types',
    summary: 'Shipping types: the countries each may ship to (or, with exclude_countries, may not) and its cost',
    tag: 'Reference data',
    response: ShippingType,
    query: Paging,
    list: true,
    success: 200,
    errors: [400, 401],
    handle({ state, query }) {
      return all(shippingTypes(state.store), query)
    },
  }),
  op({
    operationId: 'listVendors',
    method: 'GET',
    path: '/vendors',
    summary: 'Vendors by id and name (ours: the spec shows only their ids)',
    tag: 'Reference data',
    response: Vendor,
    query: Paging,
    list: true,
    success: 200,
    errors: [400, 401],
    handle({ state, query }) {
      return all(state.store.all<Vendor>('SELECT id, name FROM vendors ORDER BY id'), query)
    },
  }),
  op({
    operationId: 'listProductTypes',
    method: 'GET',
    path: '/product_types',
    summary: 'Product types by id and name (ours: the spec shows only their ids)',
    tag: 'Reference data',
    response: ProductType,
    query: Paging,
    list: true,
    success: 200,
    errors: [400, 401],
    handle({ state, query }) {
      return all(state.store.all<ProductType>('SELECT id, name FROM product_types ORDER BY id'), query)
    },
  }),
]
