import { randomBytes } from 'node:crypto'
import { TokenRequest, type OAuthError } from '../../shared/api'
import { unauthorized } from './errors'
import { permissionsOf, type HeldPermission, type PermissionName } from './domain/permissions'
import { loadUser, type UserRecord } from './domain/users-store'
import { sha256 } from './secrets'
import type { SandboxState } from './state'

/** Who is calling: the API client's user, acting with that user's roles in its organisation. */
export interface Caller {
  user: UserRecord
  clientId: string
  permissions: HeldPermission[]
  /** The caller's organisation and its descendants. */
  visible: number[]
  ip: string
  can(permission: PermissionName): boolean
  sees(organisationId: number): boolean
}

/** An API client acts with its user's roles (spec 5.4). */
export function permissionsFor(state: SandboxState, user: UserRecord): HeldPermission[] {
  return permissionsOf(user.roles, state.roles)
}

function callerOf(state: SandboxState, user: UserRecord, clientId: string, ip: string): Caller {
  const permissions = permissionsFor(state, user)
  const names = new Set(permissions.map((p) => p.permission))
  const visible = state.orgs.visibleFrom(user.organisation)
  return { user, clientId, permissions, visible, ip, can: (p) => names.has(p), sees: (org) => visible.includes(org) }
}

/** Resolves `Authorization: Bearer <token>`; a missing, unknown, expired or revoked token is a 401. */
export function authenticate(state: SandboxState, header: string | undefined, ip: string): Caller {
  const match = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i.exec(header ?? '')
  if (!match) {
    if (!header || !/^Bearer(\s|$)/i.test(header)) throw unauthorized('An access token is required (Authorization: Bearer <access token>)', null)
    throw unauthorized('The Authorization header must be "Bearer <access token>"', 'invalid_request')
  }
  const row = state.store.get<{ client_id: string; user: number; expires_at: number; revoked: number }>(
    'SELECT client_id, user, expires_at, revoked FROM tokens WHERE hash = ?',
    sha256(match[1] as string),
  )
  if (!row) throw unauthorized('The access token is not known')
  if (row.revoked) throw unauthorized('The access token has been revoked')
  if (row.expires_at <= state.clock.now()) throw unauthorized('The access token has expired')
  const user = loadUser(state.store, row.user)
  // A disabled user's existing tokens stop working too.
  if (!user || !user.active) throw unauthorized('The API client\u2019s user is disabled')
  return callerOf(state, user, row.client_id, ip)
}

type TokenOutcome = { status: 200; body: { access_token: string; token_type: 'Bearer'; expires_in: number } } | { status: 400 | 401; body: OAuthError }

const oauthError = (status: 400 | 401, error: OAuthError['error'], description: string): TokenOutcome => ({
  status,
  body: { error, error_description: description },
})

/**
 * POST /oauth/create_token: client credentials by the form body ("client_secret_post"), errors as
 * RFC 6749 section 5.2. Only application/x-www-form-urlencoded is accepted.
 */
export function createToken(state: SandboxState, contentType: string | undefined, rawBody: string): TokenOutcome {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? '')) {
    return oauthError(400, 'invalid_request', 'The token request must be application/x-www-form-urlencoded')
  }
  const form = new URLSearchParams(rawBody)
  const fields: Record<string, string> = {}
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key)
    if (values.length > 1) return oauthError(400, 'invalid_request', `Parameter ${key} is repeated`)
    fields[key] = values[0] as string
  }
  for (const key of ['grant_type', 'client_id', 'client_secret']) {
    if (!fields[key]) return oauthError(400, 'invalid_request', `Parameter ${key} is required`)
  }
  const parsed = TokenRequest.safeParse(fields)
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === 'grant_type')) return oauthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported')
    return oauthError(401, 'invalid_client', 'Client authentication failed')
  }
  const { client_id, client_secret } = parsed.data
  const client = state.store.get<{ user: number; secret_hash: string }>('SELECT user, secret_hash FROM api_clients WHERE client_id = ?', client_id.toLowerCase())
  const user = client ? loadUser(state.store, client.user) : undefined
  if (!client || !user || !user.active || !state.verifier.verify(client_id.toLowerCase(), client_secret, client.secret_hash)) {
    return oauthError(401, 'invalid_client', 'Client authentication failed')
  }
  const token = randomBytes(32).toString('base64url')
  const ttl = state.options.tokenTtlSeconds
  state.store.run('INSERT INTO tokens (hash, client_id, user, expires_at) VALUES (?, ?, ?, ?)', sha256(token), client_id.toLowerCase(), user.id, state.clock.now() + ttl * 1000)
  return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: ttl } }
}

export function revokeTokens(state: SandboxState, clientId?: string): number {
  const r = clientId === undefined ? state.store.run('UPDATE tokens SET revoked = 1') : state.store.run('UPDATE tokens SET revoked = 1 WHERE client_id = ?', clientId.toLowerCase())
  return r.changes
}
