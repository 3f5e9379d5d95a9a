import { randomUUID } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import type { CurrentUser, Organisation } from '../../../shared/api'
import { ProfileInput, type ActingReassignment, type ConnectionProblem, type ConnectionStatus, type Profile } from '../../../shared/model/connection'
import { defaultEnvironment, ServiceEnvironment } from '../../../shared/service-environment'
import { defaultWebInterface, normaliseBaseUrl } from '../../../shared/service-url'
import { AppError } from '../../../shared/model/app-error'
import type { CoreEventName as EventName, CoreEventPayload as EventPayload } from '../../../shared/model/core-events'
import type { SecretStore } from '../credentials/secret-store'
import type { Clock, DemoLauncher, Logger } from '../platform/services'
import { ServiceClient, type ServiceClientTuning } from '../service/client'
import { ServiceError, SessionEndedError } from '../service/service-error'
import type { Settings } from '../store/app-store'
import type { WorkOffline } from './work-offline'

/** The connected profile as the domain modules use it. */
export interface ActiveSession {
  profile: Profile
  client: ServiceClient
  /** Folder for this profile's own databases and caches. */
  profileDir: string
  user: CurrentUser | null
  actingOrganisation: Organisation | null
  /** Reconnected at app start to the profile last used (not signed in to by the user just now). */
  resumed: boolean
}

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

interface ProfileRow {
  id: string
  name: string
  base_url: string
  client_id: string
  demo: number
}

const PROBE_ONLINE_MS = 30_000
const PROBE_OFFLINE_MS = 5_000

/**
 * Connection profiles (secrets in the OS keychain, one entry per profile), the active profile's
 * service client, the current user, the acting organisation, and the online state — which comes
 * from probing the service, not from the OS.
 */
export class Connection {
  private session: ActiveSession | null = null
  private isOnline = false
  /** Set while resume() reconnects the profile last used (sessions it opens are marked resumed). */
  private resuming = false
  /** ConnectionStatus.revision: one more at every connection.changed. */
  private revision = 0
  private lastError: string | null = null
  /** A listener answers a promise when it has something to close (the stores of a session that ended). */
  private listeners = new Set<(s: ActiveSession | null) => void | Promise<void>>()
  private probeTimer: unknown = null
  /**
   * Keyed by session: a request of an earlier session (another account, perhaps) is never shared;
   * nor one made before the user was moved to another organisation (its answer is the old tree).
   */
  private organisationsInFlight = new Map<ActiveSession, { tree: number; request: Promise<Organisation[]> }>()
  /** One more each time the active session's user is seen in another organisation: the organisations known before are another tree's. */
  private tree = 0
  private stopped = false

  constructor(private readonly deps: ConnectionDeps) {}

  get online(): boolean {
    return this.isOnline
  }

  list(): Profile[] {
    const activeId = this.deps.settings.get<string | null>('activeProfile', null)
    const rows = this.deps.appDb.prepare('SELECT id, name, base_url, client_id, demo FROM profiles ORDER BY created_at').all() as unknown as ProfileRow[]
    return rows.map((r) => this.toProfile(r, activeId))
  }

  async save(input: ProfileInput): Promise<Profile> {
    const p = ProfileInput.parse(input)
    const existing = p.id ? this.find(p.id) : null
    if (p.id && !existing) throw new AppError('not_found', 'That connection profile no longer exists.')
    if (!existing && !p.clientSecret) throw new AppError('invalid_input', 'The client secret is required.', { clientSecret: 'Required for a new connection' })
    const id = existing?.id ?? randomUUID()
    // The secret goes to the keychain first: a profile row never exists without its secret.
    if (p.clientSecret) await this.deps.secrets.set(account(id), p.clientSecret)
    if (existing) {
      const before = this.toProfile(existing, null)
      this.deps.appDb.prepare('UPDATE profiles SET name = ?, base_url = ?, client_id = ? WHERE id = ?').run(p.name, p.baseUrl, p.clientId, id)
      // Another service or another API client is another account (a new secret alone is not).
      if (before.baseUrl !== p.baseUrl || existing.client_id !== p.clientId) this.forgetAccount(id)
      // The confirmation was given for that service in that environment, not for another.
      if (before.baseUrl !== p.baseUrl || (p.environment && p.environment !== before.environment)) this.deps.settings.delete(`production-confirmed:${id}`)
    } else {
      this.deps.appDb
        .prepare('INSERT INTO profiles (id, name, base_url, client_id, demo, created_at) VALUES (?, ?, ?, ?, 0, ?)')
        .run(id, p.name, p.baseUrl, p.clientId, this.deps.clock.now())
    }
    if (p.environment) this.deps.settings.set(`environment:${id}`, p.environment)
    if (p.webUrl) this.deps.settings.set(`web-url:${id}`, p.webUrl)
    else if (p.webUrl === '') this.deps.settings.delete(`web-url:${id}`)
    if (this.session?.profile.id === id) await this.activate(id)
    return this.profile(id)
  }

  /**
   * Removes a profile with everything kept for it: secret, settings and its folder (catalogue,
   * drafts, orders, images). Drafts not yet submitted would be lost unseen, so removal is refused
   * while there are any unless the user said to discard them; so is it when its drafts cannot be
   * read (field unsentDrafts 'unknown'): they may hold some.
   */
  async remove(id: string, opts: { discardDrafts?: boolean } = {}): Promise<boolean> {
    if (!this.find(id)) return false
    const dir = this.profileDir(id)
    if (!opts.discardDrafts) {
      const unsent = this.deps.unsentDrafts ? this.deps.unsentDrafts(dir) : 0
      if (unsent === null) throw new AppError('conflict', 'The drafts of this connection cannot be read; removing it deletes any not yet sent.', { unsentDrafts: 'unknown' })
      if (unsent > 0) throw new AppError('conflict', `This connection has ${unsent} draft(s) not yet sent; removing it deletes them.`, { unsentDrafts: String(unsent) })
    }
    // Its stores close before its folder goes.
    if (this.session?.profile.id === id) await this.deactivate()
    await this.deps.secrets.delete(account(id))
    this.deps.appDb.prepare('DELETE FROM profiles WHERE id = ?').run(id)
    // Its saved user, organisations, acting organisation and the features' per-profile settings.
    this.deps.settings.deleteProfile(id)
    removeFolder(dir)
    return true
  }

  /** Folders of profiles removed while Windows still held one of their files: no profile owns them now. */
  private sweepProfileFolders(): void {
    const root = join(this.deps.dataDir, 'profiles')
    let names: string[]
    try {
      names = readdirSync(root)
    } catch {
      return
    }
    const owned = new Set((this.deps.appDb.prepare('SELECT id FROM profiles').all() as { id: string }[]).map((r) => r.id))
    for (const name of names) if (!owned.has(name)) removeFolder(join(root, name))
  }

  private profileDir(id: string): string {
    return join(this.deps.dataDir, 'profiles', id)
  }

  /**
   * What was saved of the account a profile used to connect as: its user and organisations go;
   * its acting organisation is kept aside, to be acted for again only if the new account lists it.
   */
  private forgetAccount(id: string): void {
    const acting = this.deps.settings.get<Organisation | null>(`acting:${id}`, null)
    if (acting) this.deps.settings.set(`acting-unconfirmed:${id}`, acting)
    for (const key of [`user:${id}`, `organisations:${id}`, `acting:${id}`, `acting-recheck:${id}`, `acting-reassigned:${id}`]) this.deps.settings.delete(key)
  }

  /** Makes a profile the active one. Works offline: the cached user is used until the service answers. */
  async activate(id: string): Promise<ConnectionStatus> {
    const row = this.find(id)
    if (!row) throw new AppError('not_found', 'That connection profile no longer exists.')
    const secret = await this.deps.secrets.get(account(id))
    if (secret === null) throw new AppError('unauthorized', 'The secret of this connection is missing from the OS keychain. Edit the connection and enter it again.', { secret: 'missing' })
    await this.closeSession()
    const profile = this.toProfile(row, id)
    const client = this.client(row)
    this.deps.settings.set('activeProfile', id)
    this.session = {
      profile,
      client,
      profileDir: this.profileDir(id),
      user: this.deps.settings.get<CurrentUser | null>(`user:${id}`, null),
      actingOrganisation: this.deps.settings.get<Organisation | null>(`acting:${id}`, null),
      resumed: this.resuming,
    }
    this.lastError = null
    await this.probe()
    void this.notify()
    this.scheduleProbe()
    return this.status()
  }

  /**
   * "Test connection": a fresh token and GET /whoami for any saved profile. A failure names its
   * kind in fields.problem (ConnectionProblem), so the form can say what to do about it.
   */
  async test(id: string): Promise<CurrentUser> {
    const row = this.find(id)
    if (!row) throw new AppError('not_found', 'That connection profile no longer exists.')
    const client = this.client(row)
    try {
      await client.authenticate()
      const user = await client.call('getCurrentUser')
      this.rememberUser(id, user)
      return user
    } catch (err) {
      throw withConnectionProblem(err)
    } finally {
      await client.close()
    }
  }

  /**
   * The rep confirmed the first order to a production service on this computer: remembered per
   * profile, so it is asked once (again after the profile is pointed at another service).
   */
  confirmProduction(id: string): Profile {
    if (!this.find(id)) throw new AppError('not_found', 'That connection profile no longer exists.')
    this.deps.settings.set(`production-confirmed:${id}`, true)
    if (this.session?.profile.id === id) {
      this.session.profile = this.profile(id)
      void this.notify()
    }
    return this.profile(id)
  }

  status(): ConnectionStatus {
    const s = this.session
    return {
      profile: s ? { ...s.profile, active: true } : null,
      online: this.isOnline,
      user: s?.user ?? null,
      actingOrganisation: s?.actingOrganisation ?? null,
      lastError: this.lastError,
      reassigned: s ? this.deps.settings.get<ActingReassignment | null>(`acting-reassigned:${s.profile.id}`, null) : null,
      revision: this.revision,
    }
  }

  /** Starts the embedded demo service and connects to it as its demo user. */
  async startDemo(): Promise<ConnectionStatus> {
    if (!this.deps.demo) throw new AppError('internal', 'Demo mode is not available in this build.')
    const demo = await this.deps.demo()
    const existing = (this.deps.appDb.prepare('SELECT id FROM profiles WHERE demo = 1').get() as { id: string } | undefined)?.id
    const id = existing ?? randomUUID()
    await this.deps.secrets.set(account(id), demo.clientSecret)
    if (existing) {
      // The embedded service listens on a new random port each launch.
      this.deps.appDb.prepare('UPDATE profiles SET base_url = ?, client_id = ? WHERE id = ?').run(demo.baseUrl, demo.clientId, id)
    } else {
      this.deps.appDb
        .prepare('INSERT INTO profiles (id, name, base_url, client_id, demo, created_at) VALUES (?, ?, ?, ?, 1, ?)')
        .run(id, 'Demo data', demo.baseUrl, demo.clientId, this.deps.clock.now())
    }
    return this.activate(id)
  }

  /** Reconnects to the profile that was active when the app last ran (restarting the demo service if needed). */
  async resume(): Promise<void> {
    this.sweepProfileFolders()
    const id = this.deps.settings.get<string | null>('activeProfile', null)
    const row = id ? this.find(id) : null
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

  /**
   * Every organisation the user may see (offline: the last list fetched). Callers at the same
   * moment (start-up asks from several features) share one walk through the pages.
   */
  // async: with no active profile it rejects like any other failure, rather than throwing on the call.
  async organisations(): Promise<Organisation[]> {
    const s = this.require()
    const tree = this.tree
    const pending = this.organisationsInFlight.get(s)
    if (pending?.tree === tree) return pending.request
    const request = this.fetchOrganisations(s, tree).finally(() => {
      if (this.organisationsInFlight.get(s)?.request === request) this.organisationsInFlight.delete(s)
    })
    this.organisationsInFlight.set(s, { tree, request })
    return request
  }

  private async fetchOrganisations(s: ActiveSession, tree: number): Promise<Organisation[]> {
    const key = `organisations:${s.profile.id}`
    // The answer of a session that has ended is not kept: the profile may be another account's by
    // now; nor one asked before the user was moved: it is the old organisation's tree.
    const current = () => this.session === s && this.tree === tree
    try {
      const all: Organisation[] = []
      for (let page = 1; ; page++) {
        const res = await s.client.list('listOrganisations', { query: { page, per_page: 1000 } })
        all.push(...res.items)
        if (page >= res.pages) break
      }
      if (!current()) return all
      this.noteSuccess()
      this.deps.settings.set(key, all)
      return all
    } catch (err) {
      if (!current()) throw err
      this.noteFailure(err)
      const cached = this.deps.settings.get<Organisation[] | null>(key, null)
      if (cached && err instanceof ServiceError && err.code === 'offline') return cached
      throw err
    }
  }

  async setActingOrganisation(orgId: number): Promise<ConnectionStatus> {
    const s = this.require()
    const org = (await this.organisations()).find((o) => o.id === orgId)
    if (!org) throw new AppError('not_found', 'That organisation is not one you can act for.')
    s.actingOrganisation = org
    this.deps.settings.set(`acting:${s.profile.id}`, org)
    // The user chose: a reassignment not yet acknowledged has nothing more to tell.
    this.deps.settings.delete(`acting-reassigned:${s.profile.id}`)
    void this.notify()
    return this.status()
  }

  /** The user saw the reassignment from `fromId` to `toId`: it is no longer shown. Another (newer) one stays. */
  ackReassigned(fromId: number, toId: number): ConnectionStatus {
    const s = this.require()
    const key = `acting-reassigned:${s.profile.id}`
    const shown = this.deps.settings.get<ActingReassignment | null>(key, null)
    if (shown?.from.id === fromId && shown.to.id === toId) {
      this.deps.settings.delete(key)
      void this.notify()
    }
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

  /** Asks the service who we are; that answer is also the online state. */
  async probe(): Promise<boolean> {
    const s = this.session
    if (!s) return false
    try {
      const user = await s.client.call('getCurrentUser')
      if (this.session !== s) return false
      const movedFrom = s.user?.organisation
      s.user = user
      this.rememberUser(s.profile.id, user)
      // The frame shows the user's organisation tree: it follows a move at once.
      if (movedFrom !== undefined && movedFrom !== user.organisation) void this.notify()
      if (!s.actingOrganisation || this.deps.settings.get(`acting-recheck:${s.profile.id}`, false)) void this.chooseActingOrganisation(s, user.organisation)
      this.lastError = null
      this.noteSuccess()
      return true
    } catch (err) {
      if (this.session !== s) return false
      this.lastError = (err as Error).message
      this.noteFailure(err)
      return false
    }
  }

  /**
   * Saves the user the service answered for a profile. A user an administrator moved to another
   * organisation may act for another tree: the organisations saved are the old tree's, and the
   * acting organisation is checked again (also after a restart, hence a setting).
   */
  private rememberUser(profileId: string, user: CurrentUser): void {
    const before = this.deps.settings.get<CurrentUser | null>(`user:${profileId}`, null)
    this.deps.settings.set(`user:${profileId}`, user)
    if (!before || before.organisation === user.organisation) return
    this.deps.settings.delete(`organisations:${profileId}`)
    this.deps.settings.set(`acting-recheck:${profileId}`, true)
    if (this.session?.profile.id === profileId) this.tree++
  }

  /**
   * Until the user picks one, the app acts for the user's own organisation; after the profile was
   * changed to another account, for the one acted for before if this account may act for it too;
   * after the user was moved to another organisation, for the one acted for if still allowed, else
   * the new own one (kept in status.reassigned until the user has seen it).
   */
  private async chooseActingOrganisation(s: ActiveSession, ownId: number): Promise<void> {
    const id = s.profile.id
    const acting = s.actingOrganisation
    const tree = this.tree
    try {
      const orgs = await this.organisations()
      // A choice made meanwhile (the user's, or one on a newer tree) stands.
      if (this.session !== s || this.tree !== tree || s.actingOrganisation !== acting) return
      const before = acting ?? this.deps.settings.get<Organisation | null>(`acting-unconfirmed:${id}`, null)
      const chosen = orgs.find((o) => o.id === before?.id) ?? orgs.find((o) => o.id === ownId)
      if (!chosen) return
      this.deps.settings.delete(`acting-unconfirmed:${id}`)
      this.deps.settings.delete(`acting-recheck:${id}`)
      if (chosen.id === acting?.id) return
      s.actingOrganisation = chosen
      this.deps.settings.set(`acting:${id}`, chosen)
      if (acting) this.noteReassigned(id, acting, chosen)
      void this.notify()
    } catch {
      /* offline or refused: stays as it is, tried again on the next probe */
    }
  }

  /**
   * Kept until the user acknowledges it, in settings: the move may be noticed at start-up, before
   * any window shows it. A second move before that still tells of the organisation the user knew.
   */
  private noteReassigned(profileId: string, acting: Organisation, chosen: Organisation): void {
    const key = `acting-reassigned:${profileId}`
    const from = this.deps.settings.get<ActingReassignment | null>(key, null)?.from ?? acting
    if (from.id === chosen.id) this.deps.settings.delete(key)
    else this.deps.settings.set(key, { from, to: chosen })
  }

  /**
   * "Work offline" on: the app is offline at once and sends nothing. Off: it asks the service at
   * once, and its answer brings the app (outbox, watcher, sync) back online.
   */
  async setWorkOffline(on: boolean): Promise<void> {
    if (!this.deps.workOffline?.set(on)) return
    if (on) this.setOnline(false)
    else await this.probe()
  }

  private client(row: ProfileRow): ServiceClient {
    const workOffline = this.deps.workOffline
    return new ServiceClient(
      { baseUrl: this.toProfile(row, null).baseUrl, clientId: row.client_id, secret: () => this.secret(row.id) },
      { clock: this.deps.clock, log: this.deps.log, ...this.deps.clientTuning, assertNetwork: workOffline ? () => workOffline.assertNetwork() : undefined },
    )
  }

  /** Domain modules report their calls' outcomes so the online state follows real traffic. */
  noteSuccess(): void {
    this.setOnline(true)
  }

  noteFailure(err: unknown): void {
    // A request its session's end cancelled says nothing about the service.
    if (err instanceof SessionEndedError) return
    if (err instanceof ServiceError && (err.code === 'offline' || err.code === 'tls' || err.code === 'captive_portal')) this.setOnline(false)
  }

  async stop(): Promise<void> {
    this.stopped = true
    await this.closeSession()
  }

  private setOnline(online: boolean): void {
    if (online === this.isOnline) return
    this.isOnline = online
    this.deps.emit('system.online', { online, checkedAt: new Date(this.deps.clock.now()).toISOString() })
    void this.notify()
    this.scheduleProbe()
  }

  private scheduleProbe(): void {
    if (this.probeTimer) this.deps.clock.clearTimeout(this.probeTimer)
    this.probeTimer = null
    if (this.stopped || !this.session) return
    this.probeTimer = this.deps.clock.setTimeout(
      () => {
        this.probeTimer = null
        void this.probe().finally(() => this.scheduleProbe())
      },
      this.isOnline ? PROBE_ONLINE_MS : PROBE_OFFLINE_MS,
    )
  }

  /** Answers when every listener has closed what it had to (callers that delete files wait for it). */
  private notify(): Promise<void> {
    this.revision++
    this.deps.emit('connection.changed', this.status())
    const closing = [...this.listeners].map((l) => l(this.session))
    return Promise.allSettled(closing).then(() => undefined)
  }

  private async deactivate(): Promise<void> {
    await this.closeSession()
    this.deps.settings.delete('activeProfile')
    this.isOnline = false
    await this.notify()
  }

  private async closeSession(): Promise<void> {
    if (this.probeTimer) this.deps.clock.clearTimeout(this.probeTimer)
    this.probeTimer = null
    const old = this.session
    this.session = null
    if (old) await old.client.close()
  }

  private async secret(id: string): Promise<string> {
    const s = await this.deps.secrets.get(account(id))
    if (s === null) throw new AppError('unauthorized', 'The secret of this connection is missing from the OS keychain.', { secret: 'missing' })
    return s
  }

  private find(id: string): ProfileRow | null {
    return (this.deps.appDb.prepare('SELECT id, name, base_url, client_id, demo FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined) ?? null
  }

  private profile(id: string): Profile {
    const row = this.find(id)
    if (!row) throw new AppError('not_found', 'That connection profile no longer exists.')
    return this.toProfile(row, this.deps.settings.get<string | null>('activeProfile', null))
  }

  /**
   * A stored row as the app uses it. The base URL is read through normaliseBaseUrl, so a row kept
   * in an older form (host only, a trailing slash) is used in today's form without rewriting it;
   * environment and web address are per-profile settings (removed with the profile).
   */
  private toProfile(r: ProfileRow, activeId: string | null): Profile {
    const normalised = normaliseBaseUrl(r.base_url)
    const baseUrl = normalised.ok ? normalised.url : r.base_url
    const demo = r.demo === 1
    const environment = demo ? 'demo' : (ServiceEnvironment.safeParse(this.deps.settings.get<unknown>(`environment:${r.id}`, null)).data ?? defaultEnvironment(baseUrl, demo))
    return {
      id: r.id,
      name: r.name,
      baseUrl,
      clientId: r.client_id,
      demo,
      active: r.id === activeId,
      environment,
      webUrl: this.deps.settings.get<string | null>(`web-url:${r.id}`, null) ?? defaultWebInterface(baseUrl),
      productionConfirmed: this.deps.settings.get(`production-confirmed:${r.id}`, false),
    }
  }
}

/** The keychain account of a profile's client secret. */
export const account = (profileId: string) => `profile:${profileId}`

/** Best effort: a file Windows still holds stays until the sweep at the next start. */
function removeFolder(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 })
  } catch {
    /* swept at the next start */
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

/** Says which kind of failure "Test connection" met (fields.problem), keeping the error's own words. */
function withConnectionProblem(err: unknown): unknown {
  if (!(err instanceof ServiceError) || err instanceof SessionEndedError || err.fields?.problem) return err
  const problem: ConnectionProblem | null = err.code === 'tls' ? 'tls' : err.code === 'offline' ? 'unreachable' : null
  if (!problem) return err
  return new ServiceError(err.code, err.message, err.status, err.mayHaveApplied, { ...err.fields, problem }, err.retryAfterSeconds)
}
