import type { DatabaseSync } from 'node:sqlite'
import type { CurrentUser, Organisation } from '../../../shared/api'
import type { ConnectionStatus, CredentialsState, Profile, ProfileInput } from '../../../shared/model/connection'
import { AppError } from '../../../shared/model/app-error'
import type { CoreEventName as EventName, CoreEventPayload as EventPayload } from '../../../shared/model/core-events'
import type { SecretStore } from '../credentials/secret-store'
import type { Clock, DemoLauncher, Logger } from '../platform/services'
import type { ServiceClient, ServiceClientTuning } from '../service/client'
import type { Settings } from '../store/app-store'
import { ActingOrganisation } from './acting-organisation'
import { startDemoService } from './demo-service'
import { Profiles } from './profiles'
import { Reachability } from './reachability'
import { credentialsRefusal, openSession, testProfile, type ActiveSession, type SessionDeps } from './session'
import type { WorkOffline } from './work-offline'

export type { ActiveSession } from './session'
export { account } from './profiles'

interface ConnectionDeps {
  dataDir: string
  appDb: DatabaseSync
  settings: Settings
  secrets: SecretStore
  clock: Clock
  log: Logger
  demo?: DemoLauncher
  /** How many drafts in a profile's folder are not yet submitted (drafts, or waiting in the outbox); null when they cannot be read. */
  unsentDrafts?: (profileDir: string) => number | null
  /** The "Work offline" switch: while on, no client of this connection sends anything. */
  workOffline?: WorkOffline
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
  /** How every session's ServiceClient is tuned (tests shorten its bounds; benchmarks force compression). */
  clientTuning?: ServiceClientTuning
}

/**
 * The connection: which profile is active (profiles.ts), its session (session.ts), the user and
 * acting organisation (acting-organisation.ts) and whether the service can be reached
 * (reachability.ts, fed by the session client's own requests). Features follow it through
 * onChange, best with ProfileScoped (profile-scoped.ts).
 */
export class Connection {
  private readonly profiles: Profiles
  private readonly reachability: Reachability
  private readonly acting: ActingOrganisation
  private readonly sessions: SessionDeps
  private session: ActiveSession | null = null
  /** Set while resume() reconnects the profile last used (sessions it opens are marked resumed). */
  private resuming = false
  /** ConnectionStatus.revision: one more at every connection.changed. */
  private revision = 0
  private lastError: string | null = null
  /** Whether the service takes the active session's credentials (ConnectionStatus.credentials). */
  private credentialsState: CredentialsState = 'unchecked'
  /** A listener answers a promise when it has something to close (the stores of a session that ended). */
  private listeners = new Set<(s: ActiveSession | null) => void | Promise<void>>()

  constructor(private readonly deps: ConnectionDeps) {
    this.profiles = new Profiles(deps)
    this.sessions = { profiles: this.profiles, clock: deps.clock, log: deps.log, workOffline: deps.workOffline, clientTuning: deps.clientTuning }
    this.reachability = new Reachability({ clock: deps.clock, emit: deps.emit, probe: () => this.probe(), active: () => this.session !== null, changed: () => void this.notify() })
    this.acting = new ActingOrganisation({ settings: deps.settings, active: () => this.session, changed: () => void this.notify() })
  }

  get online(): boolean {
    return this.reachability.online
  }

  /** Whether the service takes the active profile's credentials; refused or missing, nothing it asks can succeed. */
  get credentials(): CredentialsState {
    return this.credentialsState
  }

  list(): Profile[] {
    return this.profiles.list()
  }

  async save(input: ProfileInput): Promise<Profile> {
    const id = await this.profiles.save(input)
    if (this.session?.profile.id === id) await this.activate(id)
    this.announceProfiles()
    return this.profiles.profile(id)
  }

  /**
   * Removes a profile with everything kept for it: secret, settings and its folder (catalogue,
   * drafts, orders, images). Drafts not yet submitted would be lost unseen, so removal is refused
   * while there are any unless the user said to discard them; so is it when its drafts cannot be
   * read (field unsentDrafts 'unknown'): they may hold some.
   */
  async remove(id: string, opts: { discardDrafts?: boolean } = {}): Promise<boolean> {
    if (!this.profiles.find(id)) return false
    if (!opts.discardDrafts) {
      const unsent = this.deps.unsentDrafts ? this.deps.unsentDrafts(this.profiles.dir(id)) : 0
      if (unsent === null) throw new AppError('conflict', 'The drafts of this connection cannot be read; removing it deletes any not yet sent.', { unsentDrafts: 'unknown' })
      if (unsent > 0) throw new AppError('conflict', `This connection has ${unsent} draft(s) not yet sent; removing it deletes them.`, { unsentDrafts: String(unsent) })
    }
    // Its stores close before its folder goes: an activation still opening them (told without
    // waiting) finishes first, or it would open them again in a folder just removed.
    await this.settling
    if (this.session?.profile.id === id) await this.deactivate()
    await this.settling
    await this.profiles.remove(id)
    this.announceProfiles()
    return true
  }

  /** Makes a profile the active one. Works offline: the cached user is used until the service answers. */
  async activate(id: string): Promise<ConnectionStatus> {
    const next = await openSession(this.sessions, this.deps.settings, id, {
      resumed: this.resuming,
      // Only the active session's requests tell whether the service can be reached.
      onOutcome: (client, error) => {
        if (this.session?.client !== client) return
        this.noteCredentials(error)
        this.reachability.note(error)
      },
    })
    await this.closeSession()
    this.profiles.setActive(id)
    this.session = next
    this.lastError = null
    this.credentialsState = 'unchecked'
    await this.probe()
    void this.notify()
    this.reachability.schedule()
    return this.status()
  }

  /**
   * Signs out: the active session ends, and nothing of its account is shown, asked or sent (its
   * outbox waits) until it is connected again, also after a restart. The connection stays saved
   * with its secret, drafts and stored data: Connect signs in again.
   */
  async signOut(): Promise<ConnectionStatus> {
    await this.settling
    if (this.session) await this.deactivate()
    await this.settling
    return this.status()
  }

  /** "Test connection" of any saved profile (see session.ts). */
  async test(id: string): Promise<CurrentUser> {
    const user = await testProfile(this.sessions, id)
    this.acting.rememberUser(id, user)
    // The user it signs in as may be what tells it from a profile of the same name.
    this.announceProfiles()
    return user
  }

  /**
   * The rep confirmed the first order to a production service on this computer: remembered per
   * profile, so it is asked once (again after the profile is pointed at another service).
   */
  confirmProduction(id: string): Profile {
    this.profiles.confirmProduction(id)
    if (this.session?.profile.id === id) {
      this.session.profile = this.profiles.profile(id)
      void this.notify()
    }
    return this.profiles.profile(id)
  }

  status(): ConnectionStatus {
    const s = this.session
    return {
      // What tells it from a profile of the same name changes with the others saved since it connected.
      profile: s ? { ...s.profile, active: true, nameDetail: this.profiles.nameDetail(s.profile.id) } : null,
      online: this.online,
      credentials: s ? this.credentialsState : 'unchecked',
      user: s?.user ?? null,
      actingOrganisation: s?.actingOrganisation ?? null,
      lastError: this.lastError,
      reassigned: s ? this.acting.reassigned(s.profile.id) : null,
      revision: this.revision,
    }
  }

  /** Starts the embedded demo service and connects to it as its demo user. */
  async startDemo(): Promise<ConnectionStatus> {
    return this.activate(await startDemoService(this.deps.demo, this.profiles))
  }

  /** Reconnects to the profile that was active when the app last ran (restarting the demo service if needed). */
  async resume(): Promise<void> {
    this.profiles.sweepFolders()
    const id = this.profiles.activeId()
    const row = id ? this.profiles.find(id) : null
    if (!row) return
    this.resuming = true
    try {
      if (row.demo && this.deps.demo) await this.startDemo()
      else await this.activate(row.id)
    } catch (err) {
      this.lastError = (err as Error).message
      this.deps.log.warn('could not resume the last connection', { message: (err as Error).message })
    } finally {
      this.resuming = false
    }
  }

  /** Every organisation the user may see (offline: the last list fetched); see ActingOrganisation. */
  // async: with no active profile it rejects like any other failure, rather than throwing on the call.
  async organisations(): Promise<Organisation[]> {
    return this.acting.organisations(this.require())
  }

  async setActingOrganisation(orgId: number): Promise<ConnectionStatus> {
    await this.acting.set(this.require(), orgId)
    return this.status()
  }

  /** The user saw the reassignment from `fromId` to `toId`: it is no longer shown. Another (newer) one stays. */
  ackReassigned(fromId: number, toId: number): ConnectionStatus {
    this.acting.ack(this.require(), fromId, toId)
    return this.status()
  }

  active(): ActiveSession | null {
    return this.session
  }

  require(): ActiveSession {
    if (!this.session) throw new AppError('no_profile', 'No connection is active. Connect to your account or explore with demo data first.')
    return this.session
  }

  onChange(listener: (s: ActiveSession | null) => void | Promise<void>): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Asks the service who we are; its answer (or none) is also the online state, through the client's outcome. */
  async probe(): Promise<boolean> {
    const s = this.session
    if (!s) return false
    try {
      const user = await s.client.call('getCurrentUser')
      if (this.session !== s) return false
      this.acting.answered(s, user)
      this.lastError = null
      return true
    } catch (err) {
      if (this.session !== s) return false
      this.lastError = (err as Error).message
      return false
    }
  }

  /**
   * "Work offline" on: the app is offline at once and sends nothing. Off: it asks the service at
   * once, and its answer brings the app (outbox, watcher, sync) back online.
   */
  async setWorkOffline(on: boolean): Promise<void> {
    if (!this.deps.workOffline?.set(on)) return
    if (on) this.reachability.set(false)
    else await this.probe()
  }

  async stop(): Promise<void> {
    this.reachability.stop()
    await this.closeSession()
  }

  /**
   * What one request of the active session says of its credentials: any answer means they were
   * taken; a refused token request (or a secret gone from the keychain) means they were not. A
   * change is announced: the frame shows a refused profile as signed out, not as online.
   */
  private noteCredentials(error: unknown): void {
    const next = error === null ? 'accepted' : credentialsRefusal(error)
    if (next === null || next === this.credentialsState) return
    this.credentialsState = next
    void this.notify()
  }

  /** Answers when every listener has closed what it had to (callers that delete files wait for it). */
  private notify(): Promise<void> {
    this.revision++
    this.deps.emit('connection.changed', this.status())
    this.announceProfiles()
    const closing = [...this.listeners].map((l) => l(this.session))
    const done = Promise.allSettled(closing).then(() => undefined)
    this.settling = Promise.all([this.settling, done]).then(() => undefined)
    return done
  }

  /** The list last announced (connection.profilesChanged), to announce it only when it changed. */
  private announced = ''

  private announceProfiles(): void {
    const profiles = this.profiles.list()
    const key = JSON.stringify(profiles)
    if (key === this.announced) return
    this.announced = key
    this.deps.emit('connection.profilesChanged', { profiles })
  }

  /** Every listener done with every change told so far (an activation's stores opened, a sync wound down). */
  private settling: Promise<void> = Promise.resolve()

  private async deactivate(): Promise<void> {
    await this.closeSession()
    this.profiles.setActive(null)
    this.reachability.reset()
    this.credentialsState = 'unchecked'
    await this.notify()
  }

  private async closeSession(): Promise<void> {
    this.reachability.cancel()
    const old: { client: ServiceClient } | null = this.session
    this.session = null
    if (old) await old.client.close()
  }
}

/**
 * The service a profile connects to, for what is kept per service (the catalogue, reference
 * lists): its base URL. The demo profile's URL gets a new port each launch, yet it is the same
 * demo service (its data is kept in a file).
 */
export function serviceOf(profile: Pick<Profile, 'baseUrl' | 'demo'>): string {
  return profile.demo ? 'demo' : profile.baseUrl
}
