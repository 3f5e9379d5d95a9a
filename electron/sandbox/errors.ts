import type { z } from 'zod'
import type { FieldError, Problem } from '../../shared/api'

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

export const PROBLEM_TYPE = 'application/problem+json'

/** Thrown anywhere in a handler; the app's error handler turns it into an RFC 9457 problem. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? TITLES[status] ?? `HTTP ${status}`)
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) => new ApiError(400, detail, errors)
/** The same answer whether the resource does not exist or belongs to another tenant: nothing leaks. */
export const notFound = (what = 'Resource') => new ApiError(404, `${what} not found`)
export const conflict = (detail: string) => new ApiError(409, detail)
export const forbidden = (permission: string) => new ApiError(403, `This operation needs the permission ${permission}`)
export const invalid = (errors: FieldError[], detail = 'The request is not valid') => new ApiError(422, detail, errors)
export const invalidField = (field: string, message: string) => invalid([{ field, message }])
/**
 * A 401 with its Bearer challenge (RFC 6750 3.1): `error` names what was wrong with the token sent;
 * none when the request carried no Bearer credentials at all (the client may not have known it needs them).
 */
export const unauthorized = (detail: string, error: 'invalid_token' | 'invalid_request' | null = 'invalid_token') =>
  new ApiError(401, detail, undefined, { 'WWW-Authenticate': `Bearer realm="wholesale-sandbox"${error ? `, error="${error}"` : ''}` })

export function problemBody(status: number, detail?: string, errors?: FieldError[]): Problem {
  const body: Problem = { type: 'about:blank', title: TITLES[status] ?? `HTTP ${status}`, status }
  if (detail) body.detail = detail
  if (errors && errors.length) body.errors = errors
  return body
}

export function problemResponse(status: number, detail?: string, errors?: FieldError[], headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(problemBody(status, detail, errors))
  return new Response(text, {
    status,
    headers: { 'Content-Type': PROBLEM_TYPE, 'Content-Length': String(Buffer.byteLength(text)), ...headers },
  })
}

/** zod issues as `{field, message}` with a dotted path (`line_items.2.product_code`). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], prefix = ''): FieldError[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.')
    const field = [prefix, path].filter(Boolean).join('.') || '(body)'
    return { field, message: issue.message }
  })
}
