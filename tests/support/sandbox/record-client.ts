/**
 * A client written only from the service's public record (shared/spec/wholesale-ordering-api.md and
 * service-conventions.md), with plain fetch and nothing of the app's or the sandbox's: a host-only
 * base URL plus the API path `/api/v1`, a token by client_secret_post, JSON bodies, a bearer token on
 * everything else. The public-record tests use it as the independent checks do, so a sandbox that
 * drifts from a public fact fails them.
 */
export const API_PATH = '/api/v1'

export interface RecordAnswer<T> {
  status: number
  headers: Headers
  body: T
}

export interface RecordCredentials {
  clientId: string
  clientSecret: string
}

/** `{ status: ['A', 'B'] }` as `status=A&status=B`, the spelling the public record shows; a string is sent as given. */
export function recordQuery(query: Record<string, string | number | boolean | (string | number)[]> | string | undefined): string {
  if (query === undefined) return ''
  if (typeof query === 'string') return query === '' ? '' : `?${query}`
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item))
  const s = params.toString()
  return s ? `?${s}` : ''
}

/** POST /oauth/create_token, form-encoded, client authentication in the body (client_secret_post). */
export async function requestToken(host: string, form: Record<string, string>): Promise<RecordAnswer<Record<string, unknown>>> {
  const res = await fetch(`${host}${API_PATH}/oauth/create_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  })
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> }
}

export class RecordClient {
  private token = ''
  constructor(
    /** The host alone, the public documentation's "base URL", e.g. http://127.0.0.1:4000 */
    readonly host: string,
    private readonly creds: RecordCredentials,
  ) {}

  async signIn(): Promise<this> {
    const res = await requestToken(this.host, { client_id: this.creds.clientId, client_secret: this.creds.clientSecret, grant_type: 'client_credentials' })
    if (res.status !== 200 || typeof res.body.access_token !== 'string') throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`)
    this.token = res.body.access_token
    return this
  }

  async get<T = unknown>(path: string, query?: Parameters<typeof recordQuery>[0]): Promise<RecordAnswer<T>> {
    return this.send<T>('GET', `${path}${recordQuery(query)}`)
  }

  async post<T = unknown>(path: string, body?: unknown): Promise<RecordAnswer<T>> {
    return this.send<T>('POST', path, body)
  }

  async send<T>(method: string, path: string, body?: unknown): Promise<RecordAnswer<T>> {
    const res = await fetch(`${this.host}${API_PATH}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T }
  }

  /** Every page of a list, by the public paging: page from 1, per_page at most 1000, X-Total-Pages. */
  async all<T>(path: string, query: Record<string, string | number | boolean | (string | number)[]> = {}, perPage = 1000): Promise<T[]> {
    const out: T[] = []
    for (let page = 1; ; page++) {
      const res = await this.get<T[]>(path, { ...query, page, per_page: perPage })
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
      out.push(...res.body)
      if (page >= Number(res.headers.get('x-total-pages'))) return out
    }
  }
}
