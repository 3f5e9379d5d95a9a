import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import { getPath } from 'hono/utils/url'
import { bodyText, limitBody } from './body-limit'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { authenticate, type Caller } from './auth'
import { withoutRefusedNulls } from '../../shared/api'
import { ApiError, badRequest, fieldErrors, forbidden, invalid, notFound, problemResponse } from './errors'
import { faultsAndLog } from './faults-middleware'
import { httpEncoding } from './http-encoding'
import { listHeaders, parseQuery } from './lists'
import { API_PREFIX, type AnyOperation, type Env, type Reply } from './operation'
import { rateLimit } from './rate-limit'
import type { SandboxState } from './state'

/** Bodies over 1 MB are refused with 413 before they are read. */
export const MAX_BODY_BYTES = 1024 * 1024

/** Builds the Hono application from the operation table plus the non-operation routes. */
export function buildApp(state: SandboxState, operations: AnyOperation[], extra: (app: Hono<Env>) => void): Hono<Env> {
  const app = new Hono<Env>({ getPath: (req) => resourcePath(getPath(req)) })
  app.use('*', faultsAndLog(state))
  app.use('*', httpEncoding())
  app.use('*', cors({ origin: '*', exposeHeaders: ['X-Total-Count', 'X-Total-Pages', 'Retry-After', 'Location', 'Allow', 'WWW-Authenticate'] }))
  app.use('*', limitBody(MAX_BODY_BYTES))
  app.use(`${API_PREFIX}/*`, rateLimit(state))
  app.use(
    '*',
    methodNotAllowed({ app, onMethodNotAllowed: (c, methods) => problemResponse(405, `${c.req.method} is not allowed on this path`, undefined, { Allow: methods.join(', ') }) }),
  )
  for (const op of operations) {
    app.on(op.method, API_PREFIX + op.path.replace(/\{(\w+)\}/g, ':$1'), (c) => runOperation(state, op, c))
  }
  extra(app)
  app.notFound((c) => problemResponse(404, `No resource at ${c.req.path}`))
  app.onError((err) => {
    if (err instanceof ApiError) return problemResponse(err.status, err.detail, err.errors, err.headers)
    if (err instanceof HTTPException) return problemResponse(err.status, err.message)
    state.internalErrors.push(err)
    return problemResponse(500, `Unexpected error: ${err.message}`)
  })
  return app
}

/**
 * The record is silent on slashes. A client written from it may add a trailing one, or double one
 * by joining a base URL that ends in '/' with a path that starts with it (`/api/v1//orders`); most
 * servers (nginx merges slashes by default) serve the same resource, and so does the sandbox.
 */
function resourcePath(path: string): string {
  const merged = path.replace(/\/{2,}/g, '/')
  return merged.length > 1 && merged.endsWith('/') ? merged.slice(0, -1) : merged
}

const ANONYMOUS: Caller = {
  user: { id: 0, organisation: 0, name: '', email_address: '', active: false, verified: false, password_reset: false, admin: false, 'two-factor': false, user_language: 'en', timezone: 'UTC', timeout: 3600, roles: [], notification: [] },
  clientId: '',
  permissions: [],
  visible: [],
  ip: '',
  can: () => false,
  sees: () => false,
}

export function remoteIp(c: Context<Env>): string {
  const ip = c.env?.incoming?.socket?.remoteAddress ?? '127.0.0.1'
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip
}

/** Authentication, then permission, then path id, query and body, then the handler. */
async function runOperation(state: SandboxState, op: AnyOperation, c: Context<Env>): Promise<Response> {
  const ip = remoteIp(c)
  const caller = op.public ? ANONYMOUS : authenticate(state, c.req.header('authorization'), ip)
  if (op.permission && !caller.can(op.permission)) throw forbidden(op.permission)
  const id = op.path.includes('{id}') ? parseId(c.req.param('id')) : 0
  const query = op.query ? parseQuery(op.query, c.req.url) : {}
  const body = op.body ? await readJsonBody(c, op) : undefined
  const out = await op.handle({ state, caller, id, query, body, c })
  return out instanceof Response ? out : toResponse(out, op.success)
}

/** Ids are positive integers; anything else names no resource (404). */
function parseId(raw: string | undefined): number {
  if (!raw || !/^[1-9][0-9]{0,14}$/.test(raw)) throw notFound()
  return Number(raw)
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i

async function readJsonBody(c: Context<Env>, op: AnyOperation): Promise<unknown> {
  // A body saved by a Windows editor starts with a UTF-8 byte order mark; RFC 8259 8.1 lets a parser ignore it.
  const text = bodyText(c).replace(/^\uFEFF/, '')
  const type = c.req.header('content-type')
  if (op.bodyOptional && text.trim() === '') return op.body!.parse({})
  if (!type || !JSON_TYPE.test(type)) throw new ApiError(415, 'Request bodies must be application/json')
  // An action's body is not shown (spec 4.1, 4.2); a client that serialises "no body" sends JSON null.
  if (op.bodyOptional && text.trim() === 'null') return op.body!.parse({})
  return parseJsonBody(text, op.body!)
}

/** A request body as JSON checked by a schema: 400 if it is not JSON, 422 with the fields if it does not fit. */
export function parseJsonBody<T>(text: string, schema: z.ZodType<T>): T {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest('The request body is not valid JSON')
  }
  let parsed = schema.safeParse(value)
  // The service's answers carry null for what is not set; a body read from it and sent back (GET
  // then PUT, "body as create") carries the same nulls. Where a field does not take null, null is
  // read as the field left out: an optional field is then simply absent, a required one is named.
  if (!parsed.success && withoutRefusedNulls(value, parsed.error.issues)) parsed = schema.safeParse(value)
  if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues))
  return parsed.data
}

export function toResponse(r: Reply, defaultStatus: number): Response {
  // Not modified (an answer's validator still holds): its headers, no body.
  if (r.status === 304) return new Response(null, { status: 304, headers: { ...(r.list ? listHeaders(r.list.total, r.list.perPage) : {}), ...r.headers } })
  const text = r.raw ?? JSON.stringify(r.json ?? null)
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...(r.list ? listHeaders(r.list.total, r.list.perPage) : {}),
    ...r.headers,
  }
  return new Response(text, { status: r.status ?? defaultStatus, headers })
}
