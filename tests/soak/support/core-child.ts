/**
 * The whole desktop core in a process of its own, so the soak can SIGKILL it at any moment and start
 * it again on the same data folder. Forked with tsx; the parent drives it over the IPC channel:
 *   { id, call: channel, input }  → { id, reply }            (the core's dispatch, as the window would)
 *   { id, clockOffsetMs }         → { id, reply }            (the system clock moved)
 *   { id, keychainLocked }        → { id, reply }            (the keychain locked or unlocked)
 *   { id, stop: true }            → { id, reply }, then exit (a clean quit)
 * Every alert shown and every orders.changed event is appended to a journal file synchronously, in
 * the same tick as the core raises it: what a kill cuts short is what the user would not have seen.
 *
 * Environment: WD_DATA_DIR, WD_JOURNAL, WD_DEMO_URL / WD_DEMO_CLIENT_ID / WD_DEMO_CLIENT_SECRET (the
 * embedded demo service's address), WD_CLOCK_OFFSET_MS, WD_KEYCHAIN_LOCKED.
 */
import { appendFileSync } from 'node:fs'
import { AppError } from '../../../shared/ipc/contract-kit'
import { testKeychain } from '../../support/core/test-keychain'
import type { SecretStore } from '../../../electron/core/credentials/secret-store'
import { createCore } from '../../../electron/core'
import type { Clock, Logger } from '../../../electron/core/platform/services'

const env = (k: string) => {
  const v = process.env[k]
  if (v === undefined) throw new Error(`${k} is not set`)
  return v
}

let offset = Number(process.env.WD_CLOCK_OFFSET_MS ?? 0)
/** The system clock, moved by the parent (a timezone change, a wrong clock corrected). */
const clock: Clock = { now: () => Date.now() + offset, setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) }

let locked = process.env.WD_KEYCHAIN_LOCKED === '1'
const keychain = testKeychain()
/** The real OS keychain, which the parent can lock: a locked keychain answers as the app's store does when none answers. */
const secrets: SecretStore = {
  get: (a) => (locked ? Promise.reject(new AppError('keychain_unavailable', 'The keychain is locked.')) : keychain.get(a)),
  set: (a, s) => (locked ? Promise.reject(new AppError('keychain_unavailable', 'The keychain is locked.')) : keychain.set(a, s)),
  delete: (a) => (locked ? Promise.reject(new AppError('keychain_unavailable', 'The keychain is locked.')) : keychain.delete(a)),
}

const journal = env('WD_JOURNAL')
const record = (entry: object): void => appendFileSync(journal, `${JSON.stringify({ ...entry, pid: process.pid })}\n`)
const log: Logger = { info: () => {}, warn: () => {}, error: (m, d) => record({ kind: 'log-error', message: m, detail: String((d as Error)?.message ?? d ?? '') }) }

const core = createCore({
  dataDir: env('WD_DATA_DIR'),
  secrets,
  notifier: { show: (alert) => record({ kind: 'alert', alert }) },
  log,
  clock,
  demo: async () => ({ baseUrl: env('WD_DEMO_URL'), clientId: env('WD_DEMO_CLIENT_ID'), clientSecret: env('WD_DEMO_CLIENT_SECRET') }),
})
core.onEvent((event, payload) => {
  // The watcher announces only for the active profile's session (a stopped one's poll ends unannounced).
  if (event === 'orders.changed') record({ kind: 'changes', profile: core.context.connection.active()?.profile.id ?? null, changes: (payload as { changes: unknown[] }).changes })
})

type Message = { id: number; call?: string; input?: unknown; clockOffsetMs?: number; keychainLocked?: boolean; stop?: boolean }
process.on('message', (m: Message) => {
  void (async () => {
    if (m.call !== undefined) return process.send!({ id: m.id, reply: await core.dispatch(m.call, m.input) })
    if (m.clockOffsetMs !== undefined) offset = m.clockOffsetMs
    if (m.keychainLocked !== undefined) locked = m.keychainLocked
    if (m.stop) {
      await core.stop()
      process.send!({ id: m.id, reply: { ok: true, value: null } }, () => process.exit(0))
      return
    }
    process.send!({ id: m.id, reply: { ok: true, value: null } })
  })()
})

void core.start().then(
  () => process.send!({ ready: true }),
  (err: unknown) => {
    record({ kind: 'log-error', message: 'core did not start', detail: String((err as Error).message) })
    process.exit(3)
  },
)
