import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import type { z } from 'zod'
import type { Caller } from './auth'
import type { PermissionName } from './domain/permissions'
import type { SandboxState } from './state'

/** Every operation's path is under this prefix. */
export const API_PREFIX = '/api/v1'

/** The Location header naming a resource an operation created (or a submitted basket became). */
export const location = (path: string) => ({ Location: `${API_PREFIX}${path}` })

export type Env = { Bindings: HttpBindings; Variables: { bodyText?: string } }

/** What a handler answers; the wrapper turns it into a JSON response. */
export interface Reply {
  status?: number
  /** Serialized with JSON.stringify... */
  json?: unknown
  /** ...or already-serialized JSON (product pages are spliced strings). */
  raw?: string
  /** For list operations: adds X-Total-Count / X-Total-Pages. */
  list?: { total: number; perPage: number }
  headers?: Record<string, string>
}

export interface OpContext<Q, B> {
  state: SandboxState
  caller: Caller
  /** The `{id}` path parameter, when the path has one. */
  id: number
  query: Q
  body: B
  c: Context<Env>
}

/**
 * One operation of the API: the single table the router, the permission checks, the OpenAPI
 * document and the README's operation table are all built from.
 */
export interface Operation<Q = unknown, B = unknown> {
  operationId: string
  method: 'GET' | 'POST' | 'PUT'
  /** Path under /api/v1 in OpenAPI style, e.g. `/users/{id}`. */
  path: string
  summary: string
  tag: string
  /** Needed permission; undefined = any authenticated caller. */
  permission?: PermissionName
  /** No bearer token needed. */
  public?: boolean
  query?: z.ZodType<Q>
  body?: z.ZodType<B>
  /** The request body is a form (token endpoint): the handler reads it itself. */
  formBody?: boolean
  /** Action endpoints (submit, resubmit, cancel): a JSON body may be sent but need not be. */
  bodyOptional?: boolean
  /** Response schema for the OpenAPI document (array of it when `list`). */
  response?: z.ZodType
  list?: boolean
  success: number
  errors: number[]
  handle(ctx: OpContext<Q, B>): Reply | Response | Promise<Reply | Response>
}

export type AnyOperation = Operation<unknown, unknown>

/** Keeps the query/body types of one operation while the table holds them all. */
export function op<Q = Record<string, never>, B = undefined>(o: Operation<Q, B>): AnyOperation {
  return o as AnyOperation
}
