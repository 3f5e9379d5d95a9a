import { Basket, BasketBody, BasketListQuery, LineItem, LineItemRequest } from '../../../shared/api'
import { findRecord, actorOf, addLineItem, createBasket, modifyBasket, submitBasket } from '../domain/orders'
import { listBaskets } from '../domain/order-lists'
import { z } from 'zod'
import { location, op } from '../operation'

/** Submit, resubmit and cancel take no body; an empty JSON object (or nothing) is fine. */
export const EmptyBody = z.object({}).loose()

export const basketOperations = [
  op({
    operationId: 'listBaskets',
    method: 'GET',
    path: '/baskets',
    summary: 'Baskets (DRAFT orders) of the caller\u2019s own organisation',
    tag: 'Baskets',
    permission: 'baskets:read',
    query: BasketListQuery,
    response: Basket,
    list: true,
    success: 200,
    errors: [400, 401, 403],
    handle({ state, caller, query }) {
      const { raw, total } = listBaskets(state, caller.user.organisation, query)
      return { raw, list: { total, perPage: query.per_page } }
    },
  }),
  op({
    operationId: 'createBasket',
    method: 'POST',
    path: '/baskets',
    summary: 'Create a basket',
    tag: 'Baskets',
    permission: 'baskets:write',
    body: BasketBody,
    response: Basket,
    success: 201,
    errors: [400, 401, 403, 413, 415, 422],
    handle({ state, caller, body }) {
      const doc = createBasket(state, actorOf(state, caller), body)
      return { json: doc, headers: location(`/baskets/${doc.id}`) }
    },
  }),
  op({
    operationId: 'getBasket',
    method: 'GET',
    path: '/baskets/{id}',
    summary: 'One basket (a submitted basket is an order: 404 here)',
    tag: 'Baskets',
    permission: 'baskets:read',
    response: Basket,
    success: 200,
    errors: [401, 403, 404],
    handle({ state, caller, id }) {
      return { raw: findRecord(state, caller.visible, id, 'basket').doc }
    },
  }),
  op({
    operationId: 'modifyBasket',
    method: 'PUT',
    path: '/baskets/{id}',
    summary: 'Replace a basket (body as create)',
    tag: 'Baskets',
    permission: 'baskets:write',
    body: BasketBody,
    response: Basket,
    success: 200,
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    handle({ state, caller, id, body }) {
      return { json: modifyBasket(state, actorOf(state, caller), id, body) }
    },
  }),
  op({
    operationId: 'submitBasket',
    method: 'POST',
    path: '/baskets/{id}/submit',
    summary: 'Submit a basket: it becomes the order with the same id',
    tag: 'Baskets',
    permission: 'baskets:write',
    body: EmptyBody,
    bodyOptional: true,
    response: Basket,
    success: 200,
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    handle({ state, caller, id }) {
      const doc = submitBasket(state, actorOf(state, caller), id)
      return { json: doc, headers: location(`/orders/${id}`) }
    },
  }),
  op({
    operationId: 'addBasketLineItem',
    method: 'POST',
    path: '/baskets/{id}/line_items',
    summary: 'Add a line item to a basket',
    tag: 'Baskets',
    permission: 'baskets:write',
    body: LineItemRequest,
    response: LineItem,
    success: 201,
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    handle({ state, caller, id, body }) {
      return { json: addLineItem(state, actorOf(state, caller), id, body) }
    },
  }),
]
