import { z } from 'zod'
import {
  Basket,
  CountryCode,
  CurrentUser,
  LineItem,
  Order,
  Organisation,
  Address,
  Product,
  ProductGroup,
  ProductGroupListItem,
  ShippingType,
  TokenResponse,
  User,
  UserListItem,
} from '../../../shared/api'

/**
 * Where each operation path comes from. The spec states only a few paths; public documentation of
 * the real service ('conventions') settles more; everything else is our choice ('ours'), made in
 * the same resource style and served identically by our sandbox. Deploying against the real
 * service means checking the 'ours' rows here, and nothing else in the app spells a path.
 */
type PathSource = 'spec' | 'conventions' | 'ours'

interface Route<R extends z.ZodType = z.ZodType, L extends boolean = boolean> {
  method: 'GET' | 'POST' | 'PUT'
  path: string
  /** The schema of one resource; list routes answer an array of them. */
  response: R
  list: L
  source: PathSource
}

function route<R extends z.ZodType>(method: Route['method'], path: string, response: R, source: PathSource): Route<R, false>
function route<R extends z.ZodType>(method: Route['method'], path: string, response: R, source: PathSource, list: true): Route<R, true>
function route<R extends z.ZodType>(method: Route['method'], path: string, response: R, source: PathSource, list = false): Route<R> {
  return { method, path, response, list, source }
}

/** The one routes table: operationId → method, path (relative to the profile's base URL), response. */
export const routes = {
  createToken: route('POST', '/oauth/create_token', TokenResponse, 'spec'),
  getCurrentUser: route('GET', '/whoami', CurrentUser, 'conventions'),
  listOrganisations: route('GET', '/organisations', Organisation, 'ours', true),
  listOrganisationAddresses: route('GET', '/organisations/{id}/addresses', Address, 'ours', true),
  listCountryCodes: route('GET', '/country_codes', CountryCode, 'conventions', true),
  listShippingTypes: route('GET', '/shipping_types', ShippingType, 'conventions', true),
  listUsers: route('GET', '/users', UserListItem, 'ours', true),
  getUser: route('GET', '/users/{id}', User, 'ours'),
  createUser: route('POST', '/users', User, 'ours'),
  editUser: route('PUT', '/users/{id}', User, 'ours'),
  listProductGroups: route('GET', '/product_groups', ProductGroupListItem, 'ours', true),
  createProductGroup: route('POST', '/product_groups', ProductGroup, 'ours'),
  getProductGroup: route('GET', '/product_groups/{id}', ProductGroup, 'ours'),
  editProductGroup: route('PUT', '/product_groups/{id}', ProductGroup, 'ours'),
  listProducts: route('GET', '/products', Product, 'conventions', true),
  getProduct: route('GET', '/products/{id}', Product, 'ours'),
  listBaskets: route('GET', '/baskets', Basket, 'ours', true),
  createBasket: route('POST', '/baskets', Basket, 'conventions'),
  getBasket: route('GET', '/baskets/{id}', Basket, 'ours'),
  modifyBasket: route('PUT', '/baskets/{id}', Basket, 'ours'),
  submitBasket: route('POST', '/baskets/{id}/submit', Order, 'ours'),
  addBasketLineItem: route('POST', '/baskets/{id}/line_items', LineItem, 'ours'),
  listOrders: route('GET', '/orders', Order, 'spec', true),
  getOrder: route('GET', '/orders/{id}', Order, 'spec'),
  placeOrder: route('POST', '/orders', Order, 'spec'),
  resubmitOrder: route('POST', '/orders/{id}/resubmit', Order, 'spec'),
  cancelOrder: route('POST', '/orders/{id}/cancel', Order, 'ours'),
} as const

type Routes = typeof routes
export type OperationId = keyof Routes
export type ListOperationId = { [K in OperationId]: Routes[K]['list'] extends true ? K : never }[OperationId]
export type SingleOperationId = Exclude<OperationId, ListOperationId>
export type ResponseOf<K extends OperationId> = z.output<Routes[K]['response']>

/**
 * The other things the spec leaves "not shown", and what the client assumes of each. Kept beside
 * the routes so a deployment against the real service reviews one file.
 */
export const SERVICE_ASSUMPTIONS = {
  versionSegment: 'Part of the profile base URL, e.g. https://host/api/v1 (conventions).',
  tokenAuth: 'client_secret_post: client_id and client_secret in the form body (conventions).',
  tokenRenewal: 'Renewed 60 s (or a tenth of its life, if shorter) before expires_in elapses; a 401 renews once and retries once (spec 5.8).',
  errorBody: 'RFC 9457 problem+json with errors[{field,message}] from our sandbox; {message}, {error, error_description} and {errors:{field:[...]}} are also understood.',
  listHeaders: 'X-Total-Count and X-Total-Pages on every list (conventions); absent headers fall back to the page length.',
  perPageMax: 1000,
  rateLimit: 'Unknown; a 429 is honoured through Retry-After.',
  cancelOrder: 'POST /orders/{id}/cancel: not public; the real service may offer cancellation only in its web interface.',
  submissionMarker: 'The outbox finds a basket whose create reply was lost by a marker in its name (no field the service\'s users never see exists); the user\'s own name is put back before submitting (shared/basket-marker.ts).',
  actingOrganisation: 'Basket and order bodies carry `organisation` (own or descendant) — our sandbox\'s choice.',
} as const
