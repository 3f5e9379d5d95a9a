import type { Language, NotificationKind, UserTimeout } from '../../../shared/api'
import type { Store } from '../db/store'

/** A user as stored: indexed columns plus the document of the remaining fields. */
export interface UserRecord {
  id: number
  organisation: number
  name: string
  email_address: string
  active: boolean
  verified: boolean
  password_reset: boolean
  admin: boolean
  'two-factor': boolean
  user_language: Language
  timezone: string
  timeout: UserTimeout
  roles: number[]
  notification: NotificationKind[]
}

interface UserRow {
  id: number
  organisation: number
  name: string
  email_address: string
  active: number
  verified: number
  password_reset: number
  doc: string
}

export function userFromRow(row: UserRow): UserRecord {
  const doc = JSON.parse(row.doc) as Omit<UserRecord, 'id' | 'organisation' | 'name' | 'email_address' | 'active' | 'verified' | 'password_reset'>
  return {
    id: row.id,
    organisation: row.organisation,
    name: row.name,
    email_address: row.email_address,
    active: row.active === 1,
    verified: row.verified === 1,
    password_reset: row.password_reset === 1,
    ...doc,
  }
}

export function loadUser(store: Store, id: number): UserRecord | undefined {
  const row = store.get<UserRow>('SELECT id, organisation, name, email_address, active, verified, password_reset, doc FROM users WHERE id = ?', id)
  return row ? userFromRow(row) : undefined
}

export function saveUser(store: Store, u: UserRecord): number {
  const doc = JSON.stringify({
    admin: u.admin,
    'two-factor': u['two-factor'],
    user_language: u.user_language,
    timezone: u.timezone,
    timeout: u.timeout,
    roles: u.roles,
    notification: u.notification,
  })
  const search = `${u.name}\n${u.email_address}`.toLowerCase()
  // The columns UPDATE sets and INSERT fills, in the same order.
  const columns = [u.organisation, u.name, u.email_address, search, u.active ? 1 : 0, u.verified ? 1 : 0, u.password_reset ? 1 : 0, doc] as const
  if (u.id > 0) {
    store.run(
      'UPDATE users SET organisation = ?, name = ?, email_address = ?, search = ?, active = ?, verified = ?, password_reset = ?, doc = ? WHERE id = ?',
      ...columns,
      u.id,
    )
    return u.id
  }
  return store.run('INSERT INTO users (organisation, name, email_address, search, active, verified, password_reset, doc) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', ...columns).lastInsertRowid
}
