import { z } from 'zod'
import { BasketBody, Order, OrderListQuery } from '../../../shared/api'
import { actorOf, cancelOrder, findRecord, placeOrder, resubmitOrder } from '../domain/orders'
import { listOrders } from '../domain/order-lists'
import { location, op } from '../operation'
import { EmptyBody } from './baskets'

const CancelBody = z.object({ reason: z.string().max(1000).optional() }).loose()

export const orderOperations = [
  op({
    operationId: 'listOrders',
    method: 'GET',
    path: '/orders',
    summary: 'Orders of the caller\u2019s organisation and descendants (never baskets)',
    tag: 'Orders',
    permission: 'orders:read',
    query: OrderListQuery,
    response: Order,
    list: true,
    success: 200,
    errors: [400, 401, 403],
    handle({ state, caller, query }) {
      const { raw, total } = listOrders(state, caller.visible, query)
      return { raw, list: { total, perPage: query.per_page } }
    },
  }),
  op({
    operationId: 'getOrder',
    method: 'GET',
    path: '/orders/{id}',
    summary: 'One order (a basket id that is not submitted yet: 404)',
    tag: 'Orders',
    permission: 'orders:read',
    response: Order,
    success: 200,
    errors: [401, 403, 404],
    handle({ state, caller, id }) {
      return { raw: findRecord(state, caller.visible, id, 'order').doc }
    },
  }),
  op({
    operationId: 'placeOrder',
    method: 'POST',
    path: '/orders',
    summary: 'Place an order directly (body as a basket\u2019s)',
    tag: 'Orders',
    permission: 'orders:write',
    body: BasketBody,
    response: Order,
    success: 201,
    errors: [400, 401, 403, 413, 415, 422],
    handle({ state, caller, body }) {
      const doc = placeOrder(state, actorOf(state, caller), body)
      return { json: doc, headers: location(`/orders/${doc.id}`) }
    },
  }),
  op({
    operationId: 'resubmitOrder',
    method: 'POST',
    path: '/orders/{id}/resubmit',
    summary: 'Resume an order in ATTENTION_REQUIRED (else 409)',
    tag: 'Orders',
    permission: 'orders:write',
    body: EmptyBody,
    bodyOptional: true,
    response: Order,
    success: 200,
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    handle({ state, caller, id }) {
      return { json: resubmitOrder(state, actorOf(state, caller), id) }
    },
  }),
  op({
    operationId: 'cancelOrder',
    method: 'POST',
    path: '/orders/{id}/cancel',
    summary: 'Cancel an order before ACCEPTED (else 409)',
    tag: 'Orders',
    permission: 'orders:write',
    body: CancelBody,
    bodyOptional: true,
    response: Order,
    success: 200,
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    handle({ state, caller, id, body }) {
      return { json: cancelOrder(state, actorOf(state, caller), id, body.reason) }
    },
  }),
]
