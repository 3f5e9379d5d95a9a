import { Address, CountryCode, Organisation, ProductType, ShippingType, Vendor } from '../../../shared/api'
import { notFound } from '../errors'
import { listAddresses } from '../domain/organisations'
import { shippingTypes } from '../domain/shipping-types'
import { op } from '../operation'

/** Small reference lists are never paged, but carry the same total headers as every list. */
const all = <T>(items: T[]) => ({ json: items, list: { total: items.length, perPage: Math.max(items.length, 1) } })

export const referenceOperations = [
  op({
    operationId: 'listOrganisations',
    method: 'GET',
    path: '/organisations',
    summary: 'The caller\u2019s organisation and its descendants',
    tag: 'Organisations',
    permission: 'organisations:read',
    response: Organisation,
    list: true,
    success: 200,
    errors: [401, 403],
    handle({ state, caller }) {
      const orgs = caller.visible.map((id) => state.orgs.toApi(state.orgs.get(id)!, caller.user.organisation))
      return all(orgs)
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
    list: true,
    success: 200,
    errors: [401, 403, 404],
    handle({ state, caller, id }) {
      if (!caller.sees(id)) throw notFound('Organisation')
      return all(listAddresses(state.store, id))
    },
  }),
  op({
    operationId: 'listCountryCodes',
    method: 'GET',
    path: '/country_codes',
    summary: 'Countries; an address\u2019s country_code is one of these ids',
    tag: 'Reference data',
    response: CountryCode,
    list: true,
    success: 200,
    errors: [401],
    handle({ state }) {
      return all(state.store.all<CountryCode>('SELECT id, iso_code, name FROM country_codes ORDER BY id'))
    },
  }),
  op({
    operationId: 'listShippingTypes',
    method: 'GET',
    path: '/shipping_types',
    summary: 'Shipping types: the countries each may ship to (or, with exclude_countries, may not) and its cost',
    tag: 'Reference data',
    response: ShippingType,
    list: true,
    success: 200,
    errors: [401],
    handle({ state }) {
      return all(shippingTypes(state.store))
    },
  }),
  op({
    operationId: 'listVendors',
    method: 'GET',
    path: '/vendors',
    summary: 'Vendors by id and name (ours: the spec shows only their ids)',
    tag: 'Reference data',
    response: Vendor,
    list: true,
    success: 200,
    errors: [401],
    handle({ state }) {
      return all(state.store.all<Vendor>('SELECT id, name FROM vendors ORDER BY id'))
    },
  }),
  op({
    operationId: 'listProductTypes',
    method: 'GET',
    path: '/product_types',
    summary: 'Product types by id and name (ours: the spec shows only their ids)',
    tag: 'Reference data',
    response: ProductType,
    list: true,
    success: 200,
    errors: [401],
    handle({ state }) {
      return all(state.store.all<ProductType>('SELECT id, name FROM product_types ORDER BY id'))
    },
  }),
]
