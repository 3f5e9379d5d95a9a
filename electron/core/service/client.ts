import { Agent, request } from 'undici'
import type { z } from 'zod'
import type { ListPage } from '../../../shared/api'
import { TokenResponse } from '../../../shared/api'
import { isHttpsOrLoopback } from '../../../shared/loopback'
import type { Clock, Logger } from '../platform/services'
import { parseProblem } from './problem'
import { routes, type ListOperationId, type OperationId, type ResponseOf, type SingleOperationId } from './routes'
import { ServiceError, transportError } from './service-error'

interface ServiceCredentials {
  baseUrl: string
  clientId: string
  /** Fetched from the keychain on demand; never stored by the client. */
  secret: () => Promise<string>
}

interface CallOptions {
  params?: Record<string, string | number>
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>
  body?: unknown
  signal?: AbortSignal
}

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

/** A successful answer's body as bytes, for a caller that hands it to another thread unread. */
interface BytesResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  bytes: ArrayBuffer
}

interface ServiceClientOptions {
  clock: Clock
  log: Logger
  /** Connections per origin; bounds the catalogue's concurrent page fetches too. */
  connections?: number
  timeoutMs?: number
  /** Asked before every request, the token's included: throws (offline) while the app works offline. */
  assertNetwork?: () => void
}

type SentResponse = RawResponse & { bytes?: ArrayBuffer }


/**
 * The service client: one undici Agent, the token lifecycle of spec section 5 (client credentials,
 * kept in memory only, renewed before expiry, one renew-and-retry on a 401), and every failure mapped
 * to a ServiceError. Paths come only from the routes table.
 */
export class ServiceClient {
  private readonly agent: Agent
  private readonly base: URL
  private token: { value: string; renewAt: number } | null = null
  private tokenInFlight: Promise<string> | null = null

  constructor(
    private readonly creds: ServiceCredentials,
    private readonly opts: ServiceClientOptions,
  ) {
    this.base = new URL(creds.baseUrl.replace(/\/+$/, ''))
    if (!isHttpsOrLoopback(this.base)) {
      throw new ServiceError('invalid_input', 'HTTPS is required for any host other than this computer.', null, false)
    }
    this.agent = new Agent({
      connections: opts.connections ?? 8,
      connect: { timeout: 10_000 },
      headersTimeout: opts.timeoutMs ?? 30_000,
      bodyTimeout: opts.timeoutMs ?? 30_000,
    })
  }

  get host(): string {
    return this.base.host
  }

  /** A single-resource operation, parsed with the route's response schema. */
  async call<K extends SingleOperationId>(op: K, options: CallOptions = {}): Promise<ResponseOf<K>> {
    const raw = await this.authorised(op, options)
    return this.parse(routes[op].response, this.json(raw, op), op) as ResponseOf<K>
  }

  /** A list operation: the page's rows (each parsed; invalid rows dropped and counted) and the paging headers. */
  async list<K extends ListOperationId>(op: K, options: CallOptions = {}): Promise<ListPage<ResponseOf<K>> & { invalid: number }> {
    const raw = await this.authorised(op, options)
    const body = this.json(raw, op)
    if (!Array.isArray(body)) throw new ServiceError('bad_response', `The service's answer to ${op} was not a list.`, raw.status, false)
    const items: ResponseOf<K>[] = []
    let invalid = 0
    for (const row of body) {
      const parsed = routes[op].response.safeParse(row)
      if (parsed.success) items.push(parsed.data as ResponseOf<K>)
      else invalid++
    }
    if (invalid) this.opts.log.warn(`${op}: ${invalid} rows did not match the expected shape and were skipped`)
    const total = headerNumber(raw.headers['x-total-count']) ?? body.length
    const pages = headerNumber(raw.headers['x-total-pages']) ?? 1
    return { items, total, pages, invalid }
  }

  /** The unparsed answer (status, headers, text) for callers that stream or validate themselves. */
  async raw(op: OperationId, options: CallOptions = {}): Promise<RawResponse> {
    return this.authorised(op, options)
  }

  /** Like raw, with the body of a successful answer as bytes (errors are read and mapped as usual). */
  async rawBytes(op: OperationId, options: CallOptions = {}): Promise<BytesResponse> {
    const res = await this.authorised(op, options, true)
    return { status: res.status, headers: res.headers, bytes: res.bytes ?? new ArrayBuffer(0) }
  }

  /** Gets a token now (used by "Test connection"); throws ServiceError('unauthorized') on bad credentials. */
  async authenticate(): Promise<void> {
    this.token = null
    await this.bearer()
  }

  /** Forgets the token (e.g. after the profile's secret changed). */
  resetToken(): void {
    this.token = null
  }

  async close(): Promise<void> {
    await this.agent.close()
  }

  private async authorised(op: OperationId, options: CallOptions, binary = false): Promise<SentResponse> {
    const used = await this.bearer()
    let res = await this.send(op, options, used, binary)
    if (res.status === 401) {
      // The token may have been revoked or expired early: renew once, retry once (spec 5.8).
      // Concurrent calls that failed with the same token share one renewal.
      if (this.token?.value === used) this.token = null
      res = await this.send(op, options, await this.bearer(), binary)
    }
    if (res.status >= 400) throw this.failure(res, op)
    return res
  }

  private bearer(): Promise<string> {
    if (this.token && this.opts.clock.now() < this.token.renewAt) return Promise.resolve(this.token.value)
    return (this.tokenInFlight ??= this.fetchToken().finally(() => (this.tokenInFlight = null)))
  }

  private async fetchToken(): Promise<string> {
    const form = new URLSearchParams({ client_id: this.creds.clientId, client_secret: await this.creds.secret(), grant_type: 'client_credentials' })
    const res = await this.send('createToken', { body: form }, null)
    if (res.status === 404 || res.status === 405) {
      // No token endpoint there: almost always a base URL without its version path.
      throw new ServiceError('bad_response', `There is no token endpoint at ${this.base.href}. Check the base URL: it runs up to and including the version path, e.g. https://host/api/v1.`, res.status, false)
    }
    if (res.status >= 400) throw this.failure(res, 'createToken')
    const token = this.parse(TokenResponse, this.json(res, 'createToken'), 'createToken')
    const lifeMs = token.expires_in * 1000
    this.token = { value: token.access_token, renewAt: this.opts.clock.now() + lifeMs - Math.min(60_000, lifeMs / 10) }
    return token.access_token
  }

  private async send(op: OperationId, options: CallOptions, bearer: string | null, binary = false): Promise<SentResponse> {
    const r = routes[op]
    const url = this.url(r.path, options)
    const headers: Record<string, string> = { accept: 'application/json' }
    let body: string | undefined
    if (options.body instanceof URLSearchParams) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = options.body.toString()
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
    if (bearer) headers.authorization = `Bearer ${bearer}`
    this.opts.assertNetwork?.()
    try {
      const res = await request(url, { method: r.method, headers, body, dispatcher: this.agent, signal: options.signal })
      if (binary && res.statusCode < 300) return { status: res.statusCode, headers: res.headers, text: '', bytes: await res.body.arrayBuffer() }
      const text = await res.body.text()
      return { status: res.statusCode, headers: res.headers, text }
    } catch (err) {
      throw transportError(err, r.method, this.base.host)
    }
  }

  private url(path: string, options: CallOptions): string {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = options.params?.[name]
      if (v === undefined) throw new Error(`missing path parameter ${name}`)
      return encodeURIComponent(String(v))
    })
    const url = new URL(this.base.pathname.replace(/\/$/, '') + filled, this.base)
    for (const [k, v] of Object.entries(options.query ?? {})) {
      if (v === undefined) continue
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item))
    }
    return url.toString()
  }

  private json(res: RawResponse, op: OperationId): unknown {
    try {
      return JSON.parse(res.text)
    } catch {
      throw new ServiceError('bad_response', `The service's answer to ${op} was not JSON (status ${res.status}). Is the base URL right, including /api/v1?`, res.status, false)
    }
  }

  private parse<S extends z.ZodType>(schema: S, body: unknown, op: OperationId): z.output<S> {
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || 'the body'
      throw new ServiceError('bad_response', `The service's answer to ${op} did not have the expected shape (at ${where}).`, 200, false)
    }
    return parsed.data
  }

  private failure(res: RawResponse, op: OperationId): ServiceError {
    let body: unknown = null
    try {
      body = JSON.parse(res.text)
    } catch {
      /* not JSON: described by status alone */
    }
    const { message, fields } = parseProblem(body, res.status)
    const retryAfter = headerNumber(res.headers['retry-after'])
    const s = res.status
    const code =
      s === 401 ? 'unauthorized' : s === 403 ? 'forbidden' : s === 404 ? 'not_found' : s === 409 ? 'conflict' : s === 429 ? 'rate_limited' : s >= 500 ? 'server_error' : 'validation'
    if (s >= 500 && body === null && res.text.trim().startsWith('<')) {
      return new ServiceError('bad_response', `The service answered ${op} with a web page instead of JSON (status ${s}).`, s, false)
    }
    return new ServiceError(code, message, s, false, fields, retryAfter ?? undefined)
  }
}

function headerNumber(v: string | string[] | undefined): number | null {
  const s = Array.isArray(v) ? v[0] : v
  if (s === undefined) return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}
