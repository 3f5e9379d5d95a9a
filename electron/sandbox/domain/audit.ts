import type { AuditLog } from '../../../shared/api'
import type { Store } from '../db/store'

export interface AuditEntry {
  /** The acting user. */
  user: number
  /** The user the change was about (shows in that user's audit_logs), if any. */
  targetUser?: number
  action: string
  timestamp: string
  ip: string
  on: string
  /** The organisation the change was made for, when it is not the actor's own (our reading of on_behalf). */
  onBehalf?: number | null
}

/** Every change is recorded: users see entries about them (audit_logs) and by them (actions_taken). */
export function recordAudit(store: Store, e: AuditEntry): void {
  store.run(
    'INSERT INTO audit_logs (user, target_user, action, timestamp, ip_address, on_text, on_behalf) VALUES (?, ?, ?, ?, ?, ?, ?)',
    e.user,
    e.targetUser ?? null,
    e.action,
    e.timestamp,
    e.ip,
    e.on,
    e.onBehalf ?? null,
  )
}

/** The 100 newest entries are returned on a user record (older ones are kept but not listed). */
const LIMIT = 100

export function auditLogsOf(store: Store, userId: number, as: 'target' | 'actor'): AuditLog[] {
  const column = as === 'target' ? 'target_user' : 'user'
  return store
    .all<{ user: number; action: string; timestamp: string; ip_address: string; on_text: string; on_behalf: number | null }>(
      `SELECT user, action, timestamp, ip_address, on_text, on_behalf FROM audit_logs WHERE ${column} = ? ORDER BY id DESC LIMIT ${LIMIT}`,
      userId,
    )
    .map((r) => ({ user: r.user, action: r.action, timestamp: r.timestamp, ip_address: r.ip_address, on: r.on_text, on_behalf: r.on_behalf }))
}
