import type { Logger } from '../platform/services'
import type { ActiveSession } from './session'

/** What a scope needs of the connection. */
export interface SessionSource {
  active(): ActiveSession | null
  /** The listener answers a promise when it has something to close (removing a profile waits for it). */
  onChange(listener: (s: ActiveSession | null) => void | Promise<void>): () => void
}

export interface ScopeHooks<T> {
  /** Opens a feature's state for a session (its databases, timers …). */
  open(session: ActiveSession): T
  /** Closes it: the profile was left, removed or the app stops. */
  close(state: T): void | Promise<void>
  /**
   * Any other change while the state stays: the online state, the acting organisation, or (per
   * profile) a new session of the same profile, e.g. after the profile was edited.
   */
  changed?(state: T, session: ActiveSession): void
  /** Right after open, once current() answers the new state. */
  opened?(state: T, session: ActiveSession): void
  /** One state per profile (default: a new session of it keeps the state), or one per session. */
  per?: 'profile' | 'session'
  /** The next state opens only once the old one has closed (they use the same files): current() is null meanwhile. */
  openAfterClose?: boolean
}

/**
 * A feature's per-profile state that follows the active profile: opened when a profile becomes
 * active, closed when it is left (or removed, or the app stops), and current() in between. The one
 * way features follow the connection.
 */
export class ProfileScoped<T> {
  private entry: { session: ActiveSession; state: T } | null = null
  /** The session last asked for (undefined: none yet). */
  private wanted: ActiveSession | null | undefined = undefined
  private switching: Promise<void> = Promise.resolve()
  private unsubscribe: (() => void) | null = null
  private stopped = false
  /** Inside a hook: current() does not follow the connection from there. */
  private following = false

  constructor(
    private readonly connection: SessionSource,
    private readonly name: string,
    private readonly log: Logger,
    private readonly hooks: ScopeHooks<T>,
  ) {}

  /** Follows the active profile from now on, starting with the one active now. */
  start(): void {
    if (this.unsubscribe || this.stopped) return
    this.unsubscribe = this.connection.onChange((s) => this.follow(s))
    void this.follow(this.connection.active())
  }

  /**
   * The state of the active profile; null while none is active (or, with openAfterClose, while it
   * is being opened). A scope that opens at once is never behind the connection: asked before it
   * heard of a new session (or before start), it opens that session's state now.
   */
  current(): T | null {
    const s = this.connection.active()
    if (!this.following && !this.hooks.openAfterClose && s && !this.fits(s)) void this.follow(s)
    return this.entry?.state ?? null
  }

  /** The state as last opened, without following the connection (for a feature's own callbacks). */
  held(): T | null {
    return this.entry?.state ?? null
  }

  /** The session the current state was opened (or last told) for. */
  session(): ActiveSession | null {
    return this.entry?.session ?? null
  }

  /** The state of the active profile once any switch under way has finished. */
  async ready(): Promise<T | null> {
    await this.switching
    return this.current()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.unsubscribe?.()
    this.unsubscribe = null
    await this.switching
    const e = this.entry
    this.entry = null
    if (e) await this.hooks.close(e.state)
  }

  private fits(s: ActiveSession): boolean {
    const e = this.entry
    return !!e && (this.hooks.per === 'session' ? e.session === s : e.session.profile.id === s.profile.id)
  }

  /** Answers when the state left behind has closed (and, with openAfterClose, the next one opened). */
  private follow(s: ActiveSession | null): Promise<void> {
    if (this.stopped) return this.switching
    if (s && this.fits(s)) {
      const e = this.entry!
      e.session = s
      void this.guard(() => this.hooks.changed?.(e.state, s))
      return this.switching
    }
    // A switch to this session is under way already (openAfterClose).
    if (s === this.wanted && this.hooks.openAfterClose) return this.switching
    this.wanted = s
    const old = this.entry
    this.entry = null
    const closed = old ? this.guard(() => this.hooks.close(old.state)) : Promise.resolve()
    const open = () => {
      if (!s || s !== this.wanted || this.stopped) return
      const state = this.hooks.open(s)
      this.entry = { session: s, state }
      this.hooks.opened?.(state, s)
    }
    if (this.hooks.openAfterClose) {
      this.switching = this.switching.then(() => closed).then(() => this.guard(open))
      return this.switching
    }
    void this.guard(open)
    this.switching = this.switching.then(() => closed)
    return closed
  }

  /** Runs fn now; a failure is logged, never thrown into the connection's change. */
  private guard(fn: () => void | Promise<void>): Promise<void> {
    const failed = (err: unknown) => this.log.error(`${this.name}: could not follow the active profile`, err)
    this.following = true
    try {
      return Promise.resolve(fn()).catch(failed)
    } catch (err) {
      failed(err)
      return Promise.resolve()
    } finally {
      this.following = false
    }
  }
}
