import { Product, ProductListQuery } from '../../../shared/api'
import { notFound } from '../errors'
import { listProducts, productJson } from '../domain/catalogue'
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
    handle({ state, caller, query }) {
      const { raw, total } = listProducts(state, caller.user.organisation, query)
      return { raw, list: { total, perPage: query.per_page } }
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
