import { Product, ProductListQuery } from '../../../shared/api'
import { notFound } from '../errors'
import { listProducts, productJson } from '../domain/catalogue'
import { noneMatch, weakEtag } from '../http-encoding'
import { op } from '../operation'

export const productOperations = [
  op({
    operationId: 'listProducts',
    method: 'GET',
    path: '/products',
    summary: 'Products, priced for the caller\u2019s organisation',
    tag: 'Products',
    permission: 'products:read',
    query: ProductListQuery,
    response: Product,
    list: true,
    success: 200,
    errors: [400, 401, 403],
    handle({ state, caller, query, c }) {
      const organisation = caller.user.organisation
      // A page asked again with the ETag it was answered with, and nothing written since: 304,
      // without building the page again (as a service keeps its validators by data version).
      const known = state.pageValidators.get(organisation, query)
      if (known && noneMatch(c.req.header('if-none-match'), known.etag)) return { status: 304, headers: { ETag: known.etag }, list: known.list }
      const { raw, total } = listProducts(state, organisation, query)
      const list = { total, perPage: query.per_page }
      const etag = weakEtag(raw)
      state.pageValidators.set(organisation, query, { etag, list })
      return { raw, list, headers: { ETag: etag } }
    },
  }),
  op({
    operationId: 'getProduct',
    method: 'GET',
    path: '/products/{id}',
    summary: 'One product',
    tag: 'Products',
    permission: 'products:read',
    response: Product,
    success: 200,
    errors: [401, 403, 404],
    handle({ state, caller, id }) {
      const raw = productJson(state, caller.user.organisation, id)
      if (raw === undefined) throw notFound('Product')
      return { raw }
    },
  }),
]
