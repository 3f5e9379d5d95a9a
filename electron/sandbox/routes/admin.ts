import { Paging, ProductGroup, ProductGroupBody, ProductGroupListItem, User, UserBody, UserListItem, UserListQuery } from '../../../shared/api'
import { actorOf } from '../domain/orders'
import { createGroup, editGroup, findGroup, listGroups } from '../domain/product-groups'
import { createUser, editUser, findUser, listUsers, userView } from '../domain/users'
import { location, op } from '../operation'

export const userOperations = [
  op({
    operationId: 'listUsers',
    method: 'GET',
    path: '/users',
    summary: 'Users of the caller\u2019s organisation and descendants',
    tag: 'Users',
    permission: 'users:read',
    query: UserListQuery,
    response: UserListItem,
    list: true,
    success: 200,
    errors: [400, 401, 403],
    handle({ state, caller, query }) {
      const { items, total } = listUsers(state, caller.visible, query)
      return { json: items, list: { total, perPage: query.per_page } }
    },
  }),
  op({
    operationId: 'createUser',
    method: 'POST',
    path: '/users',
    summary: 'Create a user',
    tag: 'Users',
    permission: 'users:write',
    body: UserBody,
    response: User,
    success: 201,
    errors: [400, 401, 403, 413, 415, 422],
    handle({ state, caller, body }) {
      const user = createUser(state, actorOf(state, caller), body)
      return { json: user, headers: location(`/users/${user.id}`) }
    },
  }),
  op({
    operationId: 'getUser',
    method: 'GET',
    path: '/users/{id}',
    summary: 'One user, with API clients and audit logs',
    tag: 'Users',
    permission: 'users:read',
    response: User,
    success: 200,
    errors: [401, 403, 404],
    handle({ state, caller, id }) {
      return { json: userView(state, findUser(state, caller.visible, id)) }
    },
  }),
  op({
    operationId: 'editUser',
    method: 'PUT',
    path: '/users/{id}',
    summary: 'Replace a user (roles and notification overwritten; reset by a change of organisation)',
    tag: 'Users',
    permission: 'users:write',
    body: UserBody,
    response: User,
    success: 200,
    errors: [400, 401, 403, 404, 413, 415, 422],
    handle({ state, caller, id, body }) {
      return { json: editUser(state, actorOf(state, caller), id, body) }
    },
  }),
]

export const productGroupOperations = [
  op({
    operationId: 'listProductGroups',
    method: 'GET',
    path: '/product_groups',
    summary: 'Product groups of the caller\u2019s organisation and descendants',
    tag: 'Product groups',
    permission: 'product_groups:read',
    query: Paging,
    response: ProductGroupListItem,
    list: true,
    success: 200,
    errors: [400, 401, 403],
    handle({ state, caller, query }) {
      const { items, total } = listGroups(state, caller.visible, query)
      return { json: items, list: { total, perPage: query.per_page } }
    },
  }),
  op({
    operationId: 'createProductGroup',
    method: 'POST',
    path: '/product_groups',
    summary: 'Create a product group (owned by the caller\u2019s organisation)',
    tag: 'Product groups',
    permission: 'product_groups:write',
    body: ProductGroupBody,
    response: ProductGroup,
    success: 201,
    errors: [400, 401, 403, 413, 415, 422],
    handle({ state, caller, body }) {
      const group = createGroup(state, actorOf(state, caller), body)
      return { json: group, headers: location(`/product_groups/${group.id}`) }
    },
  }),
  op({
    operationId: 'getProductGroup',
    method: 'GET',
    path: '/product_groups/{id}',
    summary: 'One product group',
    tag: 'Product groups',
    permission: 'product_groups:read',
    response: ProductGroup,
    success: 200,
    errors: [401, 403, 404],
    handle({ state, caller, id }) {
      return { json: findGroup(state, caller.visible, id) }
    },
  }),
  op({
    operationId: 'editProductGroup',
    method: 'PUT',
    path: '/product_groups/{id}',
    summary: 'Replace a product group (body as create)',
    tag: 'Product groups',
    permission: 'product_groups:write',
    body: ProductGroupBody,
    response: ProductGroup,
    success: 200,
    errors: [400, 401, 403, 404, 413, 415, 422],
    handle({ state, caller, id, body }) {
      return { json: editGroup(state, actorOf(state, caller), id, body) }
    },
  }),
]
