import type { CurrentUser, Organisation } from '../../../shared/api'
import type { ActingReassignment } from '../../../shared/model/connection'
import { AppError } from '../../../shared/model/app-error'
import { ServiceError } from '../service/service-error'
import type { Settings } from '../store/app-store'
import type { ActiveSession } from './session'

interface ActingDeps {
  settings: Settings
  /** The active session (null: none). */
  active(): ActiveSession | null
  /** Something the frame shows changed (the connection tells its listeners). */
  changed(): void
}

/**
 * The user and the organisations of the active session: the user as last answered, every
 * organisation the user may see (kept for offline use), and the one the app acts for — chosen by
 * the user, or followed after the account or the user's organisation changed.
 */
export class ActingOrganisation {
  /**
   * Keyed by session: a request of an earlier session (another account, perhaps) is never shared;
   * nor one made before the user was moved to another organisation (its answer is the old tree).
   */
  private inFlight = new Map<ActiveSession, { tree: number; request: Promise<Organisation[]> }>()
  /** One more each time the active session's user is seen in another organisation: the organisations known before are another tree's. */
  private tree = 0

  constructor(private readonly deps: ActingDeps) {}

  /**
   * Every organisation the user may see (offline: the last list fetched). Callers at the same
   * moment (start-up asks from several features) share one walk through the pages.
   */
  organisations(s: ActiveSession): Promise<Organisation[]> {
    const tree = this.tree
    const pending = this.inFlight.get(s)
    if (pending?.tree === tree) return pending.request
    const request = this.fetch(s, tree).finally(() => {
      if (this.inFlight.get(s)?.request === request) this.inFlight.delete(s)
    })
    this.inFlight.set(s, { tree, request })
    return request
  }

  async set(s: ActiveSession, orgId: number): Promise<void> {
    const org = (await this.organisations(s)).find((o) => o.id === orgId)
    if (!org) throw new AppError('not_found', 'That organisation is not one you can act for.')
    s.actingOrganisation = org
    this.deps.settings.set(`acting:${s.profile.id}`, org)
    // The user chose: a reassignment not yet acknowledged has nothing more to tell.
    this.deps.settings.delete(`acting-reassigned:${s.profile.id}`)
    this.deps.changed()
  }

  /** The user saw the reassignment from `fromId` to `toId`: it is no longer shown. Another (newer) one stays. */
  ack(s: ActiveSession, fromId: number, toId: number): void {
    const key = `acting-reassigned:${s.profile.id}`
    const shown = this.deps.settings.get<ActingReassignment | null>(key, null)
    if (shown?.from.id === fromId && shown.to.id === toId) {
      this.deps.settings.delete(key)
      this.deps.changed()
    }
  }

  /** The reassignment not yet acknowledged, for the status. */
  reassigned(profileId: string): ActingReassignment | null {
    return this.deps.settings.get<ActingReassignment | null>(`acting-reassigned:${profileId}`, null)
  }

  /** The service answered who the session's user is (the probe). */
  answered(s: ActiveSession, user: CurrentUser): void {
    const movedFrom = s.user?.organisation
    s.user = user
    this.rememberUser(s.profile.id, user)
    // The frame shows the user's organisation tree: it follows a move at once.
    if (movedFrom !== undefined && movedFrom !== user.organisation) this.deps.changed()
    if (!s.actingOrganisation || this.deps.settings.get(`acting-recheck:${s.profile.id}`, false)) void this.choose(s, user.organisation)
  }

  /**
   * Saves the user the service answered for a profile. A user an administrator moved to another
   * organisation may act for another tree: the organisations saved are the old tree's, and the
   * acting organisation is checked again (also after a restart, hence a setting).
   */
  rememberUser(profileId: string, user: CurrentUser): void {
    const before = this.deps.settings.get<CurrentUser | null>(`user:${profileId}`, null)
    this.deps.settings.set(`user:${profileId}`, user)
    if (!before || before.organisation === user.organisation) return
    this.deps.settings.delete(`organisations:${profileId}`)
    this.deps.settings.set(`acting-recheck:${profileId}`, true)
    if (this.deps.active()?.profile.id === profileId) this.tree++
  }

  private async fetch(s: ActiveSession, tree: number): Promise<Organisation[]> {
    const key = `organisations:${s.profile.id}`
    // The answer of a session that has ended is not kept: the profile may be another account's by
    // now; nor one asked before the user was moved: it is the old organisation's tree.
    const current = () => this.deps.active() === s && this.tree === tree
    try {
      const all: Organisation[] = []
      for (let page = 1; ; page++) {
        const res = await s.client.list('listOrganisations', { query: { page, per_page: 1000 } })
        all.push(...res.items)
        if (page >= res.pages) break
      }
      if (current()) this.deps.settings.set(key, all)
      return all
    } catch (err) {
      if (!current()) throw err
      const cached = this.deps.settings.get<Organisation[] | null>(key, null)
      if (cached && err instanceof ServiceError && err.code === 'offline') return cached
      throw err
    }
  }

  /**
   * Until the user picks one, the app acts for the user's own organisation; after the profile was
   * changed to another account, for the one acted for before if this account may act for it too;
   * after the user was moved to another organisation, for the one acted for if still allowed, else
   * the new own one (kept in status.reassigned until the user has seen it).
   */
  private async choose(s: ActiveSession, ownId: number): Promise<void> {
    const id = s.profile.id
    const acting = s.actingOrganisation
    const tree = this.tree
    try {
      const orgs = await this.organisations(s)
      // A choice made meanwhile (the user's, or one on a newer tree) stands.
      if (this.deps.active() !== s || this.tree !== tree || s.actingOrganisation !== acting) return
      const before = acting ?? this.deps.settings.get<Organisation | null>(`acting-unconfirmed:${id}`, null)
      const chosen = orgs.find((o) => o.id === before?.id) ?? orgs.find((o) => o.id === ownId)
      if (!chosen) return
      this.deps.settings.delete(`acting-unconfirmed:${id}`)
      this.deps.settings.delete(`acting-recheck:${id}`)
      if (chosen.id === acting?.id) return
      s.actingOrganisation = chosen
      this.deps.settings.set(`acting:${id}`, chosen)
      if (acting) this.noteReassigned(id, acting, chosen)
      this.deps.changed()
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
}
