import { createRequire } from 'node:module'
import { Agent, request, type Dispatcher } from 'undici'
import type { z } from 'zod'
import type { ListPage } from '../../../shared/api'
import { readAnswer, TokenAnswer, type TokenResponse } from '../../../shared/api'
import { tokenAnswerProblem } from './token-answer'
import { listTotals } from './list-totals'
import { isHttpsOrLoopback, LOOPBACK_HOSTS } from '../../../shared/loopback'
import type { Clock, Logger } from '../platform/services'
import { ACCEPT_ENCODING, BodyLimitError, DEFAULT_LIMITS, discardBody, readBody, startsLikeMarkup, type BodyLimits } from './body-reader'
import { parseProblem } from './problem'
import { routes, type ListOperationId, type OperationId, type ResponseOf, type SingleOperationId } from './routes'
import { ServiceError, SessionEndedError, transportError } from './service-error'

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
  /**
   * Ask with If-None-Match for the answer last seen at this URL; a 304 answers from that copy. For
   * polls of the same list (the order watcher), where most answers repeat the last one.
   */
  revalidate?: boolean
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
  /** Waiting for the answer's headers, and (undici's bodyTimeout) for each next piece of its body. */
  timeoutMs?: number
  /**
   * Ask for compressed answers (br, gzip). Default: yes, except on this computer (the embedded
   * demo service), where bytes are free and compressing would only spend CPU on both ends.
   */
  compression?: boolean
  /** Overrides of every body bound (tests shorten the deadline; see body-reader.ts for the defaults). */
  bodyLimits?: Partial<BodyLimits>
  /** Asked before every request, the token's included: throws (offline) while the app works offline. */
  assertNetwork?: () => void
  /** Told how every request ended (null: answered), so the online state follows real traffic (reachability.ts). */
  onOutcome?: (error: unknown) => void
}

/**
 * A request another thread sends for the client (the catalogue's pages, read off the thread that
 * answers searches): the URL and headers the client would send itself, token included, and the
 * body bounds for a successful answer and for an error's.
 */
export interface PreparedRequest {
  url: string
  headers: Record<string, string>
  limits: { ok: BodyLimits; error: BodyLimits }
}

/** How that thread makes its undici Agent: the module to require and the client's own options. */
export interface RemoteAgent {
  undici: string
  options: { connections: number; connect: { timeout: number }; headersTimeout: number; bodyTimeout: number }
}

type Headers = Record<string, string | string[] | undefined>

/** A GET's last answer with an ETag, sent again when the service answers 304 to a revalidation. */
type KeptAnswer = { etag: string; headers: RawResponse['headers']; text: string }

/**
 * What the other thread saw, for the client to judge as if it had sent the request itself: a
 * success and what that thread made of its body (`value`); an error status and its body as text;
 * an answer refused before reading (readsNoBody); a body that broke a bound or looked like a web
 * page; or a transport failure (its name and codes, for transportError).
 */
export type RemoteOutcome<T> =
  | { kind: 'ok'; status: number; headers: Headers; value: T }
  | { kind: 'answer'; status: number; headers: Headers; text: string }
  | { kind: 'refused'; status: number; headers: Headers }
  | { kind: 'limit'; status: number; headers: Headers; code: BodyLimitError['code']; message: string }
  | { kind: 'markup'; status: number }
  | { kind: 'transport'; error: { name?: string; code?: string; cause?: { code?: string }; message?: string } }

/**
 * An answer whose body is not read at all: a redirect, 511 (RFC 6585), or a web page on a success
 * status (see refuseNonServiceAnswer). Refers to nothing else: a worker includes its source text.
 */
export function readsNoBody(status: number, headers: Record<string, string | string[] | undefined>): boolean {
  const type = String(headers['content-type'] ?? '').toLowerCase()
  return status === 511 || (status >= 300 && status < 400) || (status < 300 && /^(text\/html|application\/xhtml)/.test(type))
}

/** What a ServiceClient may be tuned with from outside the core (tests, benchmarks). */
export type ServiceClientTuning = Pick<ServiceClientOptions, 'compression' | 'bodyLimits' | 'timeoutMs'>

/** Answers kept for revalidation (the watcher's open-orders pages); the oldest goes first. */
const REVALIDATE_ENTRIES = 8

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
  private readonly compression: boolean
  private readonly seen = new Map<string, KeptAnswer>()
  private readonly agentOptions: RemoteAgent['options']
  private closed = false

  constructor(
    private readonly creds: ServiceCredentials,
    private readonly opts: ServiceClientOptions,
  ) {
    this.base = new URL(creds.baseUrl.replace(/\/+$/, ''))
    if (!isHttpsOrLoopback(this.base)) {
      throw new ServiceError('invalid_input', 'HTTPS is required for any host other than this computer.', null, false)
    }
    this.compression = opts.compression ?? !LOOPBACK_HOSTS.has(this.base.hostname)
    // Connect within 10 s; headers within 30 s; then no 30 s without a byte of the body (its
    // whole length is bounded by the body deadline, see body-reader.ts).
    this.agentOptions = {
      connections: opts.connections ?? 8,
      connect: { timeout: 10_000 },
      headersTimeout: opts.timeoutMs ?? 30_000,
      bodyTimeout: opts.timeoutMs ?? 30_000,
    }
    this.agent = new Agent(this.agentOptions)
  }

  get host(): string {
    return this.base.host
  }

  /** A single-resource operation, parsed with the route's response schema. */
  async call<K extends SingleOperationId>(op: K, options: CallOptions = {}): Promise<ResponseOf<K>> {
    const raw = await this.authorised(op, options)
    return this.parse(routes[op].response, this.json(raw, op), op) as ResponseOf<K>
  }

  /**
   * A list operation: the page's rows and the paging headers. A row with a field the app only shows
   * missing or odd is kept, degraded, and counted in `partial` (unreadFields names what); only a
   * row without what the app needs (its id...) is left out, and counted in `invalid`.
   */
  async list<K extends ListOperationId>(op: K, options: CallOptions = {}): Promise<ListPage<ResponseOf<K>> & { invalid: number; partial: number }> {
    const raw = await this.authorised(op, options)
    const body = this.json(raw, op)
    if (!Array.isArray(body)) throw new ServiceError('bad_response', `The service's answer to ${op} was not a list.`, raw.status, false)
    const items: ResponseOf<K>[] = []
    let invalid = 0
    let partial = 0
    for (const row of body) {
      const read = readAnswer(routes[op].response, row)
      if (!read) invalid++
      else {
        items.push(read.value as ResponseOf<K>)
        if (read.unread.length) partial++
      }
    }
    if (invalid || partial) this.opts.log.warn(`${op}: ${partial} rows only partly read, ${invalid} rows without an id or other needed field`)
    return { items, ...listTotals(raw.headers, body.length, options.query), invalid, partial }
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

  /**
   * A GET sent by another thread (a worker with its own undici Agent, see remoteAgent): the client
   * prepares it as it would send it itself (token, headers, bounds), judges what that thread saw as
   * its own answers (errors, refused answers), renews the token and has it sent once more after a
   * 401, and tells onOutcome how it ended. Resolves with what that thread made of a successful body.
   */
  async sentElsewhere<T>(op: OperationId, options: CallOptions, send: (req: PreparedRequest) => Promise<RemoteOutcome<T>>): Promise<{ status: number; headers: Headers; value: T }> {
    if (routes[op].method !== 'GET' || options.body !== undefined || options.revalidate) throw new Error(`${op} cannot be sent by another thread`)
    const once = async (bearer: string) => {
      // A closed client's Agent refuses what was not sent yet; the other thread's would not.
      if (this.closed) throw new SessionEndedError()
      const { url, headers } = this.prepare(op, options, bearer)
      return this.judge(op, await send({ url, headers, limits: { ok: this.limitsFor(op, 200), error: this.limitsFor(op, 400) } }))
    }
    try {
      const used = await this.bearer()
      let res = await once(used)
      if (res.status === 401) {
        if (this.token?.value === used) this.token = null
        res = await once(await this.bearer())
      }
      if (res.status >= 400) throw this.failure(res, op)
      this.opts.onOutcome?.(null)
      return { status: res.status, headers: res.headers, value: res.value as T }
    } catch (err) {
      if (!options.signal?.aborted) this.opts.onOutcome?.(err)
      throw err
    }
  }

  /** How a worker that sends requests for this client makes its Agent (the same options as the client's). */
  remoteAgent(): RemoteAgent {
    return { undici: createRequire(import.meta.url).resolve('undici'), options: this.agentOptions }
  }

  async close(): Promise<void> {
    this.closed = true
    await this.agent.close()
  }

  /** What another thread saw, judged as send() judges its own answers. */
  private judge<T>(op: OperationId, got: RemoteOutcome<T>): RawResponse & { value?: T } {
    const r = routes[op]
    switch (got.kind) {
      case 'ok':
        return { status: got.status, headers: got.headers, text: '', value: got.value }
      case 'answer':
        return { status: got.status, headers: got.headers, text: got.text }
      case 'refused':
        throw this.nonServiceAnswer(got.status, got.headers, op) ?? new ServiceError('bad_response', `The answer to ${op} was refused (status ${got.status}).`, got.status, false)
      case 'limit':
        if (got.status >= 400) return { status: got.status, headers: got.headers, text: '' }
        throw new ServiceError(got.code, `The answer to ${op} was refused: ${got.message}`, got.status, r.method !== 'GET')
      case 'markup':
        throw webPage(op, got.status)
      case 'transport':
        throw transportError(got.error, r.method, this.base.host)
    }
  }

  /** The URL and headers of a request, as sent (asks assertNetwork first), and the answer kept for its ETag when it revalidates. */
  private prepare(op: OperationId, options: CallOptions, bearer: string | null): { url: string; headers: Record<string, string>; body?: string; known?: KeptAnswer } {
    const r = routes[op]
    const url = this.url(r.path, options)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (this.compression) headers['accept-encoding'] = ACCEPT_ENCODING
    let body: string | undefined
    if (options.body instanceof URLSearchParams) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = options.body.toString()
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
    if (bearer) headers.authorization = `Bearer ${bearer}`
    const known = options.revalidate && r.method === 'GET' ? this.seen.get(url) : undefined
    if (known) headers['if-none-match'] = known.etag
    this.opts.assertNetwork?.()
    return { url, headers, ...(body !== undefined ? { body } : {}), ...(known ? { known } : {}) }
  }

  private async authorised(op: OperationId, options: CallOptions, binary = false): Promise<SentResponse> {
    try {
      const res = await this.authorisedOnce(op, options, binary)
      this.opts.onOutcome?.(null)
      return res
    } catch (err) {
      // A request its caller cancelled says nothing of the service.
      if (!options.signal?.aborted) this.opts.onOutcome?.(err)
      throw err
    }
  }

  private async authorisedOnce(op: OperationId, options: CallOptions, binary: boolean): Promise<SentResponse> {
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
    const problem = tokenAnswerProblem(res)
    if (problem === 'web_page') {
      throw new ServiceError('bad_response', `A web page answered at ${this.base.host} instead of the service (status ${res.status}): a proxy or a network sign-in page (captive portal) may be in the way. Open a web page in a browser to sign in to the network, then try again.`, res.status, false, { problem })
    }
    if (problem === 'not_service') {
      // No token endpoint there: another server, or a base URL that points at something else. The address asked is named to the rep.
      const address = this.url(routes.createToken.path, {})
      throw new ServiceError('bad_response', `There is no token endpoint at ${address} (status ${res.status}): this address does not look like the wholesale ordering service. Check the base URL.`, res.status, false, { problem, address })
    }
    if (problem === 'bad_credentials') {
      const e = this.failure(res, 'createToken')
      throw new ServiceError('unauthorized', e.message, res.status, false, { problem })
    }
    if (res.status >= 400) throw this.failure(res, 'createToken')
    const token = TokenAnswer.safeParse(this.json(res, 'createToken'))
    if (!token.success) throw new ServiceError('bad_response', `The answer at ${this.base.href} is not a token: this address does not look like the wholesale ordering service.`, res.status, false, { problem: 'not_service' })
    return this.keepToken(token.data)
  }

  private keepToken(token: TokenResponse): string {
    const lifeMs = token.expires_in * 1000
    this.token = { value: token.access_token, renewAt: this.opts.clock.now() + lifeMs - Math.min(60_000, lifeMs / 10) }
    return token.access_token
  }

  private async send(op: OperationId, options: CallOptions, bearer: string | null, binary = false): Promise<SentResponse> {
    const r = routes[op]
    const { url, headers, body, known } = this.prepare(op, options, bearer)
    let res: Dispatcher.ResponseData
    try {
      res = await request(url, { method: r.method, headers, body, dispatcher: this.agent, signal: options.signal })
    } catch (err) {
      throw transportError(err, r.method, this.base.host)
    }
    if (known && res.statusCode === 304) {
      discardBody(res.body)
      return { status: 200, headers: known.headers, text: known.text }
    }
    this.refuseNonServiceAnswer(res, op)
    const limits = this.limitsFor(op, res.statusCode)
    let bytes: Uint8Array
    try {
      bytes = await readBody(res.body, res.headers, limits, options.signal)
    } catch (err) {
      // An error's status tells enough; its body is only a better description.
      if (res.statusCode >= 400 && err instanceof BodyLimitError) bytes = new Uint8Array(0)
      else if (err instanceof BodyLimitError) {
        // The headers came: a write was received and perhaps done, only its answer is lost.
        throw new ServiceError(err.code, `The answer to ${op} was refused: ${err.message}`, res.statusCode, r.method !== 'GET')
      } else throw transportError(err, r.method, this.base.host)
    }
    if (res.statusCode < 300 && startsLikeMarkup(bytes)) throw webPage(op, res.statusCode)
    if (binary && res.statusCode < 300) return { status: res.statusCode, headers: res.headers, text: '', bytes: bytes.buffer as ArrayBuffer }
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
    const etag = res.headers.etag
    if (options.revalidate && res.statusCode === 200 && typeof etag === 'string') {
      this.seen.delete(url)
      this.seen.set(url, { etag, headers: res.headers, text })
      if (this.seen.size > REVALIDATE_ENTRIES) this.seen.delete(this.seen.keys().next().value!)
    }
    return { status: res.statusCode, headers: res.headers, text }
  }

  /**
   * The service answers API calls with JSON, never with a redirect or a web page. A redirect to
   * another host or 511 (RFC 6585) is a network that wants a sign-in first (hotel or train Wi-Fi);
   * a web page on a success status is that or a base URL that points at a website: said as such,
   * before a byte of that page is read where its type says so.
   */
  private refuseNonServiceAnswer(res: Dispatcher.ResponseData, op: OperationId): void {
    const refused = this.nonServiceAnswer(res.statusCode, res.headers, op)
    if (refused) {
      discardBody(res.body)
      throw refused
    }
  }

  private nonServiceAnswer(s: number, headers: Headers, op: OperationId): ServiceError | null {
    if (!readsNoBody(s, headers)) return null
    const type = String(headers['content-type'] ?? '').toLowerCase()
    let refused: ServiceError | null = null
    if (s === 511) refused = captivePortal(op, s)
    else if (s < 300 && /^(text\/html|application\/xhtml)/.test(type)) refused = webPage(op, s)
    else if (s >= 300 && s < 400) {
      const location = String(headers.location ?? '')
      let elsewhere = true
      try {
        elsewhere = new URL(location, this.base).origin !== this.base.origin
      } catch {
        /* an unreadable Location: treated as elsewhere */
      }
      refused = elsewhere
        ? captivePortal(op, s)
        : new ServiceError('bad_response', `The service redirected ${op} to ${location}. Check the base URL: it runs up to and including the version path, e.g. https://host/api/v1.`, s, false)
    }
    return refused
  }

  private limitsFor(op: OperationId, status: number): BodyLimits {
    const base = status >= 400 || op === 'createToken' ? DEFAULT_LIMITS.small : routes[op].list ? DEFAULT_LIMITS.list : DEFAULT_LIMITS.record
    return { ...base, ...this.opts.bodyLimits }
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

  /** Read with the schema's tolerant reader (reading.ts): only a missing or odd field the app needs fails. */
  private parse<S extends z.ZodType>(schema: S, body: unknown, op: OperationId): z.output<S> {
    const read = readAnswer(schema, body)
    if (!read) {
      const where = schema.safeParse(body).error?.issues[0]?.path.join('.') || 'the body'
      throw new ServiceError('bad_response', `The service's answer to ${op} did not have the expected shape (at ${where}).`, 200, false)
    }
    if (read.unread.length) this.opts.log.warn(`${op}: answer only partly read`, { unread: read.unread })
    return read.value
  }

  private failure(res: RawResponse, op: OperationId): ServiceError {
    let body: unknown = null
    try {
      body = JSON.parse(res.text)
    } catch {
      /* not JSON: described by status alone */
    }
    const { message, fields } = parseProblem(body, res.status)
    const retryAfter = retryAfterSeconds(res.headers, this.opts.clock.now())
    const s = res.status
    const code =
      s === 401 ? 'unauthorized' : s === 403 ? 'forbidden' : s === 404 ? 'not_found' : s === 409 ? 'conflict' : s === 429 ? 'rate_limited' : s >= 500 ? 'server_error' : 'validation'
    if (s >= 500 && body === null && res.text.trim().startsWith('<')) {
      return new ServiceError('bad_response', `The service answered ${op} with a web page instead of JSON (status ${s}).`, s, false)
    }
    return new ServiceError(code, message, s, false, fields, retryAfter ?? undefined)
  }
}

function captivePortal(op: OperationId, status: number): ServiceError {
  return new ServiceError('captive_portal', `The network answered ${op} with a web page instead of the service (status ${status}): a Wi-Fi or hotel network that wants a sign-in first? Sign in to the network in a browser, then try again.`, status, false, { problem: 'web_page' })
}

/** A web page where JSON was due: a base URL pointing at a website, or a captive portal that answers 200. */
function webPage(op: OperationId, status: number): ServiceError {
  return new ServiceError('bad_response', `The answer to ${op} was a web page, not JSON (status ${status}). Check the base URL: it runs up to and including the version path, e.g. https://host/api/v1. On a hotel or public Wi-Fi, sign in to the network in a browser first.`, status, false, { problem: 'web_page' })
}

/**
 * Retry-After in seconds: delay-seconds, or an HTTP date (RFC 9110 10.2.3), counted from the answer's
 * own Date header where it has one (so a skewed clock here does not stretch or cut the wait).
 */
function retryAfterSeconds(headers: RawResponse['headers'], now: number): number | null {
  const value = firstHeader(headers['retry-after'])?.trim()
  if (value === undefined || value === '') return null
  if (/^\d+$/.test(value)) return Number(value)
  const at = Date.parse(value)
  if (Number.isNaN(at)) return null
  const sent = Date.parse(firstHeader(headers['date']) ?? '')
  return Math.max(0, Math.ceil((at - (Number.isNaN(sent) ? now : sent)) / 1000))
}

const firstHeader = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)
