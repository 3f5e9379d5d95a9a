import { randomUUID } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import type { CurrentUser, Organisation } from '../../../shared/api'
import { ProfileInput, type Profile } from '../../../shared/model/connection'
import { AppError } from '../../../shared/model/app-error'
import { defaultEnvironment, ServiceEnvironment } from '../../../shared/service-environment'
import { defaultWebInterface, normaliseBaseUrl } from '../../../shared/service-url'
import type { SecretStore } from '../credentials/secret-store'
import type { Clock } from '../platform/services'
import type { Settings } from '../store/app-store'
import { nameDetails } from './profile-names'

export interface ProfileRow {
  id: string
  name: string
  base_url: string
  client_id: string
  demo: number
}

interface ProfilesDeps {
  dataDir: string
  appDb: DatabaseSync
  settings: Settings
  secrets: SecretStore
  clock: Clock
}

/** The keychain account of a profile's client secret. */
export const account = (profileId: string) => `profile:${profileId}`

const ACTIVE = 'activeProfile'

/**
 * The saved connection profiles: rows in the app database, each one's client secret in the OS
 * keychain (never in a file), its per-profile settings and its own folder (catalogue, drafts,
 * orders, images).
 */
export class Profiles {
  constructor(private readonly deps: ProfilesDeps) {}

  list(): Profile[] {
    const activeId = this.activeId()
    const rows = this.rows()
    const details = this.nameDetails(rows)
    return rows.map((r) => this.toProfile(r, activeId, details))
  }

  /** What is shown beside the profile's name (see nameDetails), as things stand now. */
  nameDetail(id: string): string | null {
    return this.nameDetails(this.rows()).get(id) ?? null
  }

  private rows(): ProfileRow[] {
    return this.deps.appDb.prepare('SELECT id, name, base_url, client_id, demo FROM profiles ORDER BY created_at').all() as unknown as ProfileRow[]
  }

  /** What tells each profile from another of the same name, from what is saved of its account. */
  private nameDetails(rows: ProfileRow[]): Map<string, string | null> {
    return nameDetails(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        baseUrl: r.base_url,
        clientId: r.client_id,
        user: this.deps.settings.get<CurrentUser | null>(`user:${r.id}`, null)?.name ?? null,
        organisation: this.deps.settings.get<Organisation | null>(`acting:${r.id}`, null)?.name ?? null,
      })),
    )
  }

  find(id: string): ProfileRow | null {
    return (this.deps.appDb.prepare('SELECT id, name, base_url, client_id, demo FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined) ?? null
  }

  /** A saved row, or the error the user sees when it went meanwhile. */
  require(id: string): ProfileRow {
    const row = this.find(id)
    if (!row) throw new AppError('not_found', 'That connection profile no longer exists.')
    return row
  }

  profile(id: string): Profile {
    return this.toProfile(this.require(id), this.activeId())
  }

  /** The profile that was active when the app last ran (kept across restarts). */
  activeId(): string | null {
    return this.deps.settings.get<string | null>(ACTIVE, null)
  }

  setActive(id: string | null): void {
    if (id) this.deps.settings.set(ACTIVE, id)
    else this.deps.settings.delete(ACTIVE)
  }

  /** Saves a new profile or changes one; answers its id. */
  async save(input: ProfileInput): Promise<string> {
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
      this.insert(id, p.name, p.baseUrl, p.clientId, false)
    }
    if (p.environment) this.deps.settings.set(`environment:${id}`, p.environment)
    if (p.webUrl) this.deps.settings.set(`web-url:${id}`, p.webUrl)
    else if (p.webUrl === '') this.deps.settings.delete(`web-url:${id}`)
    return id
  }

  /** The demo profile pointed at the embedded service as launched now (a new random port each launch); answers its id. */
  async saveDemo(service: { baseUrl: string; clientId: string; clientSecret: string }): Promise<string> {
    const existing = (this.deps.appDb.prepare('SELECT id FROM profiles WHERE demo = 1').get() as { id: string } | undefined)?.id
    const id = existing ?? randomUUID()
    await this.deps.secrets.set(account(id), service.clientSecret)
    if (existing) this.deps.appDb.prepare('UPDATE profiles SET base_url = ?, client_id = ? WHERE id = ?').run(service.baseUrl, service.clientId, id)
    else this.insert(id, 'Demo data', service.baseUrl, service.clientId, true)
    return id
  }

  /** Everything kept for a profile goes: secret, row, settings and its folder. */
  async remove(id: string): Promise<void> {
    await this.deps.secrets.delete(account(id))
    this.deps.appDb.prepare('DELETE FROM profiles WHERE id = ?').run(id)
    // Its saved user, organisations, acting organisation and the features' per-profile settings.
    this.deps.settings.deleteProfile(id)
    removeFolder(this.dir(id))
  }

  confirmProduction(id: string): void {
    this.require(id)
    this.deps.settings.set(`production-confirmed:${id}`, true)
  }

  /** The client secret from the keychain; null when the keychain has lost it. */
  secret(id: string): Promise<string | null> {
    return this.deps.secrets.get(account(id))
  }

  /** Folder for a profile's own databases and caches. */
  dir(id: string): string {
    return join(this.deps.dataDir, 'profiles', id)
  }

  /** Folders of profiles removed while Windows still held one of their files: no profile owns them now. */
  sweepFolders(): void {
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

  /**
   * A stored row as the app uses it. The base URL is read through normaliseBaseUrl, so a row kept
   * in an older form (host only, a trailing slash) is used in today's form without rewriting it;
   * environment and web address are per-profile settings (removed with the profile); the name's
   * detail depends on the other profiles' names (read afresh unless given).
   */
  toProfile(r: ProfileRow, activeId: string | null, details = this.nameDetails(this.rows())): Profile {
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
      nameDetail: details.get(r.id) ?? null,
    }
  }

  private insert(id: string, name: string, baseUrl: string, clientId: string, demo: boolean): void {
    this.deps.appDb
      .prepare('INSERT INTO profiles (id, name, base_url, client_id, demo, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, name, baseUrl, clientId, demo ? 1 : 0, this.deps.clock.now())
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
}

/** Best effort: a file Windows still holds stays until the sweep at the next start. */
function removeFolder(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 })
  } catch {
    /* swept at the next start */
  }
}
