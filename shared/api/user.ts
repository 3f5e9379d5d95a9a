import { z } from 'zod'
import { DateTime, Id, Language } from './common'
import { tolerantReader } from './reading'

/** Inactivity timeouts a user may have, in seconds (spec 2.5 / section 8). */
export const USER_TIMEOUTS = [86400, 43200, 28800, 14400, 7200, 3600, 1800] as const
export const UserTimeout = z.literal(USER_TIMEOUTS)
export type UserTimeout = (typeof USER_TIMEOUTS)[number]

/** Notification kinds a user can be given (spec 2.5 and section 6). */
export const NotificationKind = z.enum([
  'buy_price_increased',
  'checkout_requested',
  'order_created',
  'order_requires_manual_auth',
  'order_status_changed',
  'quote_amended',
  'quote_created',
])
export type NotificationKind = z.infer<typeof NotificationKind>

const ApiClient = z.object({ id: Id, name: z.string(), client_id: z.uuid() })
type ApiClient = z.infer<typeof ApiClient>

export const AuditLog = z.object({
  user: Id,
  action: z.string(),
  timestamp: DateTime.optional(),
  ip_address: z.string().optional(),
  on: z.string().optional(),
  on_behalf: Id.nullish(),
})
export type AuditLog = z.infer<typeof AuditLog>

/** Spec 2.5: the full user record. */
export const User = z.object({
  id: Id,
  name: z.string(),
  email_address: z.string(),
  organisation: Id,
  admin: z.boolean(),
  'two-factor': z.boolean(),
  active: z.boolean(),
  verified: z.boolean(),
  password_reset: z.boolean(),
  user_language: Language,
  timezone: z.string(),
  timeout: UserTimeout,
  roles: z.array(Id),
  notification: z.array(NotificationKind),
  api_clients: z.array(ApiClient).default([]),
  audit_logs: z.array(AuditLog).default([]),
  actions_taken: z.array(AuditLog).default([]),
})
export type User = z.infer<typeof User>
/**
 * The client's reader: a timeout, language or two-factor flag the app cannot read (a value a later
 * release allows, or none) opens the user all the same, with the body's default in its place and
 * the field marked as not fully read, so it is never saved back from here (fully-read.ts).
 */
tolerantReader(User, { 'two-factor': false, user_language: 'en', timeout: 3600 })

/** Create / edit body (PUT overwrites roles and notification; an organisation change resets both). */
export const UserBody = z.object({
  name: z.string().trim().min(1).max(255),
  email_address: z.email(),
  organisation: Id,
  admin: z.boolean().default(false),
  'two-factor': z.boolean().default(false),
  active: z.boolean().default(true),
  verified: z.boolean().default(false),
  password_reset: z.boolean().default(false),
  user_language: Language.default('en'),
  timezone: z.string().min(1).max(64).default('Europe/London'),
  timeout: UserTimeout.default(3600),
  roles: z.array(Id).optional(),
  notification: z.array(NotificationKind).optional(),
})
export type UserBody = z.input<typeof UserBody>

/** Spec 2.5: list items say disabled where the record says active. */
export const UserListItem = z.object({
  id: Id,
  organisation: Id,
  name: z.string(),
  email_address: z.string(),
  password_reset: z.boolean(),
  verified: z.boolean(),
  disabled: z.boolean(),
})
export type UserListItem = z.infer<typeof UserListItem>

export const USER_SORTS = ['-name', '+name', '-email_address', '+email_address'] as const
