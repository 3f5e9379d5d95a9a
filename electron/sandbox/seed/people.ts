import type { Store } from '../db/store'
import { ADMIN_ROLE, PURCHASER_ROLE, ROLES } from '../domain/permissions'
import { hashSecret } from '../secrets'
import type { SandboxClientCredentials } from '../types'
import type { Random } from './random'
import { COUNTRIES, FIRST_NAMES, GB, LAST_NAMES, ORGANISATIONS, STREETS, TIMEZONES } from './reference-data'
import { SHIPPING_TYPES } from './reference-data'
import type { Language, NotificationKind, UserTimeout } from '../../../shared/api'

export interface PlannedUser {
  id: number
  organisation: number
  name: string
  email_address: string
  admin: boolean
  active: boolean
  verified: boolean
  password_reset: boolean
  two_factor: boolean
  user_language: Language
  timezone: string
  timeout: UserTimeout
  roles: number[]
  notification: NotificationKind[]
  client?: { name: string; clientId: string; secret: string }
}

const LANGS: Language[] = ['en', 'en', 'en', 'de', 'fr', 'nl', 'es', 'it']
const TIMEOUTS: UserTimeout[] = [86400, 43200, 28800, 14400, 7200, 3600, 1800]

/**
 * Users and API clients, derived from the seed alone: a reopened database gets the same
 * credentials back without storing any secret (only their hashes are in the database).
 */
export function planPeople(rng: Random): PlannedUser[] {
  const r = rng.fork('people')
  const users: PlannedUser[] = []
  const emails = new Set<string>()
  const person = (org: (typeof ORGANISATIONS)[number], role: 'admin' | 'purchaser' | 'viewer', fixedName?: string): PlannedUser => {
    const name = fixedName ?? `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`
    let email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${org.domain}`
    for (let n = 2; emails.has(email); n++) email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${n}@${org.domain}`
    emails.add(email)
    return {
      id: users.length + 1,
      organisation: org.id,
      name,
      email_address: email,
      admin: role === 'admin',
      active: true,
      verified: true,
      password_reset: false,
      two_factor: r.chance(0.5),
      user_language: r.pick(LANGS),
      timezone: r.pick(TIMEZONES),
      timeout: r.pick(TIMEOUTS),
      roles: role === 'admin' ? [ADMIN_ROLE] : role === 'purchaser' ? [PURCHASER_ROLE] : [1],
      notification: role === 'viewer' ? [] : ['order_created', 'order_status_changed', ...(role === 'admin' ? (['buy_price_increased', 'order_requires_manual_auth'] as const) : [])],
    }
  }
  for (const org of ORGANISATIONS) {
    const admin = person(org, 'admin', org.id === 1 ? 'Alex Morgan' : undefined)
    admin.client = { name: 'Wholesale Desk (admin)', clientId: r.uuid(), secret: `wsk_${r.hex(24)}` }
    users.push(admin)
    const buyer = person(org, 'purchaser')
    buyer.client = { name: 'Wholesale Desk', clientId: r.uuid(), secret: `wsk_${r.hex(24)}` }
    users.push(buyer)
    // A third user with the odd flags the user filters select on.
    const other = person(org, 'viewer')
    other.verified = org.id % 2 === 0
    other.active = org.id % 3 !== 0
    other.password_reset = org.id % 4 === 0
    users.push(other)
  }
  return users
}

export function credentialsOf(users: PlannedUser[]): SandboxClientCredentials[] {
  return users
    .filter((u) => u.client)
    .map((u) => ({ clientId: u.client!.clientId, clientSecret: u.client!.secret, userId: u.id, organisationId: u.organisation, admin: u.admin }))
}

/** The fixed shipping types; also run on every reopened file, so one made before a change gets today's. */
export function seedShippingTypes(store: Store): void {
  SHIPPING_TYPES.forEach((t, i) =>
    store.run(
      'INSERT INTO shipping_types (id, name, cost, countries, exclude_countries) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, cost = excluded.cost, countries = excluded.countries, exclude_countries = excluded.exclude_countries',
      i + 1,
      t.name,
      t.cost,
      JSON.stringify(t.countries),
      t.exclude ? 1 : 0,
    ),
  )
}

export function seedPeople(store: Store, rng: Random, users: PlannedUser[], seededAt: string): void {
  const r = rng.fork('addresses')
  COUNTRIES.forEach(([iso, name], i) => store.run('INSERT INTO country_codes (id, iso_code, name) VALUES (?, ?, ?)', i + 1, iso, name))
  seedShippingTypes(store)
  for (const role of ROLES) store.run('INSERT INTO roles (id, name, parent, permissions) VALUES (?, ?, ?, ?)', role.id, role.name, role.parent, JSON.stringify(role.permissions))
  for (const org of ORGANISATIONS) {
    store.run(
      'INSERT INTO organisations (id, name, parent, linked_account, finance_type, currency, authorisation_limit) VALUES (?, ?, ?, ?, ?, ?, ?)',
      org.id,
      org.name,
      org.parent,
      org.linked_account ? 1 : 0,
      org.finance_type,
      'GBP',
      org.authorisation_limit,
    )
    const labels = ['Head office', 'Warehouse', 'Branch office'].slice(0, 1 + (org.id % 3))
    for (const label of labels) {
      const address = {
        name: label,
        company_name: org.name,
        recipient_name: `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`,
        addr_line_1: `${r.int(1, 240)} ${r.pick(STREETS)}`,
        addr_line_2: label === 'Warehouse' ? `Unit ${r.int(1, 40)}` : undefined,
        city: org.city,
        region: undefined,
        postal_code: org.postcode,
        country_code: GB,
      }
      store.run('INSERT INTO addresses (organisation, doc) VALUES (?, ?)', org.id, JSON.stringify(address))
    }
  }
  for (const u of users) {
    const doc = { admin: u.admin, 'two-factor': u.two_factor, user_language: u.user_language, timezone: u.timezone, timeout: u.timeout, roles: u.roles, notification: u.notification }
    store.run(
      'INSERT INTO users (id, organisation, name, email_address, search, active, verified, password_reset, doc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      u.id,
      u.organisation,
      u.name,
      u.email_address,
      `${u.name}\n${u.email_address}`.toLowerCase(),
      u.active ? 1 : 0,
      u.verified ? 1 : 0,
      u.password_reset ? 1 : 0,
      JSON.stringify(doc),
    )
    if (u.client) store.run('INSERT INTO api_clients (user, name, client_id, secret_hash) VALUES (?, ?, ?, ?)', u.id, u.client.name, u.client.clientId, hashSecret(u.client.secret))
    // The organisation's admin (or the demo user, for admins) created every seeded user.
    const creator = users.find((x) => x.organisation === (u.admin ? 1 : u.organisation) && x.admin) ?? u
    store.run(
      'INSERT INTO audit_logs (user, target_user, action, timestamp, ip_address, on_text, on_behalf) VALUES (?, ?, ?, ?, ?, ?, ?)',
      creator.id,
      u.id,
      'CREATED',
      seededAt,
      '127.0.0.1',
      `User #${u.id} (${u.name})`,
      // on_behalf as every live change writes it (domain/audit.ts): only another organisation is named.
      u.organisation !== creator.organisation ? u.organisation : null,
    )
  }
}
