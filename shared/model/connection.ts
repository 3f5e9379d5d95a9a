import { z } from 'zod'
import { CurrentUser, Organisation } from '../api'
import { ServiceEnvironment } from '../service-environment'
import { normaliseBaseUrl, normaliseWebInterface, type NormalisedBaseUrl } from '../service-url'

const URL_PROBLEMS = { invalid: 'Not a web address', https: 'HTTPS is required for any host other than this computer' } as const

/** A pasted address in one kept form, or the reason it cannot be one (HTTPS except for loopback hosts, spec 5.10). */
const normalisedUrl = (normalise: (s: string) => NormalisedBaseUrl) =>
  z
    .string()
    .max(2048)
    .transform((value, ctx) => {
      const n = normalise(value)
      if (n.ok) return n.url
      ctx.addIssue({ code: 'custom', message: URL_PROBLEMS[n.problem] })
      return z.NEVER
    })

/** Base URL: the host alone or up to the version path; kept as `https://host/api/v1` (shared/service-url). */
const BaseUrl = normalisedUrl(normaliseBaseUrl)

/** A connection profile as the renderer sees it: never the secret. */
export const Profile = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  clientId: z.uuid(),
  demo: z.boolean(),
  active: z.boolean(),
  environment: ServiceEnvironment,
  /** The service's web interface (orders are cancelled there); defaults to the base URL's origin. */
  webUrl: z.string(),
  /** A production profile whose first order was confirmed on this computer; it asks no more. */
  productionConfirmed: z.boolean(),
  /**
   * Shown beside the name when another saved profile has the same name, to tell them apart (its
   * service's address, the user or organisation it signs in as: electron/core/connection/profile-names.ts);
   * null when its name is its own.
   */
  nameDetail: z.string().nullable(),
})
export type Profile = z.infer<typeof Profile>

/**
 * A profile name as the rep reads it: "Acme" and " acme" are the same name (the core tells such
 * profiles apart by Profile.nameDetail; the connection form says so as the name is typed).
 */
export const profileNameKey = (name: string): string => name.trim().toLocaleLowerCase()

export const ProfileInput = z.object({
  id: z.string().optional(),
  name: z.string().trim().min(1).max(100),
  baseUrl: BaseUrl,
  clientId: z.uuid(),
  /** Required for a new profile; omitted on edit to keep the stored secret. */
  clientSecret: z.string().min(1).max(1000).optional(),
  /** Omitted: demo for this computer, production for any other host (shared/service-environment). */
  environment: ServiceEnvironment.optional(),
  /** Omitted or empty: the base URL's origin. */
  webUrl: z.union([z.literal(''), normalisedUrl(normaliseWebInterface)]).optional(),
})
export type ProfileInput = z.input<typeof ProfileInput>

/**
 * The app acts for another organisation than the one it acted for, without the user choosing: an
 * administrator moved the user to another organisation, and `from` is not among those the user may
 * act for now; `to` is the user's new own organisation.
 */
/**
 * Why "Test connection" failed, in IpcError fields.problem: the host cannot be reached, its
 * certificate is not valid, it is not this service (no token endpoint), the client id or secret
 * was refused (OAuth invalid_client), or a proxy or network sign-in page answered with a web page.
 */
export const ConnectionProblem = z.enum(['unreachable', 'tls', 'not_service', 'bad_credentials', 'web_page'])
export type ConnectionProblem = z.infer<typeof ConnectionProblem>

/**
 * Whether the service takes the active profile's credentials, as its last request said:
 * 'unchecked' until a request of the session was answered; 'accepted' once one was; 'refused' when
 * the token request was refused (OAuth invalid_client: a wrong or revoked secret or client id);
 * 'missing' when the OS keychain no longer holds the secret. Refused or missing, the profile is
 * signed out although the service can be reached: nothing is read or sent until the connection is
 * fixed (edited, its secret entered again), and it stays so until a request succeeds.
 */
export const CredentialsState = z.enum(['unchecked', 'accepted', 'refused', 'missing'])
export type CredentialsState = z.infer<typeof CredentialsState>
/** Refused or missing: the profile is signed out, reachable as the service may be. */
export const isSignedOut = (c: CredentialsState | string | undefined): boolean => c === 'refused' || c === 'missing'

export const ActingReassignment = z.object({ from: Organisation, to: Organisation })
export type ActingReassignment = z.infer<typeof ActingReassignment>

export const ConnectionStatus = z.object({
  profile: Profile.nullable(),
  /** The service can be reached (it answered), whether or not it took the credentials. */
  online: z.boolean(),
  /** Whether the service took the credentials (see CredentialsState): 'unchecked' with no profile. */
  credentials: CredentialsState,
  user: CurrentUser.nullable(),
  /** The organisation the app acts as (own or a descendant). */
  actingOrganisation: Organisation.nullable(),
  lastError: z.string().nullable(),
  /**
   * A reassignment the user has not acknowledged yet. Kept (also across a restart) until
   * acknowledged or the user picks an organisation: the move may be noticed while no window shows it.
   */
  reassigned: ActingReassignment.nullable(),
  /**
   * Goes up with every change the core announces. A reply and an event can cross (the acting
   * organisation chosen just after a connect is announced before the connect's own reply is read):
   * the renderer keeps the newest and drops an older one.
   */
  revision: z.number().int().nonnegative(),
})
export type ConnectionStatus = z.infer<typeof ConnectionStatus>
