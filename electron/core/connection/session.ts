import type { CurrentUser, Organisation } from '../../../shared/api'
import type { ConnectionProblem, CredentialsState, Profile } from '../../../shared/model/connection'
import { AppError } from '../../../shared/model/app-error'
import type { Clock, Logger } from '../platform/services'
import { ServiceClient, type ServiceClientTuning } from '../service/client'
import { ServiceError, SessionEndedError } from '../service/service-error'
import type { ProfileRow, Profiles } from './profiles'
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

export interface SessionDeps {
  profiles: Profiles
  clock: Clock
  log: Logger
  /** The "Work offline" switch: while on, no client of a session sends anything. */
  workOffline?: WorkOffline
  /** How every session's ServiceClient is tuned (tests shorten its bounds; benchmarks force compression). */
  clientTuning?: ServiceClientTuning
}

/**
 * A service client for a saved profile. Its token lives in the client (in memory, renewed before
 * expiry); the secret is read from the keychain each time a token is fetched, never kept.
 * `onOutcome` hears how each of its requests ended.
 */
export function profileClient(deps: SessionDeps, row: ProfileRow, onOutcome?: (error: unknown) => void): ServiceClient {
  const workOffline = deps.workOffline
  return new ServiceClient(
    { baseUrl: deps.profiles.toProfile(row, null).baseUrl, clientId: row.client_id, secret: () => requiredSecret(deps.profiles, row.id) },
    { clock: deps.clock, log: deps.log, ...deps.clientTuning, assertNetwork: workOffline ? () => workOffline.assertNetwork() : undefined, onOutcome },
  )
}

/**
 * A session of a profile: its client, and the user and acting organisation saved for it (used
 * offline until the service answers). Refused when the keychain has lost the profile's secret.
 */
export async function openSession(deps: SessionDeps, settings: { get<T>(key: string, fallback: T): T }, id: string, opts: { resumed: boolean; onOutcome: (client: ServiceClient, error: unknown) => void }): Promise<ActiveSession> {
  const row = deps.profiles.require(id)
  if ((await deps.profiles.secret(id)) === null) {
    throw new AppError('unauthorized', 'The secret of this connection is missing from the OS keychain. Edit the connection and enter it again.', { secret: 'missing' })
  }
  const client: ServiceClient = profileClient(deps, row, (error) => opts.onOutcome(client, error))
  return {
    profile: deps.profiles.toProfile(row, id),
    client,
    profileDir: deps.profiles.dir(id),
    user: settings.get<CurrentUser | null>(`user:${id}`, null),
    actingOrganisation: settings.get<Organisation | null>(`acting:${id}`, null),
    resumed: opts.resumed,
  }
}

/**
 * "Test connection": a fresh token and GET /whoami for any saved profile, on a client of its own
 * (its outcome says nothing of the active session). A failure names its kind in fields.problem
 * (ConnectionProblem), so the form can say what to do about it.
 */
export async function testProfile(deps: SessionDeps, id: string): Promise<CurrentUser> {
  const client = profileClient(deps, deps.profiles.require(id))
  try {
    await client.authenticate()
    return await client.call('getCurrentUser')
  } catch (err) {
    throw withConnectionProblem(err)
  } finally {
    await client.close()
  }
}

/**
 * What a request's failure says of the profile's credentials: refused by the service (its token
 * request answered invalid_client), missing from the keychain, or nothing (any other failure: the
 * service was not reached, or refused something else).
 */
export function credentialsRefusal(err: unknown): Extract<CredentialsState, 'refused' | 'missing'> | null {
  if (!(err instanceof AppError) || err instanceof SessionEndedError) return null
  if (err.code === 'unauthorized' && err.fields?.problem === 'bad_credentials') return 'refused'
  if (err.code === 'unauthorized' && err.fields?.secret === 'missing') return 'missing'
  return null
}

async function requiredSecret(profiles: Profiles, id: string): Promise<string> {
  const s = await profiles.secret(id)
  if (s === null) throw new AppError('unauthorized', 'The secret of this connection is missing from the OS keychain.', { secret: 'missing' })
  return s
}

/** Says which kind of failure "Test connection" met (fields.problem), keeping the error's own words. */
function withConnectionProblem(err: unknown): unknown {
  if (!(err instanceof ServiceError) || err instanceof SessionEndedError || err.fields?.problem) return err
  const problem: ConnectionProblem | null = err.code === 'tls' ? 'tls' : err.code === 'offline' ? 'unreachable' : null
  if (!problem) return err
  return new ServiceError(err.code, err.message, err.status, err.mayHaveApplied, { ...err.fields, problem }, err.retryAfterSeconds)
}
