import { z } from 'zod'
import {
  Address,
  BasketBody,
  CountryCode,
  CurrentUser,
  LineItem,
  LineItemRequest,
  OAuthError,
  Order,
  Organisation,
  Problem,
  Product,
  ProductGroup,
  ProductGroupBody,
  ProductGroupListItem,
  ShippingType,
  TokenRequest,
  TokenResponse,
  User,
  UserBody,
  UserListItem,
} from '../../shared/api'
import type { AnyOperation } from './operation'

const REQUESTS: Record<string, z.ZodType> = { TokenRequest, BasketBody, LineItemRequest, UserBody, ProductGroupBody }
const RESPONSES: Record<string, z.ZodType> = {
  TokenResponse,
  OAuthError,
  Problem,
  CurrentUser,
  Organisation,
  Address,
  CountryCode,
  ShippingType,
  UserListItem,
  User,
  ProductGroupListItem,
  ProductGroup,
  Product,
  LineItem,
  Order,
}

const REASONS: Record<number, string> = {
  400: 'Malformed JSON or query string',
  401: 'Missing, unknown, expired or revoked token (token endpoint: invalid_client)',
  403: 'The caller lacks the permission',
  404: 'No such resource, or one of another tenant',
  405: 'Method not allowed on this path (see Allow)',
  409: 'Not possible in the resource\u2019s current state',
  413: 'Body over 1 MB',
  415: 'Body is not application/json',
  422: 'Semantically invalid input; errors[] names each field',
  429: 'Rate limit exceeded (see Retry-After)',
}

/** JSON Schemas of a set of zod schemas, $ref-ing each other as components. */
function components(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, unknown> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id })
  const out = z.toJSONSchema(registry, { target: 'draft-2020-12', io, unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` }) as { schemas: Record<string, Record<string, unknown>> }
  for (const s of Object.values(out.schemas)) {
    delete s.$schema
    delete s.$id
  }
  return out.schemas
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` })
const idOf = (schema: z.ZodType | undefined, table: Record<string, z.ZodType>) => Object.entries(table).find(([, s]) => s === schema)?.[0]

function queryParameters(query: z.ZodType): unknown[] {
  const schema = z.toJSONSchema(query, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { type?: string }> }
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: false,
    schema: s,
    ...(s.type === 'array' ? { style: 'form', explode: true, description: 'Repeat the parameter for several values (ORed)' } : {}),
  }))
}

/** The OpenAPI 3.1 document of what the sandbox serves, generated from the operation table and the shared zod schemas. */
export function openApiDocument(operations: AnyOperation[], baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations) {
    const responseId = idOf(op.response, RESPONSES)
    const schema = responseId ? (op.list ? { type: 'array', items: ref(responseId) } : ref(responseId)) : {}
    const errorBody = op.public ? ref('OAuthError') : ref('Problem')
    const responses: Record<string, unknown> = {
      [String(op.success)]: {
        description: op.summary,
        content: { 'application/json': { schema } },
        ...(op.list
          ? { headers: { 'X-Total-Count': { schema: { type: 'integer' }, description: 'Every matching record' }, 'X-Total-Pages': { schema: { type: 'integer' } } } }
          : {}),
      },
    }
    for (const status of op.errors) {
      const oauth = op.public && (status === 400 || status === 401)
      responses[String(status)] = { description: REASONS[status] ?? 'Error', content: { [oauth ? 'application/json' : 'application/problem+json']: { schema: oauth ? errorBody : ref('Problem') } } }
    }
    const parameters = [
      ...(op.path.includes('{id}') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }] : []),
      ...(op.query ? queryParameters(op.query) : []),
    ]
    const bodyId = idOf(op.body, REQUESTS)
    const requestBody = op.formBody
      ? { required: true, content: { 'application/x-www-form-urlencoded': { schema: ref('TokenRequest') } } }
      : op.body
        ? { required: !op.bodyOptional, content: { 'application/json': { schema: bodyId ? ref(bodyId) : z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }) } } }
        : undefined
    paths[op.path] ??= {}
    paths[op.path]![op.method.toLowerCase()] = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.tag],
      security: op.public ? [] : [{ bearer: [] }],
      ...(op.permission ? { 'x-permission': op.permission } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wholesale ordering API (sandbox)',
      version: '1.0.0',
      description:
        'Our implementation of the wholesale ordering service. Also served without a token: GET /openapi.json (this document) and product images at GET /images/{file} (under /api/v1 and at the root). Errors other than the token endpoint\u2019s are RFC 9457 application/problem+json.',
    },
    servers: [{ url: baseUrl }],
    security: [{ bearer: [] }],
    paths,
    components: {
      schemas: { ...components(REQUESTS, 'input'), ...components(RESPONSES, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Access token from POST /oauth/create_token' },
        clientCredentials: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: `${baseUrl}/oauth/create_token`, scopes: {} } } },
      },
    },
  }
}
