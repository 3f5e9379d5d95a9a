import { isHttpsOrLoopback } from './loopback'

/**
 * The one form a profile's base URL is kept in: scheme, host, any path prefix, then the API path
 * (`https://host/api/v1`), no trailing slash. The service's public documentation calls the host
 * alone "the base URL" and gives `/api/v1` separately, while one official sample includes it, so
 * a rep may paste either (or a copied endpoint URL): each becomes this form.
 */
export const API_PATH = '/api/v1'

// An API path with its version (`/api/v1`, `/api/v2`): the version lives in that segment.
const VERSIONED = /^(.*?\/api\/v\d+)(?:\/.*)?$/i
// An API path without its version (`/api`, `/api/oauth/create_token`): the record's endpoints are under /api/v1.
const UNVERSIONED = /^(.*?)\/api(?:\/.*)?$/i

export type BaseUrlProblem = 'invalid' | 'https'

export type NormalisedBaseUrl = { ok: true; url: string } | { ok: false; problem: BaseUrlProblem }

/**
 * A typed address as a URL: http(s), a host, no user name or password; null if it is none. A bare
 * host ("wholesale.example.com") is what many people copy from an address bar. A space is never
 * part of an address: Chromium's parser (the form's) would keep it in the host as %20, Node's (the
 * core's) refuses it, so the form would show an address the core then turns down.
 */
function readAddress(input: string): URL | null {
  const text = input.trim()
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`
  if (!text || /\s/.test(text) || !URL.canParse(withScheme)) return null
  const url = new URL(withScheme)
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return null
  return url
}

export function normaliseBaseUrl(input: string): NormalisedBaseUrl {
  const url = readAddress(input)
  if (!url) return { ok: false, problem: 'invalid' }
  if (!isHttpsOrLoopback(url)) return { ok: false, problem: 'https' }
  // The token endpoint copied without the API path (the docs give it relative to the base URL).
  const path = url.pathname.replace(/\/+$/, '').replace(/\/oauth\/create_token$/i, '')
  const versioned = VERSIONED.exec(path)
  const unversioned = UNVERSIONED.exec(path)
  // A copied endpoint (…/api/v1/orders, …/api/v1/oauth/create_token) is cut back to its API path,
  // `/api` alone (or an endpoint under it) gets the version; a bare host or a path prefix (a
  // deployment under /ordering) gets the API path appended. The query and fragment are dropped.
  const apiPath = versioned ? versioned[1]! : unversioned ? `${unversioned[1]!}${API_PATH}` : `${path}${API_PATH}`
  return { ok: true, url: `${url.protocol}//${url.host}${apiPath}` }
}

/**
 * The service's web interface for a base URL: its origin (scheme and host), where the public
 * documentation places the web interface beside the API.
 */
export function defaultWebInterface(baseUrl: string): string {
  return URL.canParse(baseUrl) ? new URL(baseUrl).origin : ''
}

/** A web interface address as kept: an https (or loopback http) origin plus any path, no trailing slash. */
export function normaliseWebInterface(input: string): NormalisedBaseUrl {
  const url = readAddress(input)
  if (!url) return { ok: false, problem: 'invalid' }
  if (!isHttpsOrLoopback(url)) return { ok: false, problem: 'https' }
  return { ok: true, url: `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}` }
}
