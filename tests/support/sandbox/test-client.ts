import { request } from 'undici'
import type { Sandbox, SandboxClientCredentials } from '../../../electron/sandbox/types'

/** A small HTTP client for the sandbox's own tests (real HTTP over 127.0.0.1). */
export interface TestResponse<T = unknown> {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: T
}

export type QueryValue = string | number | boolean | (string | number | boolean)[]

export interface CallOptions {
  body?: unknown
  /** Sent as is (with contentType), instead of JSON. */
  raw?: string
  contentType?: string
  query?: Record<string, QueryValue | undefined>
  headers?: Record<string, string>
  /** false: no Authorization header; a string: that bearer token. */
  auth?: boolean | string
}

export function queryString(query: Record<string, QueryValue | undefined> | undefined): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

export async function createTokenFor(baseUrl: string, creds: Pick<SandboxClientCredentials, 'clientId' | 'clientSecret'>): Promise<string> {
  const res = await request(`${baseUrl}/oauth/create_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: creds.clientId, client_secret: creds.clientSecret }).toString(),
  })
  const body = (await res.body.json()) as { access_token?: string }
  if (res.statusCode !== 200 || !body.access_token) throw new Error(`token request failed with ${res.statusCode}`)
  return body.access_token
}

export class TestClient {
  private tokenValue?: string

  constructor(
    /** A sandbox in this process or a child one: only its address and demo client are used. */
    readonly sandbox: Pick<Sandbox, 'baseUrl' | 'demo'>,
    readonly creds: SandboxClientCredentials = sandbox.demo,
  ) {}

  async token(): Promise<string> {
    this.tokenValue ??= await createTokenFor(this.sandbox.baseUrl, this.creds)
    return this.tokenValue
  }

  async call<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.auth !== false) headers.authorization = `Bearer ${typeof opts.auth === 'string' ? opts.auth : await this.token()}`
    let body: string | undefined
    if (opts.raw !== undefined) {
      body = opts.raw
      if (opts.contentType) headers['content-type'] = opts.contentType
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['content-type'] = opts.contentType ?? 'application/json'
    }
    const res = await request(`${this.sandbox.baseUrl}${path}${queryString(opts.query)}`, { method: method as 'GET', headers, body })
    const text = await res.body.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      parsed = undefined
    }
    return { status: res.statusCode, headers: res.headers, text, body: parsed as T }
  }

  get<T = unknown>(path: string, opts?: CallOptions) {
    return this.call<T>('GET', path, opts)
  }

  post<T = unknown>(path: string, body?: unknown, opts?: CallOptions) {
    return this.call<T>('POST', path, { ...opts, body })
  }

  put<T = unknown>(path: string, body?: unknown, opts?: CallOptions) {
    return this.call<T>('PUT', path, { ...opts, body })
  }
}
