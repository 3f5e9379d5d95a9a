import type { z } from 'zod'
import type { FieldError, User, UserBody, UserListItem, UserListQuery } from '../../../shared/api'
import { invalid, notFound } from '../errors'
import { oneBoolean, orderBy, pageOf, texts, Where } from '../lists'
import type { SandboxState } from '../state'
import { auditLogsOf, recordAudit } from './audit'
import type { Actor } from './orders'
import { loadUser, saveUser, type UserRecord } from './users-store'

type Body = z.output<typeof UserBody>
type Query = z.output<typeof UserListQuery>

export function listUsers(state: SandboxState, visible: readonly number[], q: Query): { items: UserListItem[]; total: number } {
  const where = new Where().inList('organisation', visible)
  if (q.organisation) where.inList('organisation', q.organisation)
  where.anyOf(texts(q.text), (t) => ['instr(search, ?) > 0', t.toLowerCase()])
  const [verified, disabled, passwordReset] = [oneBoolean(q.verified), oneBoolean(q.disabled), oneBoolean(q.password_reset)]
  if (verified !== undefined) where.add('verified = ?', verified ? 1 : 0)
  if (disabled !== undefined) where.add('active = ?', disabled ? 0 : 1)
  if (passwordReset !== undefined) where.add('password_reset = ?', passwordReset ? 1 : 0)
  const total = state.store.get<{ n: number }>(`SELECT count(*) AS n FROM users ${where.sql}`, ...where.params)!.n
  const { limit, offset } = pageOf(q)
  if (offset >= total) return { items: [], total }
  const rows = state.store.all<{ id: number; organisation: number; name: string; email_address: string; password_reset: number; verified: number; active: number }>(
    `SELECT id, organisation, name, email_address, password_reset, verified, active FROM users ${where.sql} ${orderBy(q.sort_by, { name: 'name_key(name)', email_address: 'email_address COLLATE NOCASE' })} LIMIT ? OFFSET ?`,
    ...where.params,
    limit,
    offset,
  )
  // The list item says `disabled` where the record says `active` (spec 2.5).
  const items = rows.map((r) => ({ id: r.id, organisation: r.organisation, name: r.name, email_address: r.email_address, password_reset: r.password_reset === 1, verified: r.verified === 1, disabled: r.active === 0 }))
  return { items, total }
}

/** The full record: api clients (never their secrets) and the audit trail about and by the user. */
export function userView(state: SandboxState, u: UserRecord): User {
  const clients = state.store.all<{ id: number; name: string; client_id: string }>('SELECT id, name, client_id FROM api_clients WHERE user = ? ORDER BY id', u.id)
  return {
    id: u.id,
    name: u.name,
    email_address: u.email_address,
    organisation: u.organisation,
    admin: u.admin,
    'two-factor': u['two-factor'],
    active: u.active,
    verified: u.verified,
    password_reset: u.password_reset,
    user_language: u.user_language,
    timezone: u.timezone,
    timeout: u.timeout,
    roles: u.roles,
    notification: u.notification,
    api_clients: clients,
    audit_logs: auditLogsOf(state.store, u.id, 'target'),
    actions_taken: auditLogsOf(state.store, u.id, 'actor'),
  }
}

export function findUser(state: SandboxState, visible: readonly number[], id: number): UserRecord {
  const u = loadUser(state.store, id)
  if (!u || !visible.includes(u.organisation)) throw notFound('User')
  return u
}

function validTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

function check(state: SandboxState, actor: Actor, b: Body, selfId: number): void {
  const errors: FieldError[] = []
  if (!actor.visible.includes(b.organisation)) errors.push({ field: 'organisation', message: 'Not your organisation or one of its descendants' })
  const unknownRoles = (b.roles ?? []).filter((r) => !state.roles.has(r))
  if (unknownRoles.length) errors.push({ field: 'roles', message: `Unknown role ids: ${unknownRoles.join(', ')}` })
  if (!validTimezone(b.timezone)) errors.push({ field: 'timezone', message: `Unknown time zone ${b.timezone}` })
  const clash = state.store.get<{ id: number }>('SELECT id FROM users WHERE email_address = ? COLLATE NOCASE', b.email_address)
  if (clash && clash.id !== selfId) errors.push({ field: 'email_address', message: 'This e-mail address is already in use' })
  if (errors.length) throw invalid(errors)
}

const dedupe = <T>(xs: T[]) => [...new Set(xs)]

export function createUser(state: SandboxState, actor: Actor, b: Body): User {
  check(state, actor, b, 0)
  return state.store.transaction(() => {
    const record: UserRecord = { ...fields(b), id: 0, roles: dedupe(b.roles ?? []), notification: dedupe(b.notification ?? []) }
    record.id = saveUser(state.store, record)
    audit(state, actor, record, 'CREATED')
    return userView(state, record)
  })
}

/**
 * PUT: every field is replaced. roles and notification are overwritten when given; when not given
 * they are kept, except that a change of organisation resets both to empty (spec rule 4).
 */
export function editUser(state: SandboxState, actor: Actor, id: number, b: Body): User {
  const existing = findUser(state, actor.visible, id)
  check(state, actor, b, id)
  const moved = b.organisation !== existing.organisation
  const record: UserRecord = {
    ...fields(b),
    id,
    roles: b.roles !== undefined ? dedupe(b.roles) : moved ? [] : existing.roles,
    notification: b.notification !== undefined ? dedupe(b.notification) : moved ? [] : existing.notification,
  }
  return state.store.transaction(() => {
    saveUser(state.store, record)
    audit(state, actor, record, 'EDITED')
    return userView(state, record)
  })
}

function fields(b: Body): Omit<UserRecord, 'id' | 'roles' | 'notification'> {
  return {
    organisation: b.organisation,
    name: b.name,
    email_address: b.email_address,
    active: b.active,
    verified: b.verified,
    password_reset: b.password_reset,
    admin: b.admin,
    'two-factor': b['two-factor'],
    user_language: b.user_language,
    timezone: b.timezone,
    timeout: b.timeout,
  }
}

function audit(state: SandboxState, actor: Actor, u: UserRecord, action: string): void {
  recordAudit(state.store, {
    user: actor.userId,
    targetUser: u.id,
    action,
    timestamp: state.clock.iso(actor.now),
    ip: actor.ip,
    on: `User #${u.id} (${u.name})`,
    onBehalf: u.organisation !== actor.organisation ? u.organisation : null,
  })
}
