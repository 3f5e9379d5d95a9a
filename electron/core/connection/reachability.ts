import type { CoreEventName as EventName, CoreEventPayload as EventPayload } from '../../../shared/model/core-events'
import type { Clock } from '../platform/services'
import { ServiceError, SessionEndedError } from '../service/service-error'

const PROBE_ONLINE_MS = 30_000
const PROBE_OFFLINE_MS = 5_000

interface ReachabilityDeps {
  clock: Clock
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
  /** Asks the service now (the session's whoami); its request's outcome comes back through note(). */
  probe(): Promise<unknown>
  /** Whether there is a session to probe for. */
  active(): boolean
  /** The online state changed (the connection tells its listeners). */
  changed(): void
}

/** The failures that prove the service was not reached: no connection, a failed TLS handshake, a network's sign-in page instead. */
function unreached(error: ServiceError): boolean {
  return error.code === 'offline' || error.code === 'tls' || error.code === 'captive_portal'
}

/**
 * What one request's outcome says of the service: reached (true), not reached (false), or nothing
 * (null). An answer of the service's own, a refusal (4xx) included, proves it can be reached; a
 * server error or a timeout proves neither; a request its session's end cancelled never left.
 */
export function reachedBy(error: unknown): boolean | null {
  if (error === null) return true
  if (error instanceof SessionEndedError || !(error instanceof ServiceError)) return null
  if (unreached(error)) return false
  if (error.status !== null && error.status < 500 && error.code !== 'bad_response') return true
  return null
}

/**
 * Whether a failure is, to the user, "the service cannot be reached": not reached, or no answer in
 * time (which proves nothing for the online state, but leaves the user just as without an answer).
 */
export function outOfReach(error: unknown): boolean {
  return error instanceof ServiceError && (unreached(error) || error.code === 'timeout')
}

/**
 * The online state: fed by the outcome of every request the active session's service client makes
 * (not by the OS), and by a probe on a timer — every 30 s online, every 5 s offline — so it comes
 * back on its own.
 */
export class Reachability {
  private isOnline = false
  private timer: unknown = null
  private stopped = false

  constructor(private readonly deps: ReachabilityDeps) {}

  get online(): boolean {
    return this.isOnline
  }

  /** One request's outcome (null: it was answered). */
  note(error: unknown): void {
    const reached = reachedBy(error)
    if (reached !== null) this.set(reached)
  }

  set(online: boolean): void {
    if (online === this.isOnline) return
    this.isOnline = online
    this.deps.emit('system.online', { online, checkedAt: new Date(this.deps.clock.now()).toISOString() })
    this.deps.changed()
    this.schedule()
  }

  /** No session any more: offline, silently (the connection says so with its own change). */
  reset(): void {
    this.cancel()
    this.isOnline = false
  }

  /** (Re)arms the probe timer for the current state. */
  schedule(): void {
    this.cancel()
    if (this.stopped || !this.deps.active()) return
    this.timer = this.deps.clock.setTimeout(
      () => {
        this.timer = null
        void this.deps.probe().finally(() => this.schedule())
      },
      this.isOnline ? PROBE_ONLINE_MS : PROBE_OFFLINE_MS,
    )
  }

  cancel(): void {
    if (this.timer) this.deps.clock.clearTimeout(this.timer)
    this.timer = null
  }

  stop(): void {
    this.stopped = true
    this.cancel()
  }
}
